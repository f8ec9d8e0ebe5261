/**
 * Screenshots of the money screens (buy K-Cash, deposit progress, swap, K-Store, receipt, history)
 * on the website and in the Mini App, at 390×844 in every language, for looking at the UI (not a
 * test). Needs a running all-in-one server with both builds (see screenshots.ts):
 *
 *   pnpm exec tsx apps/web/scripts/money-screenshots.ts [baseUrl] [outDir]
 *
 * Defaults: http://localhost:8080 and /tmp/khel-money-screenshots. Users sign in through the sandbox
 * Google provider and get test balances from the development ledger grant.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

type PlaywrightCore = typeof import('playwright-core');
type Page = import('playwright-core').Page;

const here = fileURLToPath(new URL('.', import.meta.url));
const requireFromTests = createRequire(resolve(here, '../../../tests/package.json'));
const { chromium } = requireFromTests('playwright-core') as PlaywrightCore;

const baseUrl = (process.argv[2] ?? 'http://localhost:8080').replace(/\/+$/, '');
const outDir = process.argv[3] ?? '/tmp/khel-money-screenshots';
const LANGUAGES = ['en', 'hi', 'pt-BR'] as const;

interface Envelope<T> {
  success: boolean;
  data: T;
  message: string;
}

async function call<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${method} ${path}: ${res.status} ${envelope.message}`);
  return envelope.data;
}

async function signIn(): Promise<{ accessToken: string; idToken: string; user: { id: string } }> {
  const form = new URLSearchParams({
    redirect_uri: 'http://localhost:5173/',
    state: 'shots',
    email: `shots.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`,
  });
  const answer = await fetch(`${baseUrl}/api/sandbox/google/authorize`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = answer.headers.get('location') ?? '';
  const idToken = new URLSearchParams(new URL(location).hash.slice(1)).get('id_token');
  return call('POST', '/authentication/google', undefined, { idToken });
}

/** Pays (or declines) a deposit through the sandbox checkout, as the payer would. */
async function checkout(url: string, outcome: 'succeed' | 'fail') {
  await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });
}

async function shot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(200);
  const file = join(outDir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
    ],
  });
  try {
    for (const lang of LANGUAGES) {
      const auth = await signIn();
      const token = auth.accessToken;
      await call('POST', '/dev/ledger/grant', token, {
        balance: 'kcashEarned',
        amount: '1200000',
        currency: 'KCASH',
      });
      await call('POST', '/dev/ledger/grant', token, {
        balance: 'usdt',
        amount: '5000000',
        currency: 'USDT',
      });
      await call('POST', '/dev/ledger/grant', token, {
        balance: 'rkhel',
        amount: '40000000',
        currency: 'RKHEL',
      });
      await call('POST', '/dev/ledger/grant', token, {
        balance: 'kpoints',
        amount: '350',
        currency: 'KPOINTS',
      });
      const paid = await call<{ depositId: string; checkoutUrl: string }>('POST', '/onramp/deposit', token, {
        amount: '84000',
        currency: 'INR',
      });
      await checkout(paid.checkoutUrl, 'succeed');
      const failed = await call<{ depositId: string; checkoutUrl: string }>(
        'POST',
        '/onramp/deposit',
        token,
        {
          amount: '5500',
          currency: 'BRL',
        },
      );
      await checkout(failed.checkoutUrl, 'fail');
      const open = await call<{ depositId: string }>('POST', '/onramp/deposit', token, {
        amount: '10000000',
        currency: 'USDT',
      });
      const items = await call<{ items: { id: string; sku: string }[] }>('GET', '/k-store/items');
      const bgmi = items.items.find((i) => i.sku === 'game-bgmi-uc-325')!;
      const order = await call<{ id: string }>('POST', '/k-store/purchase', token, {
        itemId: bgmi.id,
        quantity: 2,
        currency: 'KCASH',
      });

      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 1,
      });
      await context.addInitScript(
        ({ language, accessToken, idToken, userId }) => {
          localStorage.setItem('khel-pref.language', language);
          localStorage.setItem('tma-pref:language', language);
          localStorage.setItem('khel.accessToken', accessToken);
          localStorage.setItem('khel.idToken', idToken);
          localStorage.setItem('khel.userId', userId);
        },
        { language: lang, accessToken: token, idToken: auth.idToken, userId: auth.user.id },
      );
      const page = await context.newPage();
      const go = async (path: string, waitFor: string) => {
        await page.goto(`${baseUrl}${path}`);
        await page.locator(waitFor).first().waitFor();
      };

      await go('/home', '#home-money');
      await shot(page, `${lang}-web-home`);

      await go('/buy-kcash/', '.balances__total');
      await page.locator('.amount-input__control').fill('840');
      await page.locator('.summary__row--total').waitFor();
      await shot(page, `${lang}-web-buy-quote`);
      await page.locator('form button[type="submit"]').click();
      await page.locator('.confirm').waitFor();
      await shot(page, `${lang}-web-buy-confirm`);

      await go(`/buy-kcash/?deposit=${paid.depositId}`, '.notice--success');
      await shot(page, `${lang}-web-deposit-success`);
      await go(`/buy-kcash/?deposit=${failed.depositId}`, '.notice--error');
      await shot(page, `${lang}-web-deposit-failed`);
      await go(`/buy-kcash/?deposit=${open.depositId}`, '.money-progress');
      if (lang === 'en') await page.locator('.notice--info').waitFor({ timeout: 30_000 });
      await shot(page, `${lang}-web-deposit-pending`);

      await go('/swap', '.balances__total');
      await page.locator('.amount-input__control').fill('2.5');
      await page.locator('.summary__row--total').waitFor();
      await shot(page, `${lang}-web-swap-preview`);
      await page.locator('form button[type="submit"]').click();
      await page.locator('.confirm').waitFor();
      await shot(page, `${lang}-web-swap-confirm`);
      await page.locator('.confirm .button--primary').click();
      await page.locator('#swap-done-title').waitFor();
      await shot(page, `${lang}-web-swap-done`);

      await go('/k-store/', '.store-item');
      await shot(page, `${lang}-web-store`);
      await page.locator('.store-item[data-sku="game-bgmi-uc-325"] .button--primary').click();
      await page.locator('.purchase__form').waitFor();
      await shot(page, `${lang}-web-store-item`);
      await page.locator('.purchase__form button[type="submit"]').click();
      await page.locator('.purchase__confirm-title').waitFor();
      await shot(page, `${lang}-web-store-confirm`);
      await go(
        `/k-store/?item=${items.items.find((i) => i.sku === 'gift-google-play-br-50')!.id}`,
        '.notice--error',
      );
      await shot(page, `${lang}-web-store-short`);

      await go(`/purchase-confirmation?orderId=${order.id}`, '.receipt');
      await shot(page, `${lang}-web-receipt`);
      await go('/transaction-history/', '.history__line');
      await shot(page, `${lang}-web-history`);

      // The Mini App outside Telegram signs in as the development Telegram user.
      await go('/tma/k-store/', '.store-item');
      await shot(page, `${lang}-tma-store`);
      await go('/tma/transaction-history/', '.page-title');
      await shot(page, `${lang}-tma-history`);
      await go('/tma/swap', '.balances');
      await shot(page, `${lang}-tma-swap`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

await main();
