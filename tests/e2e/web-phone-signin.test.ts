/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { INDIAN_MOBILE_MESSAGE, PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE_VIEWPORT } from '../fixtures/browser.ts';
import { readOutbox, waitForCode } from './support/dev-outbox.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { SPEC_ROUTES } from './support/spec-routes.ts';
import {
  chooseCountry,
  pathOf,
  randomIndianMobile,
  saveScreenshot,
  visible,
  waitForPath,
} from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

async function requestCode(national: string): Promise<void> {
  await page.goto('/register');
  await chooseCountry(page, 'India');
  await page.getByLabel('Phone number', { exact: true }).fill(national);
  await page.getByRole('button', { name: 'Send code', exact: true }).click();
  await visible(page.getByLabel('6-digit code', { exact: true }));
}

async function enterCode(code: string): Promise<void> {
  await page.getByLabel('6-digit code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
}

const welcomeHeading = () => page.getByRole('heading', { name: /^Welcome/ });
const visitorStart = () => page.getByRole('button', { name: 'Start earning', exact: true });
const signInPhoneField = () => page.getByLabel('Phone number', { exact: true });

describe('website phone sign-in (sandbox SMS)', () => {
  it('signs in with the 6-digit SMS code, stays signed in on reload, and logs out', async () => {
    const phone = randomIndianMobile();
    await requestCode(phone.national);

    const code = await waitForCode(baseUrl, phone.e164);
    await enterCode(code);

    await waitForPath(page, '/home');
    await visible(welcomeHeading());
    await saveScreenshot(page, 'web-home-signed-in');

    await page.reload();
    await visible(welcomeHeading());
    expect(pathOf(page)).toBe('/home');

    // Logging out lands on / as a visitor sees it.
    await page.getByRole('button', { name: 'Log out', exact: true }).click();
    await visible(visitorStart());
    expect(await welcomeHeading().count()).toBe(0);

    // Logging out forgets the tokens: a reload does not sign back in.
    await page.reload();
    await visible(visitorStart());
    expect(await page.getByRole('button', { name: 'Log out', exact: true }).count()).toBe(0);
  });

  it('a wrong code shows an error and does not sign in; the right code then does', async () => {
    const phone = randomIndianMobile();
    await requestCode(phone.national);
    const code = await waitForCode(baseUrl, phone.e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const verifyAnswer = page.waitForResponse((response) =>
      response.url().endsWith('/api/authentication/verify'),
    );
    await enterCode(wrong);
    expect((await verifyAnswer).status()).toBeGreaterThanOrEqual(400);

    const alert = await visible(page.getByRole('alert'));
    expect((await alert.textContent())?.trim()).toBeTruthy();
    expect(pathOf(page)).not.toBe('/home');
    expect(await welcomeHeading().count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log out', exact: true }).count()).toBe(0);

    await enterCode(code);
    await waitForPath(page, '/home');
    await visible(welcomeHeading());
  });

  it('five wrong codes: Verify is disabled, Resend works at once, and the new code signs in', async () => {
    const phone = randomIndianMobile();
    await requestCode(phone.national);
    const code = await waitForCode(baseUrl, phone.e164);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const resend = page.getByRole('button', { name: 'Resend code', exact: true });
    const verifyButton = page.getByRole('button', { name: 'Verify', exact: true });
    expect(await resend.isDisabled()).toBe(true);
    for (let i = 0; i < 5; i++) {
      const answer = page.waitForResponse((r) => r.url().endsWith('/api/authentication/verify'));
      await enterCode(wrong);
      await answer;
    }
    const alert = await visible(page.getByRole('alert'));
    expect(await alert.textContent()).toContain('Too many wrong attempts');
    expect(await verifyButton.isDisabled()).toBe(true);
    expect(await page.getByLabel('6-digit code', { exact: true }).isDisabled()).toBe(true);
    expect(await resend.isEnabled()).toBe(true);
    const seen = new Set((await readOutbox(baseUrl, phone.e164)).map((m) => m.id));
    await resend.click();
    await visible(page.getByText('We sent you a new code.', { exact: true }));
    const fresh = await waitForCode(baseUrl, phone.e164, seen);
    expect(await verifyButton.isEnabled()).toBe(true);
    await enterCode(fresh);
    await waitForPath(page, '/home');
    await visible(welcomeHeading());
  });

  it('an invalid phone (12345) shows a validation error and sends no code', async () => {
    const newestBefore = (await readOutbox(baseUrl))[0]?.id;
    const codeRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/authentication\/(register|resend)/.test(request.url())) codeRequests.push(request.url());
    });

    await page.goto('/register');
    await chooseCountry(page, 'India');
    const phoneField = signInPhoneField();
    await phoneField.fill('12345');
    const sendCode = page.getByRole('button', { name: 'Send code', exact: true });
    // A form may either refuse the submit with a message or keep the button disabled and explain on blur.
    if (await sendCode.isEnabled()) await sendCode.click();
    else await phoneField.blur();

    const message = new RegExp(
      `${escapeRegExp(INDIAN_MOBILE_MESSAGE)}|${escapeRegExp(PHONE_INVALID_MESSAGE)}`,
    );
    await visible(page.getByText(message).first());
    expect(await page.getByLabel('6-digit code', { exact: true }).count()).toBe(0);

    expect(codeRequests).toEqual([]);

    // Then a valid number through the same form. Its request starts after any the wrong number started,
    // so once it is answered, a stray request for the wrong number would have been seen, and its code
    // reached the outbox after any message for the wrong number would have.
    const valid = randomIndianMobile();
    await phoneField.fill(valid.national);
    const answered = page.waitForResponse((r) => /\/api\/authentication\/register/.test(r.url()));
    await sendCode.click();
    await answered;
    expect(codeRequests, 'only the valid number asked for a code').toHaveLength(1);
    await waitForCode(baseUrl, valid.e164);
    const outbox = await readOutbox(baseUrl);
    const since = outbox.findIndex((m) => m.id === newestBefore);
    const newMessages = since === -1 ? outbox : outbox.slice(0, since);
    expect(new Set(newMessages.map((m) => m.to)), 'who got a message since the wrong number').toEqual(
      new Set([valid.e164]),
    );
    expect(await readOutbox(baseUrl, '+9112345')).toEqual([]);
  });

  it('the sign-in screen fits a 390 px phone without sideways scrolling', async () => {
    await page.goto('/register');
    await visible(signInPhoneField());
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
  });
});

describe('website routes', () => {
  it("an unknown path answers 404 and shows 'Page not found'", async () => {
    const response = await page.goto('/no-such-page-e2e');
    expect(response?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: 'Page not found' }));
  });

  // That none of them renders the not-found page is checked on the walk of web-display-flags.test.ts.
  it('every SPEC §2 route is served as the app: 200, HTML, the entry script', async () => {
    const indexHtml = await (await fetch(`${baseUrl}/`)).text();
    const entryScript = /<script[^>]*type="module"[^>]*src="([^"]+)"/.exec(indexHtml)?.[1];
    expect(entryScript, 'the entry script in index.html').toBeTruthy();
    for (const route of SPEC_ROUTES) {
      const response = await fetch(`${baseUrl}${route}`);
      expect(response.status, `${route} status`).toBe(200);
      expect(response.headers.get('content-type'), `${route} content type`).toMatch(/text\/html/);
      expect(await response.text(), `${route} is the app's index.html`).toContain(entryScript);
    }
  });
});

describe('website languages', () => {
  it('choosing हिन्दी shows the sign-in screen in Hindi, and the choice survives a reload', async () => {
    await page.goto('/register');
    const language = await visible(page.getByLabel('Language', { exact: true }));
    if ((await language.evaluate((element) => element.tagName)) === 'SELECT') {
      await language.selectOption({ label: 'हिन्दी' });
    } else {
      await language.click();
      await page.getByRole('option', { name: 'हिन्दी' }).click();
    }

    const devanagari = /[\u0900-\u097F]/;
    await visible(page.getByRole('button', { name: devanagari }).first());
    expect(await page.getByRole('button', { name: 'Send code', exact: true }).count()).toBe(0);

    await page.reload();
    await visible(page.getByRole('button', { name: devanagari }).first());
    expect(await page.getByRole('button', { name: 'Send code', exact: true }).count()).toBe(0);
  });
});

describe('website legal pages', () => {
  it('the footer opens the privacy policy: title, version and date, contents, sections; then in Hindi', async () => {
    await page.goto('/register');
    await visible(signInPhoneField());
    // The other sign-in methods come with their providers' answer and push the footer down: a tap before they
    // are in can land where the link was (a CI run's click changed nothing).
    await visible(page.getByRole('button', { name: 'Continue with Google' }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy', exact: true }).click();
    await waitForPath(page, '/privacy-policy');
    await visible(page.getByRole('heading', { level: 1, name: 'Privacy policy' }));
    await visible(page.getByText('Version 1.0 · in effect from 24 November 2026'));
    expect(await page.title()).toBe('Privacy policy · Khel');
    // The contents (folded on a phone) lead to a section's anchor.
    await page.getByText('On this page', { exact: true }).click();
    await page.getByRole('link', { name: 'How long we keep it', exact: true }).click();
    await page.waitForURL((url) => url.hash === '#retention');
    const section = page.getByRole('heading', { level: 2, name: /How long we keep it/ });
    await expect
      .poll(async () => (await section.boundingBox())?.y ?? Number.POSITIVE_INFINITY, {
        message: 'the section is scrolled into view',
      })
      .toBeLessThan(PHONE_VIEWPORT.height / 2);
    // The other documents are one tap away.
    await visible(
      page
        .getByRole('navigation', { name: 'Legal documents', exact: true })
        .getByRole('link', { name: 'AML & KYC policy' }),
    );

    const language = await visible(page.getByLabel('Language', { exact: true }));
    await language.selectOption({ label: 'हिन्दी' });
    await visible(page.getByRole('heading', { level: 1, name: 'गोपनीयता नीति' }));
    await visible(page.getByText('संस्करण 1.0 · 24 नवंबर 2026 से लागू'));
    await visible(page.getByRole('heading', { level: 2, name: /हम कौन-सा डेटा रखते हैं/ }));
    expect(await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).count()).toBe(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling on a 390 px phone').toBeLessThanOrEqual(PHONE_VIEWPORT.width);
    await saveScreenshot(page, 'web-privacy-policy-hi');
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('website analytics (SPEC §3–§4)', () => {
  it('sends session start, first page load and page views to the analytics gateway, which stores them', async () => {
    const events: { name: string | null; status: number; details: Record<string, string> }[] = [];
    page.on('response', (res) => {
      const url = new URL(res.url());
      if (url.pathname !== '/api/analytics/event') return;
      events.push({
        name: url.searchParams.get('eventName'),
        status: res.status(),
        details: JSON.parse(url.searchParams.get('details') ?? '{}'),
      });
    });
    await page.goto('/');
    await visible(visitorStart());
    // The app's own first page load on / (the button is visible earlier, in index.html's inert copy of
    // the screen, whose scripts start once it has painted).
    await expect
      .poll(() => events.map((e) => e.name), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['first_page_load']));
    await page.goto('/k-store/');
    await expect
      .poll(() => events.map((e) => e.name), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(['session_start', 'first_page_load', 'page_view']));
    expect(events.every((e) => e.status === 202)).toBe(true);
    const first = events.find((e) => e.name === 'first_page_load');
    expect(first?.details).toMatchObject({ channel: 'website', device: 'Mobile', entryPoint: 'Home_Page' });
    expect(Object.values(first?.details ?? {}).every((v) => typeof v === 'string')).toBe(true);
  });
});
