/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Profile, SocialAuthStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { pathOf, randomIndianMobile, saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiCall, apiSignInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;
let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

async function myProfile(): Promise<Profile> {
  const token = await accessTokenOf(page);
  if (!token) throw new Error('not signed in');
  return (await apiCall<Profile>(baseUrl, 'GET', '/users/me/profile', token)).envelope.data;
}

/** Goes through the sandbox WhatsApp page with `e164` and waits for the way back to the website. */
async function confirmInWhatsapp(e164: string) {
  await visible(page.getByRole('heading', { name: 'Sign in with WhatsApp' }));
  expect(await page.getByText('Sandbox: not the real service').count()).toBe(1);
  await page.getByLabel('Your WhatsApp number, with country code').fill(e164);
  await page.getByRole('button', { name: 'Confirm in WhatsApp' }).click();
}

describe('WhatsApp one-time login through the sandbox provider (SPEC §2, §7)', () => {
  it('leaves for the provider, comes back with code and provider, and POST /authentication/login answers 201', async () => {
    const phone = randomIndianMobile();
    const logins: { url: string; status: number; body: unknown; authorization: string | undefined }[] = [];
    page.on('response', async (response) => {
      if (!response.url().includes('/api/authentication/login')) return;
      const request = response.request();
      logins.push({
        url: response.url(),
        status: response.status(),
        body: request.postDataJSON(),
        authorization: (await request.allHeaders()).authorization,
      });
    });
    const callbacks: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && new URL(frame.url()).searchParams.has('code'))
        callbacks.push(frame.url());
    });

    // A visitor on / opens the login modal from the header.
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Continue with WhatsApp', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/api/sandbox/whatsapp/authorize');
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${baseUrl}/`);
    expect(authorize.searchParams.get('state')).toMatch(/^[0-9a-f]{32}$/);
    await saveScreenshot(page, 'web-whatsapp-sandbox-page');

    await confirmInWhatsapp(phone.e164);
    await waitForPath(page, '/home');
    await visible(page.getByRole('heading', { name: /^Welcome/ }));

    // The provider came back to the page with `code` and `provider` (and our state)…
    expect(new Set(callbacks).size).toBe(1);
    const back = new URL(callbacks[0]!);
    expect(back.searchParams.get('provider')).toBe('whatsapp');
    expect(back.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
    // …which leave the address at once: the code is single use.
    expect(new URL(page.url()).search).toBe('');

    expect(logins).toHaveLength(1);
    const login = logins[0]!;
    expect(login.status).toBe(201);
    expect(new URL(login.url).searchParams.get('source')).toBe('website');
    expect(login.body).toEqual({
      waId: phone.e164.slice(1),
      platform: 'website',
      hostname: new URL(baseUrl).hostname,
    });
    expect(login.authorization).toMatch(/^Bearer \S+$/);
    expect((await myProfile()).phone_number).toBe(phone.e164);
    await saveScreenshot(page, 'web-whatsapp-signed-in');
  });

  it('lands on the account that signed in with the same phone by SMS', async () => {
    const phone = randomIndianMobile();
    const bySms = await apiSignInByPhone(baseUrl, phone.e164);
    await page.goto('/register');
    await page.getByRole('button', { name: 'Continue with WhatsApp', exact: true }).click();
    await confirmInWhatsapp(phone.e164);
    await waitForPath(page, '/home');
    expect((await myProfile()).id).toBe(bySms.user.id);
  });

  // Also guards useTextPart: a first page with a provider's answer used to render blank now and then
  // (React error 467 when a suspended mount was replayed).
  it('an answer this tab did not ask for (wrong state) is refused and signs nobody in', async () => {
    await page.goto('/?code=forged-code&provider=whatsapp&state=0123456789abcdef0123456789abcdef');
    await visible(
      page.getByRole('alert').filter({ hasText: 'This sign-in has expired or was already used.' }),
    );
    expect(new URL(page.url()).search).toBe('');
    expect(await accessTokenOf(page)).toBeNull();
    expect(pathOf(page)).toBe('/');
  });
});

describe('Google through the sandbox provider', () => {
  it('signs in with the id token the sandbox issues, and the email is on the profile', async () => {
    const email = `gamer${Date.now()}@example.com`;
    await page.goto('/k-store');
    // A visitor opens the login modal from the header.
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('button', { name: 'Continue with Google', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Sign in with Google' }));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    // Back on the page the user left, signed in; the token left the address.
    await waitForPath(page, '/k-store');
    await expect.poll(() => accessTokenOf(page), { timeout: 10_000 }).not.toBeNull();
    expect(new URL(page.url()).hash).toBe('');
    expect((await myProfile()).email).toBe(email);
    await visible(page.getByRole('link', { name: 'Profile', exact: true }));
    await saveScreenshot(page, 'web-google-signed-in');
  });

  it('a signed-in user links Google from /profile; the Google account is then one of the methods', async () => {
    await startSession(page, baseUrl, await apiSignInByPhone(baseUrl));
    await page.goto('/profile');
    const methods = page.locator('section', { has: page.getByRole('heading', { name: 'Sign-in methods' }) });
    const googleRow = methods.locator('li', { hasText: 'Google' });
    await googleRow.getByRole('button', { name: 'Link', exact: true }).click();
    const email = `linked.${Date.now()}@example.com`;
    await visible(page.getByRole('heading', { name: 'Sign in with Google' }));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await waitForPath(page, '/profile');
    await visible(page.getByText('Linked.', { exact: true }).first());
    await visible(googleRow.getByText(email));
    const token = await accessTokenOf(page);
    const status = await apiCall<SocialAuthStatus>(baseUrl, 'GET', '/social-auth/status', token!);
    expect(status.envelope.data.socialStatuses.google.isActive).toBe(true);
    await saveScreenshot(page, 'web-profile-google-linked');
  });
});
