/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Envelope, TransactionsPage, WalletBalance } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { moneyEn } from '../../packages/ui/src/i18n/resources/money-en.ts';
import { moneyHi } from '../../packages/ui/src/i18n/resources/money-hi.ts';
import { moneyPtBR } from '../../packages/ui/src/i18n/resources/money-pt-br.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  closingConfirmations,
  lastPosted,
  miniAppUrl,
  playedHaptic,
  postedEvents,
  pressMainButton,
  pressSecondaryButton,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
  waitForMainButton,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

async function api<T>(token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success)
    throw new Error(`${method} ${path} answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}

/** The init data of the last openStore, to open the Mini App again as the same user. */
let lastInitData = '';

/** Opens the Mini App as a new Telegram user on the K-Store (startapp=store) and returns the access token. */
async function openStore(languageCode: string): Promise<string> {
  const initDataRaw = signInitData(
    botToken,
    { id: randomTelegramId(), first_name: 'Arjun', language_code: languageCode },
    { startParam: 'store' },
  );
  lastInitData = initDataRaw;
  await page.goto(miniAppUrl(baseUrl, initDataRaw, 'store'));
  await waitForPath(page, '/tma/k-store');
  await expect
    .poll(() => storedAccessToken(page), { message: 'the Mini App stores an access token', timeout: 15_000 })
    .toBeTruthy();
  return (await storedAccessToken(page))!;
}

const LANGUAGES = [
  { telegram: 'en', texts: moneyEn },
  { telegram: 'hi', texts: moneyHi },
  { telegram: 'pt-br', texts: moneyPtBR },
] as const;

describe('money in the Mini App', () => {
  it('buys an item with Telegram’s MainButton (bought K-Cash first) and shows the receipt and history', async () => {
    const token = await openStore('en');
    // 5,000 bought + 10,000 earned K-Cash.
    await api(token, 'POST', '/dev/ledger/grant', {
      balance: 'kcashBought',
      amount: '5000000',
      currency: 'KCASH',
    });
    await api(token, 'POST', '/dev/ledger/grant', {
      balance: 'kcashEarned',
      amount: '10000000',
      currency: 'KCASH',
    });
    // Opened again: the store's first balance answer may predate the grants, and balances stay fresh for 30 s.
    await page.goto(miniAppUrl(baseUrl, lastInitData, 'store'));
    await waitForPath(page, '/tma/k-store');

    await page.getByRole('button', { name: 'Buy: Amazon.in Gift Card ₹500' }).click();
    await visible(page.getByRole('heading', { name: 'Amazon.in Gift Card ₹500' }));
    // Telegram's back button is shown off the root screens.
    const backShown = (await postedEvents(page)).some(
      (e) =>
        e.eventType === 'web_app_setup_back_button' && (e.eventData as { is_visible?: boolean }).is_visible,
    );
    expect(backShown).toBe(true);

    await waitForMainButton(page, 'Review purchase');
    await pressMainButton(page);
    await visible(page.getByRole('heading', { name: 'Confirm your purchase' }));
    // 6,000 K-Cash: all 5,000 bought, then 1,000 earned.
    await visible(page.getByRole('definition').filter({ hasText: '5,000 K\u2011Cash' }));
    await visible(page.getByRole('definition').filter({ hasText: '1,000 K\u2011Cash' }));
    await saveViewportScreenshot(page, 'miniapp-money-store-confirm');
    await waitForMainButton(page, 'Buy now');
    // Buy now competes with changing the order: that one is Telegram's SecondaryButton, and it works.
    await expect
      .poll(() => lastPosted(page, 'web_app_setup_secondary_button'))
      .toMatchObject({ is_visible: true, is_active: true, text: moneyEn.store.edit });
    await pressSecondaryButton(page);
    await waitForMainButton(page, 'Review purchase');
    expect(await lastPosted(page, 'web_app_setup_secondary_button')).toMatchObject({ is_visible: false });
    await pressMainButton(page);
    await waitForMainButton(page, 'Buy now');
    await pressMainButton(page);

    await waitForPath(page, '/tma/purchase-confirmation');
    await visible(page.getByText('Thank you for your purchase!'));
    // The payment held Telegram's closing confirmation while it went through; the purchase is felt.
    expect(await closingConfirmations(page)).toEqual([true, false]);
    expect(await playedHaptic(page, 'success')).toBe(true);
    await visible(page.getByText(/KHEL-[2-9A-Z]{4}-/).first());
    await saveViewportScreenshot(page, 'miniapp-money-receipt');

    const balance = await api<WalletBalance>(token, 'GET', '/wallets/balance');
    expect(balance.kcashBought.amount).toBe('0');
    expect(balance.kcashEarned.amount).toBe('9000000');
    const shop = await api<TransactionsPage>(token, 'GET', '/transactions?type=shop');
    expect(shop.list.map((l) => l.amount.amount).sort()).toEqual(['1000000', '5000000']);

    await page.getByRole('link', { name: 'Transaction history' }).click();
    await waitForPath(page, '/tma/transaction-history');
    await visible(page.getByText('Bought Amazon.in Gift Card ₹500 in the K-Store').first());
  });

  for (const { telegram, texts } of LANGUAGES) {
    it(`shows the store in the Telegram user's language (${telegram})`, async () => {
      await openStore(telegram);
      await visible(page.getByRole('heading', { name: texts.store.title, level: 1 }));
      await visible(page.getByRole('button', { name: texts.store.categories.voucher, exact: true }));
    });
  }
});
