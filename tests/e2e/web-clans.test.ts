/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { ClanStatus } from '@khel/core/contract';
import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { clansEn } from '../../packages/ui/src/i18n/resources/clans-en.ts';
import { clanApi, uniqueClanName } from './support/clans.ts';
import { readOutbox, waitForCode } from './support/dev-outbox.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { randomIndianMobile, saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { apiSignInByPhone, apiSignInWithGoogle, startSession, TINY_JPEG } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

describe('Clans on the website', () => {
  it('a gamer becomes a clan chief: phone verified in the form, registration, a clan with a JPEG logo, the dashboard', async () => {
    const gamer = await apiSignInWithGoogle(baseUrl);
    await startSession(page, baseUrl, gamer);

    // No clan yet: /my-clan/ invites to become a chief; the Clan tab leads there.
    await page.goto('/my-clan/');
    await visible(page.getByRole('heading', { level: 1, name: clansEn.my.emptyTitle }));
    await page.getByRole('link', { name: clansEn.my.start }).click();
    await waitForPath(page, '/clan-chief');

    // The registration: the phone is verified by a code inside the form.
    await visible(page.getByRole('heading', { name: clansEn.registration.title }));
    await saveScreenshot(page, 'web-clan-chief-registration');
    const phone = randomIndianMobile();
    const seen = new Set((await readOutbox(baseUrl, phone.e164)).map((m) => m.id));
    await page.getByRole('textbox', { name: clansEn.registration.phone, exact: true }).fill(phone.national);
    await page.getByRole('button', { name: clansEn.registration.sendCode }).click();
    const code = await waitForCode(baseUrl, phone.e164, seen);
    const codeField = page.getByLabel(clansEn.registration.code, { exact: true });
    await visible(codeField);
    // A reload keeps the code's field and the countdown to a new one (the tab remembers the code it asked for).
    await page.reload();
    await visible(codeField);
    await visible(
      page.getByTestId('resend-countdown').filter({ hasText: /You can ask for a new code in [0-3]:\d\d/ }),
    );
    expect(await page.getByRole('button', { name: clansEn.registration.resend }).isDisabled()).toBe(true);
    // Even forgotten (another tab), asking again within 3 minutes leads to the code's field, not a dead end.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await page.getByRole('textbox', { name: clansEn.registration.phone, exact: true }).fill(phone.national);
    await page.getByRole('button', { name: clansEn.registration.sendCode }).click();
    await visible(codeField);
    await visible(page.getByTestId('resend-countdown'));
    expect(await page.getByText('Please wait before asking for a new code.').count()).toBe(0);
    expect((await readOutbox(baseUrl, phone.e164)).filter((m) => !seen.has(m.id))).toHaveLength(1);
    await codeField.fill(code);
    await page.getByRole('button', { name: clansEn.registration.verify, exact: true }).click();
    await visible(page.getByText(/^Phone verified: \+91/));
    // SPEC §2: the verified phone is stored in the chief registration data.
    const afterOtp = await clanApi<ClanStatus>(baseUrl, 'GET', '/platform-clans/status', gamer.accessToken);
    expect(afterOtp.registration?.phoneNumber).toBe(phone.e164);
    expect(afterOtp.registration?.phoneVerified).toBe(true);

    await page.getByLabel(clansEn.registration.email, { exact: true }).fill('chief.e2e@example.com');
    await page.getByLabel(clansEn.registration.city, { exact: true }).fill('Bengaluru');
    await page.getByLabel(clansEn.registration.college, { exact: true }).fill('RV College');
    await page.getByRole('button', { name: clansEn.registration.save }).click();

    // Create your clan, with a JPEG logo (previewed once uploaded).
    await visible(page.getByRole('heading', { name: clansEn.create.title }));
    const name = uniqueClanName('Bengaluru Blitz');
    await page.getByLabel(clansEn.create.name, { exact: true }).fill(name);
    await page
      .getByLabel(clansEn.create.description, { exact: true })
      .fill('Valorant and BGMI every evening.');
    await page.getByLabel(clansEn.create.logo, { exact: true }).setInputFiles({
      name: 'logo.jpg',
      mimeType: 'image/jpeg',
      buffer: TINY_JPEG,
    });
    await visible(page.locator('img[data-kind="logo"]'));
    await page.getByText(clansEn.policy.APPROVAL, { exact: true }).click();
    await saveScreenshot(page, 'web-clan-create');
    await page.getByRole('button', { name: clansEn.create.submit }).click();

    // The chief's dashboard, the clan with its logo, the invite links and the handbook.
    await visible(page.getByRole('heading', { name: clansEn.dashboard.title }));
    await visible(page.getByRole('heading', { level: 1, name }));
    const status = await clanApi<ClanStatus>(baseUrl, 'GET', '/platform-clans/status', gamer.accessToken);
    expect(status.role).toBe('Chief');
    expect(status.clan?.clanName).toBe(name);
    expect(status.clan?.clanLogo).toMatch(/\/platform-clans\/.+\/images\/logo/);
    expect(status.clan?.joinPolicy).toBe('APPROVAL');
    await visible(page.locator(`img[src*="/images/logo"]`).first());
    // The invite link (shortened on screen, SPEC §9) goes whole into the share buttons.
    await visible(
      page.locator(`a[href*="${encodeURIComponent(`/discover-clan?clanId=${status.clan?.id}`)}"]`).first(),
    );
    await visible(page.getByRole('heading', { name: clansEn.dashboard.requests }));
    await visible(page.getByText(clansEn.dashboard.noRequests));
    await saveScreenshot(page, 'web-clan-chief-dashboard');

    // The clan is listed and searchable on /discover-clan.
    await page.goto('/discover-clan');
    await page.getByRole('searchbox', { name: clansEn.discover.searchLabel }).fill(name.slice(0, 12));
    await visible(page.getByRole('link', { name, exact: true }));
  });

  it('a gamer signed in by phone is not asked for it again; Create clan pressed while the logo and banner upload waits for them', async () => {
    const gamer = await apiSignInByPhone(baseUrl);
    await startSession(page, baseUrl, gamer);
    await page.goto('/clan-chief/');
    await visible(page.getByRole('heading', { name: clansEn.registration.title }));
    await visible(page.getByText(/^Phone verified: \+91/));
    expect(await page.getByRole('button', { name: clansEn.registration.sendCode }).count()).toBe(0);
    expect(await page.getByText(clansEn.registration.verifyFirst).count()).toBe(0);
    await page.getByLabel(clansEn.registration.email, { exact: true }).fill('phone.chief@example.com');
    await page.getByLabel(clansEn.registration.city, { exact: true }).fill('Chennai');
    await page.getByLabel(clansEn.registration.college, { exact: true }).fill('IIT Madras');
    await page.getByRole('button', { name: clansEn.registration.save }).click();
    await visible(page.getByRole('heading', { name: clansEn.create.title }));

    // The uploads are held until Create clan has been pressed (they took 3.1–3.3 s on a slow line).
    const held: Route[] = [];
    await page.route('**/api/platform-clans/images', (route) => void held.push(route));
    const creations: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/platform-clans')
        creations.push(r.url());
    });
    const name = uniqueClanName('Chennai Chargers');
    await page.getByLabel(clansEn.create.name, { exact: true }).fill(name);
    for (const label of [clansEn.create.logo, clansEn.create.banner])
      await page.getByLabel(label, { exact: true }).setInputFiles({
        name: 'image.jpg',
        mimeType: 'image/jpeg',
        buffer: TINY_JPEG,
      });
    await expect.poll(() => held.length).toBe(2);
    await page.getByRole('button', { name: clansEn.create.submit }).click();
    await visible(page.getByText(clansEn.create.waitingForImages));
    expect(creations).toEqual([]);
    await saveScreenshot(page, 'web-clan-create-waiting-for-images');
    for (const route of held.splice(0)) await route.continue();

    await visible(page.getByRole('heading', { name: clansEn.dashboard.title }));
    const status = await clanApi<ClanStatus>(baseUrl, 'GET', '/platform-clans/status', gamer.accessToken);
    expect(status.clan?.clanName).toBe(name);
    expect(status.clan?.clanLogo).toMatch(/\/platform-clans\/.+\/images\/logo/);
    expect(status.clan?.bannerImage).toMatch(/\/platform-clans\/.+\/images\/banner/);
    expect(creations).toHaveLength(1);
  });
});
