/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { ClanStatus } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { clansEn } from '../../packages/ui/src/i18n/resources/clans-en.ts';
import {
  callbackQueryUpdate,
  commandUpdate,
  inlineButtons,
  type SentMessage,
  type UpdateDraft,
} from '../fake-telegram/index.ts';
import { newPhonePage } from '../fixtures/browser.ts';
import { apiChiefWithClan, clanApi } from './support/clans.ts';
import { waitForSent } from './support/fake-bot-api.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  fetchProfile,
  miniAppUrl,
  randomTelegramId,
  signInitData,
  storedAccessToken,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';
import { startSession } from './support/web-session.ts';

const botToken = inject('telegramBotToken');
const baseUrl = e2eServer().baseUrl;
const apiRoot = e2eServer().telegramApiRoot;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

/** Hands the fake Bot API an update, as a Telegram client would; the server's bot polls it. */
async function sendUpdate(update: UpdateDraft): Promise<void> {
  const response = await fetch(`${apiRoot}/__fake/update`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(update),
  });
  if (!response.ok) throw new Error(`fake Bot API update answered ${response.status}`);
}

/** The callback data of the message's first button whose label matches. */
function buttonData(message: SentMessage, label: RegExp): string | undefined {
  const button = inlineButtons(message).find((b) => label.test(b.text) && 'callback_data' in b);
  return button && 'callback_data' in button ? button.callback_data : undefined;
}

describe('A clan across the three front doors', () => {
  it('a chief with Telegram linked, a gamer who asks to join from the Mini App invite, the approval pressed in the bot, and both on /my-clan/', async () => {
    // The chief: a website account with a clan that approves its members, and their Telegram linked to it.
    const { chief, clan } = await apiChiefWithClan(baseUrl, 'APPROVAL');
    const chiefTelegram = { id: randomTelegramId(), first_name: 'Kabir', language_code: 'en' };
    await clanApi(baseUrl, 'POST', '/social-auth/link-telegram', chief.accessToken, {
      initDataRaw: signInitData(botToken, chiefTelegram),
    });

    // A gamer opens the invite in the Mini App and asks to join.
    const gamerTelegram = { id: randomTelegramId(), first_name: 'Meera', language_code: 'en' };
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, gamerTelegram), `clan_${clan.id}`));
    await waitForPath(page, '/tma/discover-clan');
    await visible(page.getByRole('heading', { level: 1, name: clan.clanName }));
    await page.getByRole('button', { name: clansEn.page.request }).click();
    await visible(page.getByText(clansEn.page.requested));
    const token = (await storedAccessToken(page))!;
    const gamer = (await fetchProfile(baseUrl, token)).profile!;

    // The chief opens the console in a private chat with the bot, opens the requests and presses Approve.
    await sendUpdate(commandUpdate({ from: chiefTelegram, command: 'clan' }));
    const consoleMessage = await waitForSent(
      apiRoot,
      chiefTelegram.id,
      (m) => m.text?.includes(clan.clanName) === true && buttonData(m, /^🙋/) !== undefined,
    );
    await sendUpdate(
      callbackQueryUpdate({
        from: chiefTelegram,
        message: consoleMessage.message,
        data: buttonData(consoleMessage, /^🙋/)!,
      }),
    );
    const requests = await waitForSent(apiRoot, chiefTelegram.id, (m) => buttonData(m, /^✅/) !== undefined);
    expect(inlineButtons(requests).find((b) => b.text.startsWith('✅'))?.text).toContain('Meera');
    await sendUpdate(
      callbackQueryUpdate({
        from: chiefTelegram,
        message: requests.message,
        data: buttonData(requests, /^✅/)!,
      }),
    );
    await expect
      .poll(async () => (await clanApi<ClanStatus>(baseUrl, 'GET', '/platform-clans/status', token)).role, {
        timeout: 20_000,
      })
      .toBe('Member');

    // The chief sees the new member on /my-clan/ on the website…
    const chiefPage = await newPhonePage(page.context().browser()!, { baseURL: baseUrl });
    try {
      await startSession(chiefPage, baseUrl, chief);
      await chiefPage.goto('/my-clan/');
      await visible(chiefPage.getByRole('heading', { level: 1, name: clan.clanName }));
      await visible(chiefPage.locator(`.member-row[data-user="${gamer.id}"]`).first());
    } finally {
      await chiefPage.context().close();
    }

    // …and the member sees the clan, the chief and themselves in the Mini App.
    await page.goto(miniAppUrl(baseUrl, signInitData(botToken, gamerTelegram), 'myclan'));
    await waitForPath(page, '/tma/my-clan');
    await visible(page.getByRole('heading', { level: 1, name: clan.clanName }));
    await visible(page.locator(`.member-row[data-user="${gamer.id}"]`).first());
    await visible(page.locator(`.member-row[data-user="${chief.user.id}"]`).first());
  });
});
