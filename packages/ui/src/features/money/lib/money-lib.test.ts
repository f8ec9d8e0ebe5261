import { ApiError, CONFLICT_MESSAGE } from '@khel/core/client';
import { money } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { describe, expect, it, vi } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { purchaseItem } from '../api/purchase-item.ts';
import { swap } from '../api/swap.ts';
import { BALANCE, ITEM } from '../money-fixtures.ts';
import {
  checkoutUrlWithReturn,
  DEPOSIT_SLOW_AFTER_MS,
  depositPollInterval,
  depositView,
  rememberCheckout,
  rememberedCheckout,
} from './deposit-progress.ts';
import { isStillProcessing, withConflictRetry } from './intent.ts';
import { moneyText, parseTypedAmount, payText, rateText, signedMoneyText } from './money-text.ts';
import { maxQuantityOf, payCurrenciesOf, previewSpend } from './store-spend.ts';
import { availableToSwap, previewSwap, SWAP_SOURCES, swapTargetsOf } from './swap-preview.ts';
import { labelParamsOf } from './transaction-label.ts';

describe('money text: exact, through the core formatter', () => {
  it('ledger currencies with their labels and grouping', () => {
    expect(moneyText(money(6_000_000n, 'KCASH'))).toBe('6,000 K-Cash');
    expect(moneyText(money(1_500_000n, 'USDT'))).toBe('1.5 USDT');
    expect(moneyText({ amount: '1', currency: 'KCASH' })).toBe('0.001 K-Cash');
    expect(signedMoneyText(money(4_500_000n, 'KCASH'), 'out')).toBe('−4,500 K-Cash');
    expect(signedMoneyText(money(9_850_000n, 'KCASH'), 'in')).toBe('+9,850 K-Cash');
  });

  it('payments in INR and BRL with their symbols and two decimals', () => {
    expect(payText({ amount: '84000', currency: 'INR', decimals: 2 })).toBe('₹840.00');
    expect(payText({ amount: '123456789', currency: 'INR', decimals: 2 })).toBe('₹1,234,567.89');
    expect(payText({ amount: '5500', currency: 'BRL', decimals: 2 })).toBe('R$ 55.00');
    expect(payText({ amount: '10000000', currency: 'USDT', decimals: 6 })).toBe('10 USDT');
  });

  it('rates as the contract gives them', () => {
    expect(rateText({ from: 'INR', to: 'USDT', fromMajor: '84', toMajor: '1' })).toBe('₹84 = 1 USDT');
    expect(rateText({ from: 'USDT', to: 'KCASH', fromMajor: '1', toMajor: '1000' })).toBe(
      '1 USDT = 1,000 K-Cash',
    );
  });

  it('reads typed amounts exactly, a decimal comma too, and refuses the rest', () => {
    expect(parseTypedAmount('500', 2)).toBe(50_000n);
    expect(parseTypedAmount('50,5', 2)).toBe(5_050n);
    expect(parseTypedAmount('1,234', 2)).toBe(123_400n);
    expect(parseTypedAmount('0.1', 6)).toBe(100_000n);
    expect(parseTypedAmount('0.001', 2)).toBeNull();
    expect(parseTypedAmount('0', 2)).toBeNull();
    expect(parseTypedAmount('-5', 2)).toBeNull();
    expect(parseTypedAmount('1e3', 2)).toBeNull();
    expect(parseTypedAmount('', 2)).toBeNull();
  });
});

describe('swap preview (the contract’s rate table, exact conversion)', () => {
  it('offers USDT and rKHEL as sources, USDT → K-Cash at 1:1000', () => {
    expect(SWAP_SOURCES).toEqual(['USDT', 'RKHEL']);
    expect(swapTargetsOf('USDT')).toEqual(['KCASH']);
    expect(swapTargetsOf('RKHEL')).toEqual(['KCASH', 'USDT']);
    const p = previewSwap('USDT', 'KCASH', 2_500_000n, 3_500_000n);
    expect(p).toMatchObject({ kind: 'ok', received: 2_500_000n, remainder: 0n });
    expect(moneyText({ amount: (p as { received: bigint }).received, currency: 'KCASH' })).toBe(
      '2,500 K-Cash',
    );
  });

  it('shows the remainder too small to convert, and too-small and short amounts', () => {
    // 1 rKHEL = 50 K-Cash: 20 rKHEL minor units make 1 K-Cash minor unit.
    expect(previewSwap('RKHEL', 'KCASH', 1_000_019n, null)).toMatchObject({
      kind: 'ok',
      received: 50_000n,
      remainder: 19n,
    });
    expect(previewSwap('RKHEL', 'KCASH', 19n, null)).toMatchObject({ kind: 'too-small' });
    expect(previewSwap('USDT', 'KCASH', 4_000_000n, 3_500_000n)).toMatchObject({ kind: 'short' });
    expect(previewSwap('USDT', 'KCASH', null, 3_500_000n)).toEqual({ kind: 'empty' });
    expect(previewSwap('KCASH', 'USDT', 1n, null)).toEqual({ kind: 'unsupported' });
    expect(availableToSwap(BALANCE(), 'USDT')).toBe(3_500_000n);
  });
});

describe('store spend preview (bought K-Cash before earned)', () => {
  it('splits a K-Cash payment as splitKcashSpend does', () => {
    // 4,500 K-Cash from 2,000 bought + 5,000 earned: all bought, then 2,500 earned.
    expect(previewSpend(ITEM, 'KCASH', 1, BALANCE())).toEqual({
      kind: 'kcash',
      total: 4_500_000n,
      fromBought: 2_000_000n,
      fromEarned: 2_500_000n,
    });
    expect(previewSpend(ITEM, 'KCASH', 1, BALANCE({ kcashBought: 9_000_000n }))).toMatchObject({
      fromBought: 4_500_000n,
      fromEarned: 0n,
    });
  });

  it('is short when the balances do not cover the total', () => {
    expect(previewSpend(ITEM, 'KCASH', 2, BALANCE())).toEqual({
      kind: 'short',
      total: 9_000_000n,
      currency: 'KCASH',
      available: 7_000_000n,
    });
    expect(previewSpend(ITEM, 'RKHEL', 1, BALANCE({ rkhel: 1n }))).toMatchObject({ kind: 'short' });
    expect(previewSpend(ITEM, 'RKHEL', 1, BALANCE({ rkhel: 45_000_000n }))).toMatchObject({
      kind: 'rkhel',
      fromRkhel: 45_000_000n,
    });
  });

  it('offers only the currencies an item has a price in, and no more than stock and the cap', () => {
    expect(payCurrenciesOf(ITEM)).toEqual(['KCASH', 'RKHEL']);
    expect(payCurrenciesOf({ ...ITEM, prices: { kcash: null, rkhel: ITEM.prices.rkhel } })).toEqual([
      'RKHEL',
    ]);
    expect(maxQuantityOf(ITEM, 10)).toBe(3);
    expect(maxQuantityOf({ ...ITEM, stock: 50 }, 10)).toBe(10);
    expect(maxQuantityOf({ ...ITEM, stock: 0, inStock: false }, 10)).toBe(0);
  });
});

describe('deposit progress', () => {
  it('maps statuses to what the screen shows; slow after a while pending', () => {
    expect(depositView('pending', 0)).toBe('processing');
    expect(depositView(undefined, 0)).toBe('processing');
    expect(depositView('pending', DEPOSIT_SLOW_AFTER_MS)).toBe('slow');
    expect(depositView('paid', DEPOSIT_SLOW_AFTER_MS + 1)).toBe('slow');
    expect(depositView('credited', 0)).toBe('success');
    expect(depositView('failed', 0)).toBe('failed');
    expect(depositView('expired', 0)).toBe('failed');
    expect(depositView('refund_due', 0)).toBe('refund_due');
  });

  it('polls while open and stops once settled', () => {
    expect(depositPollInterval('pending', 0)).toBe(2_000);
    expect(depositPollInterval('pending', 120_000)).toBe(5_000);
    expect(depositPollInterval('credited', 0)).toBe(false);
    expect(depositPollInterval('expired', 0)).toBe(false);
  });

  it('adds the return address to the checkout and remembers it for the tab', () => {
    const url = checkoutUrlWithReturn(
      'http://127.0.0.1:8080/api/sandbox/payments/sbpay_1',
      'http://127.0.0.1:8080/buy-kcash/?deposit=d1',
    );
    expect(new URL(url).searchParams.get('return_url')).toBe('http://127.0.0.1:8080/buy-kcash/?deposit=d1');
    const store = new Map<string, string>();
    const storage = {
      setItem: (k: string, v: string) => void store.set(k, v),
      getItem: (k: string) => store.get(k) ?? null,
    };
    rememberCheckout(storage, 'd1', url);
    expect(rememberedCheckout(storage, 'd1')).toBe(url);
    expect(rememberedCheckout(storage, 'd2')).toBeNull();
  });
});

describe('one Idempotency-Key per intent; 409 "still in progress" waits and asks again', () => {
  const SWAPPED = {
    debited: money(1_000_000n, 'USDT'),
    converted: money(1_000_000n, 'USDT'),
    remainder: money(0n, 'USDT'),
    received: money(1_000_000n, 'KCASH'),
    rate: { from: 'USDT', to: 'KCASH', fromMajor: '1', toMajor: '1000' },
  };

  it('retries a 409 conflict with the same key and returns the replayed answer', async () => {
    const api = fakeApi({
      'POST /api/onramp/swap': [envelope(409, null, CONFLICT_MESSAGE), envelope(200, SWAPPED, 'Swapped')],
    });
    const onWaiting = vi.fn();
    const result = await withConflictRetry(
      () => swap(api.client, { from: 'USDT', to: 'KCASH', amount: '1000000' }, 'intent-7'),
      { onWaiting, sleep: async () => {} },
    );
    expect(result.received.amount).toBe('1000000');
    expect(onWaiting).toHaveBeenCalledTimes(1);
    expect(api.calls.map((c) => c.headers['Idempotency-Key'])).toEqual(['intent-7', 'intent-7']);
  });

  it('a shortfall (409 with the SPEC §8 text) is not retried: the screen shows it', async () => {
    const api = fakeApi({ 'POST /api/k-store/purchase': [envelope(409, null, MESSAGES.notEnoughBalance)] });
    const attempt = withConflictRetry(
      () => purchaseItem(api.client, { itemId: ITEM.id, quantity: 1, currency: 'KCASH' }, 'intent-8'),
      { sleep: async () => {} },
    );
    await expect(attempt).rejects.toMatchObject({
      status: 409,
      message: 'Uh-oh! Not Enough K-Cash or rKHEL',
    });
    expect(api.calls).toHaveLength(1);
  });

  it('gives up after its retries, still with one key', async () => {
    const api = fakeApi({
      'POST /api/onramp/swap': Array.from({ length: 4 }, () => envelope(409, null, CONFLICT_MESSAGE)),
    });
    const attempt = withConflictRetry(
      () => swap(api.client, { from: 'USDT', to: 'KCASH', amount: '1' }, 'intent-9'),
      { retries: 3, sleep: async () => {} },
    );
    await expect(attempt).rejects.toSatisfy(isStillProcessing);
    expect(new Set(api.calls.map((c) => c.headers['Idempotency-Key']))).toEqual(new Set(['intent-9']));
    expect(isStillProcessing(new ApiError(409, MESSAGES.notEnoughBalance))).toBe(false);
  });
});

describe('history label parameters', () => {
  const texts = {
    aStoreItem: 'a store item',
    itemWithQuantity: (q: string, name: string) => `${q} × ${name}`,
  };
  it('writes the item as the API’s English label does', () => {
    expect(
      labelParamsOf({ labelParams: { currency: 'K-Cash', itemName: 'BGMI', quantity: '2' } }, texts).item,
    ).toBe('2 × BGMI');
    expect(
      labelParamsOf({ labelParams: { currency: 'K-Cash', itemName: 'BGMI', quantity: '1' } }, texts).item,
    ).toBe('BGMI');
    expect(labelParamsOf({ labelParams: { currency: 'K-Cash' } }, texts)).toEqual({
      currency: 'K-Cash',
      item: 'a store item',
    });
  });
});
