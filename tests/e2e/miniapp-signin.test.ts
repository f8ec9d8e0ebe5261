/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { AuthResult, Envelope } from '@khel/core/contract';
import type { Page, Response } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  fetchProfile,
  miniAppUrl,
  postedEvents,
  randomTelegramId,
  signInitData,
  storedAccessToken,
  THEME_PARAMS,
  tamperUser,
} from './support/telegram-client.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

const SIGN_IN_ERROR = 'We could not verify your Telegram sign-in';
const DAY_MS = 24 * 60 * 60 * 1000;

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

/** The answer to the Mini App's own `POST /api/authentication/telegram`. */
function telegramSignInAnswer(): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/authentication/telegram') && response.request().method() === 'POST',
  );
}

/** `#17212b` → `rgb(23, 33, 43)`, as getComputedStyle reports colours. */
function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe('Mini App sign-in with Telegram init data', () => {
  it("signed init data for Arjun opens home with 'Welcome, Arjun', validated by the server, in the client's theme, and tells Telegram it is ready (web_app_ready)", async () => {
    const telegramId = randomTelegramId();
    const initDataRaw = signInitData(botToken, { id: telegramId, first_name: 'Arjun' });

    const answer = telegramSignInAnswer();
    await page.goto(miniAppUrl(baseUrl, initDataRaw));
    const response = await answer;
    expect(response.status()).toBe(200);
    expect(response.request().headers().authorization).toBe(`tma ${initDataRaw}`);

    await visible(page.getByRole('heading', { name: /^Welcome, Arjun/ }));
    await saveScreenshot(page, 'miniapp-home-welcome-arjun');

    const accessToken = await storedAccessToken(page);
    expect(accessToken, "an access token under a 'tma:' localStorage key").toBeTruthy();
    const { status, profile } = await fetchProfile(baseUrl, accessToken!);
    expect(status).toBe(200);
    expect(profile?.telegram_id).toBe(String(telegramId));
    expect(profile?.first_name).toBe('Arjun');

    // The same page follows the client's theme params and has told Telegram it is ready (one Mini App
    // load for both: each load is a second or more of a shared core).
    const body = await page.evaluate(() => {
      const style = getComputedStyle(document.body);
      return { background: style.backgroundColor, text: style.color };
    });
    expect(body).toEqual({ background: rgb(THEME_PARAMS.bg_color), text: rgb(THEME_PARAMS.text_color) });
    const events = (await postedEvents(page)).map((event) => event.eventType);
    expect(events).toContain('web_app_ready');
  });

  it('init data changed after signing (first_name, same hash) shows the error and creates no session', async () => {
    const telegramId = randomTelegramId();
    const genuine = signInitData(botToken, { id: telegramId, first_name: 'Arjun' });
    const tampered = tamperUser(genuine, { first_name: 'Admin' });

    const answer = telegramSignInAnswer();
    await page.goto(miniAppUrl(baseUrl, tampered));
    const response = await answer;
    expect(response.status()).toBe(401);
    expect(((await response.json()) as Envelope<unknown>).success).toBe(false);

    await visible(page.getByRole('alert').filter({ hasText: SIGN_IN_ERROR }));
    expect(await page.getByRole('heading', { name: /^Welcome/ }).count()).toBe(0);
    expect(await storedAccessToken(page)).toBeUndefined();
    await saveScreenshot(page, 'miniapp-tampered-init-data');

    // No account came out of the tampered attempt: the genuine init data is a first sign-in.
    const genuineAnswer = await fetch(`${baseUrl}/api/authentication/telegram`, {
      method: 'POST',
      headers: { Authorization: `tma ${genuine}`, Source: 'telegram' },
    });
    const envelope = (await genuineAnswer.json()) as Envelope<AuthResult>;
    expect(genuineAnswer.status).toBe(200);
    expect(envelope.data.isNewUser).toBe(true);
    expect(envelope.data.user.telegramId).toBe(String(telegramId));
    expect(envelope.data.user.firstName).toBe('Arjun');
  });

  it('init data signed a week ago is refused as stale', async () => {
    const initDataRaw = signInitData(
      botToken,
      { id: randomTelegramId(), first_name: 'Arjun' },
      { authDate: new Date(Date.now() - 7 * DAY_MS) },
    );

    const answer = telegramSignInAnswer();
    await page.goto(miniAppUrl(baseUrl, initDataRaw));
    expect((await answer).status()).toBe(401);
    await visible(page.getByRole('alert').filter({ hasText: SIGN_IN_ERROR }));
    expect(await storedAccessToken(page)).toBeUndefined();
  });

  it('start param quest_summer-cup opens /tma/quest-details/summer-cup', async () => {
    const startParam = 'quest_summer-cup';
    const initDataRaw = signInitData(
      botToken,
      { id: randomTelegramId(), first_name: 'Arjun' },
      { startParam },
    );

    await page.goto(miniAppUrl(baseUrl, initDataRaw, startParam));
    await waitForPath(page, '/tma/quest-details/summer-cup');
    await page.waitForLoadState('networkidle');
    await saveScreenshot(page, 'miniapp-deep-link-quest-summer-cup');
    expect(await page.getByRole('alert').filter({ hasText: SIGN_IN_ERROR }).count()).toBe(0);
  });
});
