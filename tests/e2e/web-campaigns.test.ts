/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { type CampaignDetails, type CampaignReferral, OTP_LENGTH, type Profile } from '@khel/core/contract';
import { gamerHandle } from '@khel/core/format';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accountEn } from '../../packages/ui/src/i18n/resources/account-en.ts';
import { campaignsEn } from '../../packages/ui/src/i18n/resources/campaigns-en.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { waitForCode } from './support/dev-outbox.ts';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { chooseCountry, randomIndianMobile, saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiCall, apiSignInWithGoogle, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

/** An API call as a signed-in user; throws on a refusal. */
async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const { status, envelope } = await apiCall<T>(baseUrl, method, path, token, body);
  if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${envelope.message}`);
  return envelope.data;
}

// The demo's live fixed-slot campaign (apps/api/src/modules/campaigns/demo.ts), with a referral bonus.
const SLUG = 'kdrop-first-drop';
const TITLE = 'K-Drop: First Drop';

describe('K-Drop on the website', () => {
  it("a visitor opens a campaign's invite link, signs up from the modal and gets started: the referrer's progress moves; the board shows the new gamer's handle and home asks for a username", async () => {
    // The referrer: a code of their own and the campaign's invite link.
    const referrer = await apiSignInWithGoogle(baseUrl);
    const campaign = await api<CampaignDetails>('GET', `/campaigns/by-slug/${SLUG}`, referrer.accessToken);
    await api('POST', '/referral/code', referrer.accessToken);
    const before = await api<CampaignReferral>(
      'GET',
      `/campaigns/${campaign.id}/referral-code`,
      referrer.accessToken,
    );
    const invite = before.links?.website;
    expect(invite).toMatch(new RegExp(`/k-drop/campaigns/${SLUG}\\?ref=${before.code}$`));

    // The visitor opens it: the campaign, its button, the tasks; acting asks to sign in.
    const url = new URL(invite!);
    await page.goto(`${url.pathname}${url.search}`);
    await visible(page.getByRole('heading', { level: 1, name: TITLE }));
    await visible(page.getByText('100 slots', { exact: true }).first());
    await saveScreenshot(page, 'web-campaign-invite-visitor');
    await page.locator('[data-state="GET_STARTED"]').click();
    const dialog = page.getByRole('dialog');
    const phone = randomIndianMobile();
    await chooseCountry(page, 'India');
    await dialog.getByLabel('Phone number', { exact: true }).fill(phone.national);
    await dialog.getByRole('button', { name: 'Send code', exact: true }).click();
    const code = await waitForCode(baseUrl, phone.e164);
    await dialog.getByLabel(`${OTP_LENGTH}-digit code`, { exact: true }).fill(code);
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click();
    await waitForPath(page, `/k-drop/campaigns/${SLUG}`);

    // Signed up, on the same page: Get started applies the invite and enters the campaign.
    const getStarted = page.getByRole('button', { name: campaignsEn.button.GET_STARTED });
    await visible(getStarted);
    await getStarted.click();
    await visible(page.locator('[data-state="CONTINUE_TASKS"]'));
    await visible(page.getByText('0 of 3 tasks done').first());

    // First session, no name yet: the page's language is the new account's, and once the code task
    // scores, the board names the visitor by the handle every list and push uses.
    const token = (await accessTokenOf(page))!;
    await expect
      .poll(async () => (await api<Profile>('GET', '/users/me/profile', token)).language_code, {
        timeout: 15_000,
      })
      .toBe('en');
    const handle = gamerHandle((await api<Profile>('GET', '/users/me/profile', token)).id);
    const task = page.getByRole('article', { name: 'Enter the code KDROP' });
    await task.getByLabel(questsEn.task.code).fill('KDROP');
    await task.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
    await visible(task.getByText(questsEn.task.verified, { exact: true }));
    await page.reload();
    await visible(page.locator('.board-mine').getByText(handle));
    // Home asks for a username, with the same handle until then.
    await page.goto('/home');
    const prompt = page.getByRole('region', { name: accountEn.profile.usernamePrompt.title });
    await visible(prompt.getByText(accountEn.profile.usernamePrompt.lead.replace('{{handle}}', handle)));
    await visible(prompt.getByLabel(accountEn.profile.username.label));

    // The referrer's campaign referral progress: one invitee joined.
    await expect
      .poll(
        async () =>
          (
            await api<CampaignReferral>(
              'GET',
              `/campaigns/${campaign.id}/referral-code`,
              referrer.accessToken,
            )
          ).joined,
        { timeout: 15_000 },
      )
      .toBe(before.joined + 1);

    // And the referrer sees it on the campaign page, with the link to share.
    const context = await page
      .context()
      .browser()!
      .newContext({ viewport: { width: 1280, height: 800 } });
    try {
      const referrerPage = await context.newPage();
      await startSession(referrerPage, baseUrl, referrer);
      await referrerPage.goto(`${baseUrl}/k-drop/campaigns/${SLUG}`);
      await visible(referrerPage.getByRole('heading', { name: campaignsEn.referral.title }));
      await expect
        .poll(() => referrerPage.locator('[data-stat="joined"]').textContent(), { timeout: 15_000 })
        .toBe(String(before.joined + 1));
      const telegram = referrerPage.getByRole('link', { name: campaignsEn.referral.telegram });
      expect(await telegram.getAttribute('href')).toContain(
        `https://t.me/share/url?url=${encodeURIComponent(invite!)}`,
      );
      expect(await referrerPage.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
        /^https:\/\/wa\.me\/\?text=/,
      );
      expect(await referrerPage.getByRole('link', { name: 'X' }).getAttribute('href')).toMatch(
        /^https:\/\/x\.com\/intent\/post\?/,
      );
      await saveScreenshot(referrerPage, 'web-campaign-referrer');
    } finally {
      await context.close();
    }
  });

  it('the list shows the tabs and the demo campaigns, and an ended raffle is verified in the browser', async () => {
    await page.goto('/k-quest/');
    await page.getByRole('link', { name: 'K-Drop', exact: true }).click();
    await waitForPath(page, '/k-drop/campaigns');
    await visible(page.getByRole('heading', { level: 1, name: campaignsEn.title }));
    await visible(page.getByRole('link', { name: TITLE, exact: true }));
    await page.getByRole('link', { name: campaignsEn.tabs.ended }).click();
    await visible(page.getByText('Raffle: 3 winners').first());
    await page.getByRole('link', { name: 'Launch Week Raffle', exact: true }).click();
    await page.getByRole('link', { name: `${campaignsEn.raffle.open} →` }).click();
    await waitForPath(page, '/k-drop/campaigns/kdrop-launch-raffle/verify');
    await visible(page.locator('[data-verified="true"]'));
    await saveScreenshot(page, 'web-raffle-verified');
  });
});
