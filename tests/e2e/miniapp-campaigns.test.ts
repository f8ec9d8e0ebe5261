/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Envelope } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { campaignsEn } from '../../packages/ui/src/i18n/resources/campaigns-en.ts';
import { earningsEn } from '../../packages/ui/src/i18n/resources/earnings-en.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { newPhonePage } from '../fixtures/browser.ts';
import { buttonUrls, sendStart, waitForSent } from './support/fake-bot-api.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  installTelegramClient,
  miniAppUrl,
  pressMainButton,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
  waitForMainButton,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';
import { apiCall } from './support/web-session.ts';

const botToken = inject('telegramBotToken');
const baseUrl = e2eServer().baseUrl;
const apiRoot = e2eServer().telegramApiRoot;
const botUsername = inject('telegramBotUsername');
const operatorToken = e2eServer().operatorToken;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

const DAY = 86_400_000;

/** Signs a Telegram user in as the Mini App does (POST /authentication/telegram); their access token. */
async function telegramSignIn(user: {
  id: number;
  first_name: string;
  language_code: string;
}): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authentication/telegram`, {
    method: 'POST',
    headers: { Authorization: `tma ${signInitData(botToken, user)}` },
  });
  const envelope = (await response.json()) as Envelope<{ accessToken: string }>;
  if (!response.ok) throw new Error(`Telegram sign-in answered ${response.status}: ${envelope.message}`);
  return envelope.data.accessToken;
}

/**
 * A fixed-slot campaign of the Bullieverse hub (5 slots of 3 K-Cash), published through the operator
 * API to start a few seconds from now: the lifecycle job makes it LIVE and tells the hub's followers.
 */
async function createCampaign(): Promise<{ slug: string; title: string }> {
  const slug = `e2e-drop-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const title = `E2E Drop ${slug.slice(-6)}`;
  const campaign = {
    slug,
    title,
    description: 'The first five players to enter both codes get 3 K-Cash each.',
    hubSlug: 'bullieverse',
    startsAt: new Date(Date.now() + 3_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    reward: { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 5, amount: '3000' },
    tasks: [
      { title: 'Enter the first code', points: 10, config: { type: 'special_code', code: 'DROP-ONE' } },
      { title: 'Enter the second code', points: 20, config: { type: 'special_code', code: 'DROP-TWO' } },
    ],
  };
  const response = await fetch(`${baseUrl}/api/operator/campaigns`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Authorization: `Operator ${operatorToken}` },
    body: JSON.stringify({ campaign, publish: true }),
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  if (!response.ok)
    throw new Error(`PUT /operator/campaigns answered ${response.status}: ${envelope.message}`);
  return { slug, title };
}

describe('K-Drop in the Mini App', () => {
  it("a follower opens a fixed-slot campaign from the bot's 'campaign live' message, finishes it, claims and sees the earning", async () => {
    const telegramId = randomTelegramId();
    const user = { id: telegramId, first_name: 'Arjun', language_code: 'en' };
    // Signed in from the Mini App, /start in the bot's chat, and following the campaign's hub.
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, user)));
    await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).toBeTruthy();
    const token = (await storedAccessToken(page))!;
    await sendStart(apiRoot, user);
    await waitForSent(apiRoot, telegramId, () => true);
    const followed = await apiCall(baseUrl, 'PUT', '/quest/hubs/bullieverse/follow', token);
    expect(followed.status).toBeLessThan(300);

    // The campaign goes live: the notifier sends its message with a t.me/<bot>/app?startapp=campaign_<slug> button.
    const { slug, title } = await createCampaign();
    const message = await waitForSent(
      apiRoot,
      telegramId,
      (m) => buttonUrls(m).some((url) => url.includes(`startapp=campaign_${slug}`)),
      60_000,
    );
    const link = new URL(buttonUrls(message).find((url) => url.includes('startapp='))!);
    expect(`${link.origin}${link.pathname}`).toBe(`https://t.me/${botUsername}/app`);
    const startParam = link.searchParams.get('startapp')!;

    // Telegram opens the Mini App on the campaign in a new webview.
    const opened = await newPhonePage(page.context().browser()!);
    try {
      await installTelegramClient(opened);
      await opened.goto(miniAppUrl(baseUrl, signInitData(botToken, user, { startParam }), startParam));
      await waitForPath(opened, `/tma/k-drop/campaigns/${slug}`);
      await visible(opened.getByRole('heading', { level: 1, name: title }));
      await visible(opened.getByText('5 slots', { exact: true }).first());
      await saveViewportScreenshot(opened, 'miniapp-campaign-from-notification');

      // Get started on Telegram's MainButton, then both codes.
      await waitForMainButton(opened, campaignsEn.button.GET_STARTED);
      await pressMainButton(opened);
      await visible(opened.getByText('0 of 2 tasks done').first());
      for (const [name, code] of [
        ['Enter the first code', 'DROP-ONE'],
        ['Enter the second code', 'DROP-TWO'],
      ] as const) {
        const task = opened.getByRole('article', { name });
        await task.getByLabel(questsEn.task.code).fill(code);
        await task.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
        await visible(task.getByText(questsEn.task.verified, { exact: true }));
      }
      await visible(opened.getByText(campaignsEn.details.finished));
      await visible(opened.getByText(campaignsEn.claim.status.CLAIMABLE));

      // Claim rewards (MainButton): the celebration, then the earning on /collect-earnings.
      await waitForMainButton(opened, campaignsEn.button.CLAIM_REWARDS);
      await pressMainButton(opened);
      await visible(opened.getByRole('heading', { name: campaignsEn.claim.successTitle }));
      await visible(opened.getByText('3 K\u2011Cash is waiting for you in your earnings.'));
      await saveViewportScreenshot(opened, 'miniapp-campaign-claimed');
      await opened.getByRole('link', { name: campaignsEn.claim.collect }).click();
      await waitForPath(opened, '/tma/collect-earnings');
      await visible(opened.getByRole('heading', { level: 1, name: earningsEn.title }));
      await visible(opened.locator('li.earning').filter({ hasText: title }));
    } finally {
      await opened.context().close();
    }
  });
  it("a friend's campaign invite (startapp=cref_<code>_<slug>) opens that campaign, not home, and the invite counts", async () => {
    const { slug, title } = await createCampaign();
    // The inviter, signed in through the Mini App's sign-in request, makes their code and reads the invite.
    const inviter = await telegramSignIn({ id: randomTelegramId(), first_name: 'Ravi', language_code: 'en' });
    const campaign = await apiCall<{ id: string }>(baseUrl, 'GET', `/campaigns/by-slug/${slug}`, inviter);
    const made = await apiCall<{ code: string }>(baseUrl, 'POST', '/referral/code', inviter);
    const code = made.envelope.data.code;
    const referral = await apiCall<{ links: { miniApp: string } }>(
      baseUrl,
      'GET',
      `/campaigns/${campaign.envelope.data.id}/referral-code`,
      inviter,
    );
    const invite = new URL(referral.envelope.data.links.miniApp);
    expect(`${invite.origin}${invite.pathname}`).toBe(`https://t.me/${botUsername}/app`);
    const startParam = invite.searchParams.get('startapp')!;
    expect(startParam).toBe(`cref_${code}_${slug}`);

    // The friend taps it: Telegram opens the Mini App with that start parameter, on the campaign.
    const friend = { id: randomTelegramId(), first_name: 'Sana', language_code: 'en' };
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, friend, { startParam }), startParam));
    await waitForPath(page, `/tma/k-drop/campaigns/${slug}`);
    await visible(page.getByRole('heading', { level: 1, name: title }));
    // Signed in, the invite's code is applied: the inviter counts one friend.
    await expect
      .poll(
        async () =>
          (await apiCall<{ invited: number }>(baseUrl, 'GET', '/referral/code', inviter)).envelope.data
            .invited,
        {
          timeout: 15_000,
        },
      )
      .toBe(1);
  });
});
