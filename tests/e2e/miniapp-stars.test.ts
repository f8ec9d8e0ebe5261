/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Envelope, WalletBalance } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { moneyEn } from '../../packages/ui/src/i18n/resources/money-en.ts';
import { starsEn } from '../../packages/ui/src/i18n/resources/stars-en.ts';
import { starsHi } from '../../packages/ui/src/i18n/resources/stars-hi.ts';
import { starsPtBR } from '../../packages/ui/src/i18n/resources/stars-pt-br.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  closingConfirmations,
  miniAppUrl,
  playedHaptic,
  postedEvents,
  randomTelegramId,
  type SignedUser,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';

/**
 * Telegram Stars in the Mini App, end to end on an e2e server (bot token set, its Bot API the fake): /buy-kcash/
 * sells K-Cash packs for Stars, a K-Store item has its Stars button. The Mini App asks the API for an invoice link
 * (createInvoiceLink on the fake) and opens it with the SDK's openInvoice (`web_app_open_invoice`); this test's
 * Telegram client then pays it on the fake (`__fake/pay`: the pre-checkout query the bot answers through the API,
 * then the successful payment the bot hands over) and closes the sheet with `invoice_closed`.
 */
const server = e2eServer();
const botToken = inject('telegramBotToken');

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

async function api<T>(token: string, path: string): Promise<T> {
  const response = await fetch(`${server.baseUrl}/api${path}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`GET ${path} answered ${response.status}: ${envelope.message}`);
  return envelope.data;
}

/** Opens the Mini App as a new Telegram user on `startParam`'s screen; answers the user and its access token. */
async function open(startParam: string, languageCode: string, path: string) {
  const user: SignedUser = { id: randomTelegramId(), first_name: 'Arjun', language_code: languageCode };
  await page.goto(miniAppUrl(server.baseUrl, signInitData(botToken, user, { startParam }), startParam));
  await waitForPath(page, path);
  await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).toBeTruthy();
  return { user, token: (await storedAccessToken(page))! };
}

/**
 * Telegram's side of openInvoice: waits for the Mini App's `web_app_open_invoice`, pays the invoice on the fake
 * Bot API as `user` and tells the Mini App the sheet closed with that status.
 */
async function payOpenedInvoice(user: SignedUser): Promise<string> {
  const opened = await expect
    .poll(
      async () =>
        (await postedEvents(page)).filter((e) => e.eventType === 'web_app_open_invoice').at(-1)?.eventData as
          | { slug: string }
          | undefined,
      { timeout: 15_000 },
    )
    .toBeTruthy()
    .then(async () =>
      (await postedEvents(page)).filter((e) => e.eventType === 'web_app_open_invoice').at(-1),
    );
  const { slug } = opened!.eventData as { slug: string };
  const response = await fetch(`${server.telegramApiRoot}/__fake/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      link: `https://t.me/$${slug}`,
      user: { id: user.id, language_code: user.language_code },
    }),
  });
  const answer = (await response.json()) as { ok: boolean; result: { status: string } };
  expect(answer.ok).toBe(true);
  const status = answer.result.status;
  await page.evaluate(
    ({ slug, status }) => {
      const w = window as unknown as {
        Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
      };
      w.Telegram?.WebView?.receiveEvent?.('invoice_closed', { slug, status });
    },
    { slug, status },
  );
  return status;
}

/**
 * Once, a gamer taps again when the sheet did not open and the screen said why (the invoice request failed: on
 * a loaded CI machine it once did, in one language of three; what the screen said is printed). Then the sheet
 * must open.
 */
async function retryIfRefused(button: ReturnType<Page['getByRole']>): Promise<void> {
  const opened = async () =>
    (await postedEvents(page)).some((e) => e.eventType === 'web_app_open_invoice') ||
    (await page.locator('[role="alert"]').count()) > 0;
  await expect.poll(opened, { timeout: 30_000 }).toBe(true);
  if ((await postedEvents(page)).some((e) => e.eventType === 'web_app_open_invoice')) return;
  console.log(
    '[e2e] the Stars sheet did not open:',
    await page.locator('[role="alert"]').first().textContent(),
  );
  await button.click();
}

const LANGUAGES = [
  { telegram: 'en', texts: starsEn },
  { telegram: 'hi', texts: starsHi },
  { telegram: 'pt-br', texts: starsPtBR },
] as const;

describe('Telegram Stars in the Mini App', () => {
  for (const { telegram, texts } of LANGUAGES) {
    it(`buys a K-Cash pack with Stars: receipt, balance, haptic (${telegram})`, async () => {
      const { user, token } = await open('buykcash', telegram, '/tma/buy-kcash');
      await visible(page.getByRole('heading', { name: texts.title, level: 1 }));
      await visible(page.getByText('45 ⭐'));
      await saveViewportScreenshot(page, `miniapp-stars-packs-${telegram}`);

      const pack = page
        .getByRole('listitem')
        .filter({ has: page.getByText('45 ⭐') })
        .getByRole('button');
      await pack.click();
      await retryIfRefused(pack);
      expect(await payOpenedInvoice(user)).toBe('paid');

      await visible(page.getByRole('heading', { name: texts.receiptTitle }), 30_000);
      await visible(page.getByText('+500 K\u2011Cash'));
      expect(await playedHaptic(page, 'success')).toBe(true);
      // Closing was held while the payment was being booked.
      expect(await closingConfirmations(page)).toContain(true);
      await saveViewportScreenshot(page, `miniapp-stars-receipt-${telegram}`);

      const balance = await api<WalletBalance>(token, '/wallets/balance');
      expect(balance.kcashBought.amount).toBe('500000');
    });
  }

  it('buys a K-Store item with Stars: the order is delivered, with its code', async () => {
    const { user } = await open('store', 'en', '/tma/k-store');
    await page.getByRole('button', { name: 'Buy: Free Fire 310 Diamonds' }).click();
    await visible(page.getByRole('heading', { name: starsEn.storeTitle }));
    await saveViewportScreenshot(page, 'miniapp-stars-store-item');
    await page.getByRole('button', { name: 'Buy for 240 ⭐' }).click();
    expect(await payOpenedInvoice(user)).toBe('paid');

    await visible(page.getByRole('heading', { name: starsEn.receiptTitle }), 30_000);
    await page.getByRole('link', { name: moneyEn.receipt.title }).click();
    await waitForPath(page, '/tma/purchase-confirmation');
    await visible(page.getByText('Thank you for your purchase!'));
    await visible(page.getByText('240 Stars').first());
    await visible(page.getByText(/KHEL-[2-9A-Z]{4}-/).first());
    await saveViewportScreenshot(page, 'miniapp-stars-store-receipt');
  });

  it('a closed payment sheet charges nothing and says so', async () => {
    const { token } = await open('buykcash', 'en', '/tma/buy-kcash');
    await page
      .getByRole('listitem')
      .filter({ has: page.getByText('10 ⭐') })
      .getByRole('button')
      .click();
    const opened = await expect
      .poll(async () => (await postedEvents(page)).find((e) => e.eventType === 'web_app_open_invoice'), {
        timeout: 15_000,
      })
      .toBeTruthy()
      .then(async () => (await postedEvents(page)).find((e) => e.eventType === 'web_app_open_invoice'));
    const { slug } = opened!.eventData as { slug: string };
    await page.evaluate((slug) => {
      const w = window as unknown as {
        Telegram?: { WebView?: { receiveEvent?: (type: string, data: unknown) => void } };
      };
      w.Telegram?.WebView?.receiveEvent?.('invoice_closed', { slug, status: 'cancelled' });
    }, slug);
    await visible(page.getByText(starsEn.cancelled));
    const balance = await api<WalletBalance>(token, '/wallets/balance');
    expect(balance.kcashBought.amount).toBe('0');
  });
});
