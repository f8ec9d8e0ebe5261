/// <reference lib="dom" />
// page.evaluate() callbacks run in the browser.
import type { Envelope, TransactionsPage } from '@khel/core/contract';
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePhonePage } from './support/phone-page.ts';
import { e2eServer } from './support/server.ts';
import { saveScreenshot, visible, waitForPath } from './support/ui.ts';
import { accessTokenOf, apiSignInWithGoogle, signInByPhone, startSession } from './support/web-session.ts';

const baseUrl = e2eServer().baseUrl;

let page: Page;
usePhonePage(baseUrl, (p) => {
  page = p;
});

/** Credits the signed-in user from the treasury (dev route, outside production only). */
async function grant(token: string, balance: string, amount: string, currency: string) {
  const response = await fetch(`${baseUrl}/api/dev/ledger/grant`, {
    method: 'POST',
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': crypto.randomUUID(),
    },
    body: JSON.stringify({ balance, amount, currency }),
  });
  if (response.status !== 201) throw new Error(`grant answered ${response.status}: ${await response.text()}`);
}

async function history(token: string, type?: string): Promise<TransactionsPage> {
  const response = await fetch(`${baseUrl}/api/transactions${type ? `?type=${type}` : ''}`, {
    headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as Envelope<TransactionsPage>).data;
}

const kcashTotal = () => page.getByTestId('kcash-total');

/** The money writes the page sends, with their Idempotency-Key. */
function recordMoneyWrites(): { method: string; path: string; key: string | undefined }[] {
  const writes: { method: string; path: string; key: string | undefined }[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'POST' && /\/api\/(onramp|k-store)\//.test(url.pathname))
      writes.push({
        method: request.method(),
        path: url.pathname,
        key: request.headers()['idempotency-key'],
      });
  });
  return writes;
}

describe('money on the website', () => {
  it('phone sign-in, buy K-Cash with UPI through the sandbox checkout, nothing to swap yet, quests that pay rKHEL, swap rKHEL, buy in the K-Store, receipt and history', async () => {
    await signInByPhone(page, baseUrl);
    const token = (await accessTokenOf(page))!;
    const writes = recordMoneyWrites();

    // ---- Buy K-Cash: quote before confirming, then the sandbox checkout, then back to the progress.
    await page.goto('/buy-kcash/');
    await visible(page.getByText('1 USDT = 1,000 K-Cash', { exact: true }));
    await visible(kcashTotal().filter({ hasText: '0 K\u2011Cash' }));
    await page.getByText('UPI', { exact: true }).click();
    await page.getByLabel('Amount in INR').fill('840');
    // ₹840 = 10 USDT; the 1.5% UPI fee is 0.15 USDT (₹12.60); 9.85 USDT buy 9,850 K-Cash. A UPI payer
    // reads the rate and the fee in rupees.
    const quote = page.getByRole('definition');
    await visible(quote.filter({ hasText: '9,850 K\u2011Cash' }));
    await visible(quote.filter({ hasText: '₹84.00 = 1,000 K\u2011Cash' }));
    await visible(quote.filter({ hasText: '₹12.60' }));
    await visible(page.getByText('Fee 1.5%', { exact: false }));
    await saveScreenshot(page, 'web-money-buy-quote');
    expect(writes).toEqual([]);
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByRole('heading', { name: 'Confirm your payment' }));
    await page.getByRole('button', { name: 'Pay ₹840.00' }).click();

    // The sandbox provider's page (not a real payment), then back to /buy-kcash/?deposit=<id>.
    await page.waitForURL(/\/api\/sandbox\/payments\//);
    await visible(page.getByRole('heading', { name: 'Pay 840.00 INR' }));
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/buy-kcash\/\?deposit=[0-9a-f-]{36}$/);
    await visible(page.getByText('Payment complete!'));
    await visible(kcashTotal().filter({ hasText: '9,850 K\u2011Cash' }));
    await saveScreenshot(page, 'web-money-buy-done');
    expect(writes.map((w) => w.path)).toEqual(['/api/onramp/deposit']);

    // ---- Swap. Bought K-Cash is nothing to swap: the screen says what a gamer can do instead of refusing.
    await page.goto('/swap');
    const nothing = page.getByTestId('nothing-to-swap');
    await visible(nothing.getByRole('heading', { name: 'Nothing to swap yet' }));
    await visible(nothing.getByRole('link', { name: 'Buy K-Cash' }));
    expect(await page.getByText(/Not enough|Not Enough|coming soon/).count()).toBe(0);
    await saveScreenshot(page, 'web-money-swap-nothing');
    await nothing.getByRole('link', { name: 'Quests that pay rKHEL' }).click();
    await waitForPath(page, '/k-quest');
    expect(new URL(page.url()).searchParams.get('reward')).toBe('rkhel');
    await visible(page.getByRole('button', { name: 'rKHEL', pressed: true }));
    await visible(page.getByRole('heading', { name: 'Bullie Racer Grand Prix' }));
    expect(await page.getByRole('heading', { name: 'Squad Royale: Drop In' }).count()).toBe(0);

    // 25 rKHEL, as quests pay it (granted here): the swap starts from rKHEL, 25 rKHEL → 2,500 K-Cash.
    await grant(token, 'rkhel', '25000000', 'RKHEL');
    await page.goto('/swap');
    await visible(page.getByText('Available: 25 rKHEL'));
    expect(await page.getByRole('radio', { name: /rKHEL/ }).isChecked()).toBe(true);
    await page.getByLabel('Amount in rKHEL').fill('25');
    await visible(page.getByRole('definition').filter({ hasText: '2,500 K\u2011Cash' }));
    await page.getByRole('button', { name: 'Review swap' }).click();
    await visible(page.getByRole('heading', { name: 'Confirm your swap' }));
    await visible(page.getByText('25 rKHEL will leave your rKHEL balance.'));
    await page.getByRole('button', { name: 'Swap now' }).click();
    await visible(page.getByRole('heading', { name: 'Swap complete' }));
    await visible(kcashTotal().filter({ hasText: '12,350 K\u2011Cash' }));
    await saveScreenshot(page, 'web-money-swap-done');
    const swaps = writes.filter((w) => w.path === '/api/onramp/swap');
    expect(swaps).toHaveLength(1);
    expect(swaps[0]!.key).toMatch(/^[0-9a-f-]{36}$/);

    // ---- K-Store: buy BGMI 325 UC (4,500 K-Cash), paid from bought K-Cash, then the receipt.
    await page.goto('/k-store/');
    await page.getByRole('button', { name: 'Buy: BGMI 325 UC' }).click();
    await visible(page.getByRole('heading', { name: 'BGMI 325 UC' }));
    await page.getByRole('button', { name: 'Review purchase' }).click();
    await visible(page.getByRole('heading', { name: 'Confirm your purchase' }));
    const paidFrom = page.getByRole('definition');
    await visible(paidFrom.filter({ hasText: '4,500 K\u2011Cash' }).first());
    await visible(page.getByText('Bought K-Cash is spent first', { exact: false }));
    await saveScreenshot(page, 'web-money-store-confirm');
    // A double tap buys once.
    await page.getByRole('button', { name: 'Buy now' }).dblclick();
    await waitForPath(page, '/purchase-confirmation');
    expect(new URL(page.url()).searchParams.get('orderId')).toMatch(/^[0-9a-f-]{36}$/);
    await visible(page.getByText('Thank you for your purchase!'));
    await visible(page.getByText(/KHEL-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}/).first());
    await visible(page.getByRole('button', { name: 'Copy' }));
    await saveScreenshot(page, 'web-money-receipt');
    const purchases = writes.filter((w) => w.path === '/api/k-store/purchase');
    expect(new Set(purchases.map((w) => w.key)).size).toBe(1);
    expect((await history(token, 'shop')).list).toHaveLength(1);

    // ---- Transaction history: the deposit, the swap and the purchase, with tabs.
    await page.getByRole('link', { name: 'Transaction history' }).click();
    await waitForPath(page, '/transaction-history');
    await visible(page.getByText('Bought BGMI 325 UC in the K-Store'));
    await page.getByRole('button', { name: 'Buy & swap' }).click();
    await visible(page.getByText('Bought K-Cash', { exact: true }));
    await visible(page.getByText('Swapped into K-Cash'));
    await visible(page.getByText('+9,850 K\u2011Cash'));
    expect(await page.getByText('Bought BGMI 325 UC in the K-Store').count()).toBe(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await visible(page.getByText('Bought BGMI 325 UC in the K-Store'));
    await visible(page.getByText('Test credit of rKHEL'));
    await saveScreenshot(page, 'web-money-history');
  });

  it('a declined payment says Payment Failed, and Try again goes back to the form', async () => {
    await startSession(page, baseUrl, await apiSignInWithGoogle(baseUrl));
    await page.goto('/buy-kcash/');
    await page.getByText('PIX', { exact: true }).click();
    await page.getByLabel('Amount in BRL').fill('55');
    await visible(page.getByRole('definition').filter({ hasText: '9,900 K\u2011Cash' }));
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Pay R$ 55.00' }).click();
    await page.waitForURL(/\/api\/sandbox\/payments\//);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.waitForURL(/\/buy-kcash\/\?deposit=/);
    await visible(page.getByText('Payment Failed, Please try again!'));
    await visible(kcashTotal().filter({ hasText: '0 K\u2011Cash' }));
    await page.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByLabel('Amount in INR'));
  });

  it('short of K-Cash: the SPEC message and a way to buy K-Cash', async () => {
    await startSession(page, baseUrl, await apiSignInWithGoogle(baseUrl));
    await page.goto('/k-store/');
    await page.getByRole('button', { name: 'Game currency' }).click();
    await page.getByRole('button', { name: 'Buy: Free Fire 310 Diamonds' }).click();
    await visible(page.getByText('Uh-oh! Not Enough K-Cash or rKHEL'));
    await expect(page.getByRole('button', { name: 'Review purchase' }).isDisabled()).resolves.toBe(true);
    await saveScreenshot(page, 'web-money-store-short');
    await page.getByRole('link', { name: 'Buy K-Cash' }).last().click();
    await waitForPath(page, '/buy-kcash');
  });

  it('a visitor sees the catalogue and is asked to sign in to buy', async () => {
    await page.goto('/k-store/');
    await page.getByRole('button', { name: 'Buy: BGMI 325 UC' }).click();
    await visible(page.locator('dialog[open]').getByLabel('Phone number', { exact: true }));
  });
});
