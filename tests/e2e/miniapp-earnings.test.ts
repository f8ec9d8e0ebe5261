/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { AuthResult, Envelope } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { earningsEn } from '../../packages/ui/src/i18n/resources/earnings-en.ts';
import { en } from '../../packages/ui/src/i18n/resources/en.ts';
import { kycEn } from '../../packages/ui/src/i18n/resources/kyc-en.ts';
import { earningOf, grantEarning } from './support/kyc-earnings.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  miniAppUrl,
  postedEvents,
  pressMainButton,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  waitForMainButton,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

/** POST /api/authentication/telegram with the init data, as the Mini App signs in; the access token. */
async function telegramSignIn(initDataRaw: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authentication/telegram`, {
    method: 'POST',
    headers: { Authorization: `tma ${initDataRaw}`, Accept: 'application/json', Source: 'telegram' },
  });
  const envelope = (await response.json()) as Envelope<AuthResult>;
  if (!envelope.success) throw new Error(`Telegram sign-in answered ${response.status}: ${envelope.message}`);
  return envelope.data.accessToken;
}

describe('Mini App /collect-earnings (deep link startapp=earnings)', () => {
  it('a user outside India collects to the K-Cash wallet with Telegram’s MainButton, no KYC asked', async () => {
    const initDataRaw = signInitData(botToken, {
      id: randomTelegramId(),
      first_name: 'Ana',
      language_code: 'en',
    });
    // The account exists (a first Telegram sign-in) and has an earning before the app opens.
    const token = await telegramSignIn(initDataRaw);
    const earning = await grantEarning(baseUrl, token, {
      amount: '2500000',
      title: 'Bot quest',
      source: 'kquest',
    });

    // The bot's link t.me/<bot>/<app>?startapp=earnings opens the screen.
    await page.goto(miniAppUrl(baseUrl, initDataRaw, 'earnings'));
    await waitForPath(page, '/tma/collect-earnings');
    await visible(page.getByRole('heading', { level: 1, name: earningsEn.title }));
    await visible(page.locator('li.earning').filter({ hasText: 'Bot quest' }));
    await waitForMainButton(page, earningsEn.actions.collectAll);
    await saveViewportScreenshot(page, 'miniapp-earnings');

    await pressMainButton(page);
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByText(earningsEn.confirm.wallet));
    await visible(dialog.getByText('2,500 K-Cash').first());
    expect(await dialog.getByText('TDS', { exact: false }).count()).toBe(0);
    expect(await dialog.getByText(kycEn.title).count()).toBe(0);
    await waitForMainButton(page, earningsEn.confirm.confirm);
    await saveViewportScreenshot(page, 'miniapp-earnings-confirm');

    await pressMainButton(page);
    await visible(dialog.getByRole('heading', { name: earningsEn.receipt.title }));
    await visible(dialog.getByText('2,500 K-Cash added to your K-Cash wallet.'));
    await waitForMainButton(page, earningsEn.receipt.done);
    await saveViewportScreenshot(page, 'miniapp-earnings-receipt');
    await pressMainButton(page);
    await visible(
      page
        .locator('li.earning')
        .filter({ hasText: 'Bot quest' })
        .locator('.earning-status', { hasText: earningsEn.status.COLLECTED }),
    );
    expect((await earningOf(baseUrl, token, earning.id))?.displayStatus).toBe('COLLECTED');
    // Nothing left to collect: the MainButton is hidden again.
    await expect
      .poll(async () => {
        const setups = (await postedEvents(page)).filter((e) => e.eventType === 'web_app_setup_main_button');
        return (setups.at(-1)?.eventData as { is_visible?: boolean } | undefined)?.is_visible;
      })
      .toBe(false);
  });

  it('/kyc in the Mini App tells a user outside India that no KYC is needed', async () => {
    const initDataRaw = signInitData(botToken, {
      id: randomTelegramId(),
      first_name: 'Ana',
      language_code: 'en',
    });
    await page.goto(miniAppUrl(baseUrl, initDataRaw, 'kyc'));
    await waitForPath(page, '/tma/kyc');
    await visible(page.getByRole('heading', { name: kycEn.notRequired.title }));
    expect(await page.getByRole('heading', { name: en.routes.kyc, level: 1 }).count()).toBe(1);
    await saveViewportScreenshot(page, 'miniapp-kyc-not-required');
  });
});
