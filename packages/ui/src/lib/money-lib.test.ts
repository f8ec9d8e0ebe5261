import { ApiError, CONFLICT_MESSAGE } from '@khel/core/client';
import { money } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { describe, expect, it, vi } from 'vitest';
import { swap } from '../features/payments/api/swap.ts';
import { purchaseItem } from '../features/store/api/purchase-item.ts';
import { envelope, fakeApi } from '../test/fake-api.ts';
import { ITEM } from '../test/money-fixtures.ts';
import { isStillProcessing, withConflictRetry } from './intent.ts';
import { moneyText, parseTypedAmount, payText, rateText, signedMoneyText } from './money-text.ts';
import { labelParamsOf } from './transaction-label.ts';

describe('money text through the core formatter: exact, and whole K-Cash in the history', () => {
  it('ledger currencies with their labels and grouping', () => {
    expect(moneyText(money(6_000_000n, 'KCASH'))).toBe('6,000\u00a0K\u2011Cash');
    expect(moneyText(money(1_500_000n, 'USDT'))).toBe('1.5\u00a0USDT');
    expect(moneyText({ amount: '1', currency: 'KCASH' })).toBe('0.001\u00a0K\u2011Cash');
    expect(signedMoneyText(money(4_500_000n, 'KCASH'), 'out')).toBe('−4,500\u00a0K\u2011Cash');
    expect(signedMoneyText(money(5_863_094n, 'KCASH'), 'in')).toBe('+5,863\u00a0K\u2011Cash');
    expect(signedMoneyText(money(9_850_000n, 'KCASH'), 'in')).toBe('+9,850\u00a0K\u2011Cash');
  });

  it('payments in INR and BRL with their symbols and two decimals', () => {
    expect(payText({ amount: '84000', currency: 'INR', decimals: 2 })).toBe('₹840.00');
    expect(payText({ amount: '123456789', currency: 'INR', decimals: 2 })).toBe('₹12,34,567.89');
    expect(payText({ amount: '5500', currency: 'BRL', decimals: 2 })).toBe('R$ 55.00');
    expect(payText({ amount: '10000000', currency: 'USDT', decimals: 6 })).toBe('10\u00a0USDT');
  });

  it('rates as the contract gives them', () => {
    expect(rateText({ from: 'INR', to: 'USDT', fromMajor: '84', toMajor: '1' })).toBe('₹84 = 1\u00a0USDT');
    expect(rateText({ from: 'USDT', to: 'KCASH', fromMajor: '1', toMajor: '1000' })).toBe(
      '1\u00a0USDT = 1,000\u00a0K\u2011Cash',
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
      'POST /api/onramp/swap': [
        envelope(409, { code: 'IN_PROGRESS' }, CONFLICT_MESSAGE),
        envelope(200, SWAPPED, 'Swapped'),
      ],
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
    const api = fakeApi({
      'POST /api/k-store/purchase': [
        envelope(409, { code: 'INSUFFICIENT_FUNDS' }, MESSAGES.notEnoughBalance),
      ],
    });
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
      'POST /api/onramp/swap': Array.from({ length: 4 }, () =>
        envelope(409, { code: 'IN_PROGRESS' }, CONFLICT_MESSAGE),
      ),
    });
    const attempt = withConflictRetry(
      () => swap(api.client, { from: 'USDT', to: 'KCASH', amount: '1' }, 'intent-9'),
      { retries: 3, sleep: async () => {} },
    );
    await expect(attempt).rejects.toSatisfy(isStillProcessing);
    expect(new Set(api.calls.map((c) => c.headers['Idempotency-Key']))).toEqual(new Set(['intent-9']));
    expect(
      isStillProcessing(new ApiError(409, MESSAGES.notEnoughBalance, { code: 'INSUFFICIENT_FUNDS' })),
    ).toBe(false);
    // The code decides, not the English text.
    expect(isStillProcessing(new ApiError(409, CONFLICT_MESSAGE))).toBe(false);
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
