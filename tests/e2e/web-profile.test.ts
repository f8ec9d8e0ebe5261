/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Profile } from '@khel/core/contract';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT } from '../fixtures/browser.ts';
import { readOutbox, waitForCode } from './support/dev-outbox.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { randomIndianMobile, saveScreenshot, visible } from './support/ui.ts';
import {
  accessTokenOf,
  apiCall,
  apiSignInWithGoogle,
  PNG_BYTES,
  startSession,
  TINY_JPEG,
} from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

const section = (title: string): Locator =>
  page.locator('section', { has: page.getByRole('heading', { name: title, exact: true }) });

async function myProfile(): Promise<Profile> {
  const token = await accessTokenOf(page);
  if (!token) throw new Error('not signed in');
  return (await apiCall<Profile>(baseUrl, 'GET', '/users/me/profile', token)).envelope.data;
}

/** A fresh 5-to-10 character username (SPEC §5: letters and digits). */
const freshUsername = () => `u${Math.random().toString(36).slice(2, 10)}`.slice(0, 10);

/** A new signed-in user on /profile (signed in through the API: sign-in itself is tested elsewhere). */
async function openProfile() {
  await startSession(page, baseUrl, await apiSignInWithGoogle(baseUrl));
  await page.goto('/profile');
  await visible(section('Personal details'));
}

describe('/profile edits', () => {
  it('first name follows the SPEC rule; last name, country and city are saved and survive a reload', async () => {
    await openProfile();
    const details = section('Personal details');
    await details.getByLabel('First name', { exact: true }).fill('Ar');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await visible(details.getByText('First name must be between 3 and 15 characters'));
    await details.getByLabel('First name', { exact: true }).fill('Arjun99');
    await details.getByRole('button', { name: 'Save changes' }).click();
    await visible(details.getByText('First name can contain only letters and spaces'));

    await details.getByLabel('First name', { exact: true }).fill('Arjun');
    await details.getByLabel('Last name', { exact: true }).fill('Mehta');
    await details.getByLabel('Country', { exact: true }).selectOption('IN');
    await details.getByLabel('City', { exact: true }).fill('Pune');
    const patch = page.waitForRequest(
      (r) => r.url().endsWith('/api/users/me/profile') && r.method() === 'PATCH',
    );
    await details.getByRole('button', { name: 'Save changes' }).click();
    expect((await patch).postDataJSON()).toEqual({
      first_name: 'Arjun',
      last_name: 'Mehta',
      country: 'IN',
      city: 'Pune',
    });
    await visible(details.getByText('Your details are saved.'));
    await saveScreenshot(page, 'web-profile-details-saved');

    await page.reload();
    await visible(page.getByText('Arjun Mehta'));
    expect(await section('Personal details').getByLabel('City', { exact: true }).inputValue()).toBe('Pune');
    expect(await myProfile()).toMatchObject({
      first_name: 'Arjun',
      last_name: 'Mehta',
      country: 'IN',
      city: 'Pune',
    });
  });

  it("username: the SPEC texts, 'Username already taken!' for a name someone has, and a free one is saved", async () => {
    const someoneElse = await apiSignInWithGoogle(baseUrl);
    const taken = freshUsername();
    const put = await apiCall(baseUrl, 'PUT', '/users/me/username', someoneElse.accessToken, {
      username: taken,
    });
    expect(put.status).toBe(200);

    await openProfile();
    const username = section('Username');
    const field = username.getByLabel('Username', { exact: true });
    await field.fill('ab cd');
    await visible(username.getByText('Spaces are not allowed in the username'));
    await field.fill('ab_cd');
    await visible(username.getByText('Special characters are not allowed'));
    await field.fill('abcd');
    await visible(username.getByText('Username must be between 5 and 10 characters'));

    // Unique ignoring case: the other user's name in capitals is still theirs.
    await field.fill(taken.toUpperCase());
    await visible(username.getByText('Username already taken!'));
    expect(await username.getByRole('button', { name: 'Save username' }).isDisabled()).toBe(true);
    await saveScreenshot(page, 'web-profile-username-taken');

    const free = freshUsername();
    await field.fill(free);
    await visible(username.getByText('Username is available'));
    await username.getByRole('button', { name: 'Save username' }).click();
    await visible(username.getByText('Your username is saved.'));
    await visible(page.getByText(`@${free}`));
    expect((await myProfile()).username).toBe(free);
    await saveScreenshot(page, 'web-profile-username-saved');
  });

  it('email: a 6-digit code from the sandbox mail (/api/dev/outbox) verifies it', async () => {
    await openProfile();
    const email = `arjun.${Date.now()}@example.in`;
    const box = section('Email');
    // The test user signed in with Google, so there is an email already: it is replaced.
    await box.getByRole('button', { name: /^(Add|Change) email$/ }).click();
    await box.getByLabel('Email address').fill('not-an-email');
    await box.getByRole('button', { name: 'Send code' }).click();
    await visible(box.getByText('Please enter a valid email address'));

    const seen = new Set((await readOutbox(baseUrl, email)).map((m) => m.id));
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Send code' }).click();
    await visible(box.getByText(`We sent a 6-digit code to ${email}.`));
    const code = await waitForCode(baseUrl, email, seen);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await box.getByLabel('Code from the email').fill(wrong);
    await box.getByRole('button', { name: 'Verify email' }).click();
    await visible(box.getByRole('alert'));

    await box.getByLabel('Code from the email').fill(code);
    await box.getByRole('button', { name: 'Verify email' }).click();
    await visible(box.getByText('Your email is verified.'));
    await visible(box.getByText(email));
    expect(await myProfile()).toMatchObject({ email, email_verified: true });
    await saveScreenshot(page, 'web-profile-email-verified');
  });

  it('picture: a PNG is refused in the browser (never uploaded); a JPEG is uploaded and shown', async () => {
    await openProfile();
    const uploads: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/users/me/profile-picture') && r.method() === 'POST') uploads.push(r.url());
    });
    const picker = page.getByLabel('Change picture');
    await picker.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: PNG_BYTES });
    await visible(page.getByText('Only JPEG images are allowed'));
    expect(uploads).toEqual([]);

    await picker.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: TINY_JPEG });
    await visible(page.getByText('Your picture is updated.'));
    const img = await visible(page.getByRole('img', { name: 'Your profile picture' }));
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(uploads).toHaveLength(1);
    expect((await myProfile()).photo_url).toContain('/profile-picture');
  });

  it('role and platform are saved as they are chosen', async () => {
    await openProfile();
    const prefs = section('Preferences');
    await prefs.getByLabel('Your Khel role').selectOption('EsportsAthlete');
    await visible(prefs.getByText('Saved.'));
    await prefs.getByLabel('Preferred platform').selectOption('Android');
    await visible(prefs.getByText('Saved.'));
    expect(await myProfile()).toMatchObject({
      product_role: 'EsportsAthlete',
      preferred_platform: 'Android',
    });
  });

  it('the Khel wallet address is shortened on screen and copied whole', async () => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    await openProfile();
    const token = await accessTokenOf(page);
    const { envelope } = await apiCall<{ evmWalletAddress: string }>(
      baseUrl,
      'GET',
      '/users/me/wallet-address',
      token!,
    );
    const address = envelope.data.evmWalletAddress;
    const wallet = section('Your Khel wallet');
    await visible(wallet.getByText(`${address.slice(0, 6)}...${address.slice(-4)}`));
    await wallet.getByRole('button', { name: 'Copy' }).click();
    await visible(wallet.getByRole('button', { name: 'Copied!' }));
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    await saveScreenshot(page, 'web-profile-wallet');
  });

  it('the profile fits a 390 px phone without sideways scrolling', async () => {
    await openProfile();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  });
});

describe('signing in on /profile (SPEC §2)', () => {
  it("a phone sign-in in the login modal shows 'phone number successfully verified' and reloads after 4 s", async () => {
    const phone = randomIndianMobile();
    await page.goto('/profile');
    const modal = await visible(page.locator('dialog[open]'));
    await modal.getByLabel('Phone number', { exact: true }).fill(phone.national);
    await modal.getByRole('button', { name: 'Send code', exact: true }).click();
    const code = await waitForCode(baseUrl, phone.e164);
    await modal.getByLabel('6-digit code', { exact: true }).fill(code);
    const reloaded = page.waitForEvent('load', { timeout: 15_000 });
    const started = Date.now();
    await modal.getByRole('button', { name: 'Verify', exact: true }).click();
    await visible(page.getByText('phone number successfully verified'));
    await reloaded;
    expect(Date.now() - started).toBeGreaterThanOrEqual(3_500);
    await visible(section('Personal details'));
  });
});
