/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import { type Envelope, type QuestDetails, questsRoutes } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { accountEn } from '../../packages/ui/src/i18n/resources/account-en.ts';
import { earningsEn } from '../../packages/ui/src/i18n/resources/earnings-en.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { newPhonePage } from '../fixtures/browser.ts';
import {
  buttonUrls,
  sendStart,
  sendWriteAccessAllowed,
  setChatMember,
  waitForSent,
} from './support/fake-bot-api.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  answerWriteAccess,
  installTelegramClient,
  miniAppUrl,
  postedEvents,
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

const CHANNEL = '@khel_e2e_news';
const DAY = 86_400_000;

/** A live quest with exactly a Telegram-channel task and a special-code task, made through the operator API. */
async function createQuest(): Promise<{ slug: string; title: string }> {
  const slug = `e2e-telegram-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`;
  const title = `Join the Khel news ${slug.slice(-6)}`;
  const quest = {
    slug,
    title,
    description: 'Join the Khel news channel on Telegram and enter the code pinned there.',
    hubSlug: null,
    gameSlug: null,
    startsAt: new Date(Date.now() - DAY).toISOString(),
    endsAt: new Date(Date.now() + 7 * DAY).toISOString(),
    totalSlots: 100,
    featured: false,
    rewards: { kpoints: '30', kcash: '3000' },
    tasks: [
      {
        title: 'Join the Khel news channel',
        config: { type: 'telegram_join_channel', chat: CHANNEL, inviteUrl: 'https://t.me/khel_e2e_news' },
      },
      { title: 'Enter the pinned code', config: { type: 'special_code', code: 'PINNED-E2E' } },
    ],
  };
  const response = await fetch(`${baseUrl}/api/operator/quests`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Operator ${operatorToken}` },
    body: JSON.stringify({ quest, publish: true }),
  });
  const envelope = (await response.json()) as Envelope<unknown>;
  if (!response.ok) throw new Error(`POST /operator/quests answered ${response.status}: ${envelope.message}`);
  return { slug, title };
}

/** An API call as the signed-in user; throws on a refusal. */
async function api<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const { status, envelope } = await apiCall<T>(baseUrl, method, path, token, body);
  if (status >= 400) throw new Error(`${method} ${path} answered ${status}: ${envelope.message}`);
  return envelope.data;
}

describe('Mini App quests with Telegram (fake Bot API)', () => {
  it('completes a quest with a Telegram-channel task (checked with getChatMember) and a special code, and sees the reward in /collect-earnings', async () => {
    const { slug, title } = await createQuest();
    const telegramId = randomTelegramId();
    const initDataRaw = signInitData(botToken, { id: telegramId, first_name: 'Meera', language_code: 'en' });
    await page.goto(miniAppUrl(baseUrl, initDataRaw, `quest_${slug}`));
    await waitForPath(page, `/tma/quest-details/${slug}`);
    await visible(page.getByRole('heading', { level: 1, name: title }));
    await waitForMainButton(page, questsEn.details.start);
    await pressMainButton(page);

    // Not in the channel yet (the bot administers it, so Telegram answers 'left'): the check says so.
    await setChatMember(apiRoot, CHANNEL, telegramId, 'left');
    const channelTask = page.getByRole('article', { name: 'Join the Khel news channel' });
    await channelTask.getByRole('button', { name: questsEn.task.button['COMPLETE TASK'] }).click();
    await channelTask.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
    await visible(channelTask.getByText('Join the Telegram channel first, then check again.'));

    // Joined: the check passes.
    await setChatMember(apiRoot, CHANNEL, telegramId, 'member');
    await channelTask.getByRole('button', { name: questsEn.task.button.REVALIDATE }).click();
    await visible(channelTask.getByRole('button', { name: questsEn.task.button.VERIFIED }));

    const codeTask = page.getByRole('article', { name: 'Enter the pinned code' });
    await codeTask.getByLabel(questsEn.task.code).fill('PINNED-E2E');
    await codeTask.getByRole('button', { name: questsEn.task.button.VALIDATE }).click();
    await visible(page.getByRole('heading', { name: questsEn.complete.title }));
    await visible(page.locator('.quest-complete').getByText('3 K\u2011Cash'));
    await saveViewportScreenshot(page, 'miniapp-telegram-quest-complete');

    await page.getByRole('link', { name: questsEn.complete.collect }).click();
    await waitForPath(page, '/tma/collect-earnings');
    await visible(page.getByRole('heading', { level: 1, name: earningsEn.title }));
    await visible(page.locator('li.earning').filter({ hasText: title }));
  });

  it("/start before any account, then the Mini App sign-in: the bot's 'quest completed' push arrives and opens the quest", async () => {
    const telegramId = randomTelegramId();
    const user = { id: telegramId, first_name: 'Kabir', language_code: 'en' };
    // The natural path in Telegram: /start in the bot's chat (no Khel account yet), 'Open Khel', signed in
    // inside the Mini App. Telegram's allows_write_to_pm is false here: only the /start lets the bot write.
    await sendStart(apiRoot, user);
    await waitForSent(apiRoot, telegramId, () => true);
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, { ...user, allows_write_to_pm: false })));
    await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).toBeTruthy();
    const token = (await storedAccessToken(page))!;

    // The welcome quest, completed through the API: the outbox gets its 'quest_completed' row.
    const quest = await api<QuestDetails>(
      'GET',
      questsRoutes.questDetails.path.replace(':slug', 'khel-welcome-quest'),
      token,
    );
    await api('POST', questsRoutes.startQuest.path, token, { questId: quest.id });
    for (const task of quest.tasks)
      await api('POST', questsRoutes.validateTask.path, token, {
        questId: quest.id,
        taskId: task.id,
        value: 'KHEL',
      });

    // The notifier delivers it with a button to the quest: a t.me/<bot>/<app>?startapp=quest_<slug> link.
    const message = await waitForSent(apiRoot, telegramId, (m) =>
      buttonUrls(m).some((url) => url.includes('startapp=quest_khel-welcome-quest')),
    );
    const link = new URL(buttonUrls(message).find((url) => url.includes('startapp='))!);
    expect(`${link.origin}${link.pathname}`).toBe(`https://t.me/${botUsername}/app`);
    const startParam = link.searchParams.get('startapp')!;

    // Telegram opens the Mini App in a new webview with that start parameter (tgWebAppStartParam and
    // the init data's start_param).
    const opened = await newPhonePage(page.context().browser()!);
    try {
      await installTelegramClient(opened);
      await opened.goto(miniAppUrl(baseUrl, signInitData(botToken, user, { startParam }), startParam));
      await waitForPath(opened, '/tma/quest-details/khel-welcome-quest');
      await visible(opened.getByRole('heading', { level: 1, name: 'Welcome to Khel' }));
      await visible(opened.getByRole('heading', { name: questsEn.complete.title }));
      await saveViewportScreenshot(opened, 'miniapp-notification-opens-quest');
    } finally {
      await opened.context().close();
    }
  });
});

describe('bot notifications on the Mini App profile', () => {
  it('asks Telegram to let the bot write; declined, the bot cannot message the user until /start; a switch turned off stays off', async () => {
    const telegramId = randomTelegramId();
    const user = { id: telegramId, first_name: 'Isha', language_code: 'en' };
    const notifications = accountEn.profile.notifications;
    const initData = signInitData(botToken, { ...user, allows_write_to_pm: false });
    await page.goto(miniAppUrl(baseUrl, initData, 'profile'));
    await waitForPath(page, '/tma/profile');
    // allows_write_to_pm is false: once signed in, the Mini App asks (the user declines, the default here).
    await expect
      .poll(async () =>
        (await postedEvents(page)).some((e) => e.eventType === 'web_app_request_write_access'),
      )
      .toBe(true);
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: notifications.title }) });
    await visible(card.getByText(notifications.notConnectedNoLink));

    // /start in the bot's chat connects it: the sentence goes, the switches stay.
    await sendStart(apiRoot, user);
    await waitForSent(apiRoot, telegramId, () => true);
    await page.reload();
    await visible(card.getByRole('switch', { name: notifications.kinds.quest_completed, exact: true }));
    expect(await card.getByText(notifications.notConnectedNoLink).count()).toBe(0);

    const questCompleted = card.getByRole('switch', {
      name: notifications.kinds.quest_completed,
      exact: true,
    });
    expect(await questCompleted.isChecked()).toBe(true);
    await questCompleted.click();
    await expect.poll(() => questCompleted.isChecked()).toBe(false);
    await expect.poll(() => questCompleted.isEnabled()).toBe(true);
    await saveViewportScreenshot(page, 'miniapp-profile-notifications');
    await page.reload();
    await visible(questCompleted);
    expect(await questCompleted.isChecked()).toBe(false);
  });

  it('allowed in the write-access popup: Telegram tells the bot, and the profile shows the switches', async () => {
    const telegramId = randomTelegramId();
    const user = { id: telegramId, first_name: 'Dev', language_code: 'en' };
    const notifications = accountEn.profile.notifications;
    await answerWriteAccess(page, 'allowed');
    await page.goto(
      miniAppUrl(baseUrl, signInitData(botToken, { ...user, allows_write_to_pm: false }), 'profile'),
    );
    await waitForPath(page, '/tma/profile');
    await expect
      .poll(async () =>
        (await postedEvents(page)).some((e) => e.eventType === 'web_app_request_write_access'),
      )
      .toBe(true);
    // What Telegram does when the user allows it: a write_access_allowed service message in the bot's chat.
    await sendWriteAccessAllowed(apiRoot, user);
    const card = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: notifications.title }) });
    await expect
      .poll(
        async () => {
          await page.reload();
          await visible(card);
          return card.getByRole('switch', { name: notifications.kinds.quest_completed, exact: true }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await card.getByText(notifications.notConnectedNoLink).count()).toBe(0);
  });
});
