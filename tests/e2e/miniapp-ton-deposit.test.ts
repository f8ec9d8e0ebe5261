/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Envelope, WalletBalance } from '@khel/core/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { moneyEn } from '../../packages/ui/src/i18n/resources/money-en.ts';
import { moneyHi } from '../../packages/ui/src/i18n/resources/money-hi.ts';
import { moneyPtBR } from '../../packages/ui/src/i18n/resources/money-pt-br.ts';
import { useMiniAppPage } from './support/miniapp-page.ts';
import { e2eServer } from './support/server.ts';
import {
  createTonWallet,
  installEmbeddedTonWallet,
  miniAppUrl,
  playedHaptic,
  randomTelegramId,
  saveViewportScreenshot,
  signInitData,
  storedAccessToken,
  tonSentMessages,
} from './support/telegram-client.ts';
import { visible, waitForPath } from './support/ui.ts';

const baseUrl = e2eServer().baseUrl;
const botToken = inject('telegramBotToken');

let page: Page;
useMiniAppPage((next) => {
  page = next;
});

async function balance(token: string): Promise<WalletBalance> {
  const response = await fetch(`${baseUrl}/api/wallets/balance`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as Envelope<WalletBalance>).data;
}

/** Opens the Mini App on /buy-kcash/ (startapp=buykcash) as a new Telegram user with an in-app TON wallet. */
async function openBuyKcash(languageCode: string): Promise<string> {
  await installEmbeddedTonWallet(page, createTonWallet());
  const initDataRaw = signInitData(
    botToken,
    { id: randomTelegramId(), first_name: 'Ravi', language_code: languageCode },
    { startParam: 'buykcash' },
  );
  await page.goto(miniAppUrl(baseUrl, initDataRaw, 'buykcash'));
  await waitForPath(page, '/tma/buy-kcash');
  await expect.poll(() => storedAccessToken(page), { timeout: 15_000 }).toBeTruthy();
  return (await storedAccessToken(page))!;
}

const LANGUAGES = [
  { telegram: 'en', texts: moneyEn },
  { telegram: 'hi', texts: moneyHi },
  { telegram: 'pt-br', texts: moneyPtBR },
] as const;

describe('Pay with TON in the Mini App', () => {
  for (const { telegram, texts } of LANGUAGES) {
    it(`${telegram}: sends TON with TON Connect and sees the K-Cash credited once the chain has it`, async () => {
      const token = await openBuyKcash(telegram);
      expect(BigInt((await balance(token)).kcashBought.amount)).toBe(0n);
      const card = page.getByTestId('ton-pay');
      await visible(card.getByRole('heading', { name: texts.ton.title }));
      // No USDT checkout inside Telegram: crypto is paid on TON only.
      await expect.poll(() => page.locator('input[name="pay-currency"][value="USDT"]').count()).toBe(0);

      await card.getByLabel(texts.ton.amount).fill('2');
      // 2 TON at the sandbox's 1 TON = 3,000 K-Cash.
      await visible(card.getByText(/^6[,.]000\sK.Cash$/));
      await saveViewportScreenshot(page, `miniapp-ton-pay-quote-${telegram}`);
      await card.getByRole('button', { name: /TON/ }).last().click();

      // The wallet sent one message: Khel's deposit wallet, 2 TON, the memo as a comment.
      await expect.poll(async () => (await tonSentMessages(page)).length, { timeout: 15_000 }).toBe(1);
      const [sent] = await tonSentMessages(page);
      expect(sent).toMatchObject({ amount: '2000000000' });
      expect(sent!.payload).toBeTruthy();

      // The watcher (a job, asked to look by the sandbox chain) credits it; the screen polls until then.
      await visible(page.getByRole('heading', { name: texts.ton.creditedTitle }), 30_000);
      await saveViewportScreenshot(page, `miniapp-ton-pay-credited-${telegram}`);
      expect(BigInt((await balance(token)).kcashBought.amount)).toBe(6_000_000n);
      await expect.poll(() => playedHaptic(page, 'success')).toBe(true);
    });
  }

  it('the swap takes rKHEL only and, holding none, points to Pay with TON', async () => {
    await openBuyKcash('en');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/tma/swap');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await waitForPath(page, '/tma/swap');
    const nothing = page.getByTestId('nothing-to-swap');
    await visible(nothing.getByText(moneyEn.swap.nothingBodyTelegram));
    await visible(nothing.getByRole('link', { name: moneyEn.swap.ways.payWithTon.action }));
    await expect.poll(() => page.getByText('USDT').count()).toBe(0);
    await saveViewportScreenshot(page, 'miniapp-ton-swap-en');
  });
});
