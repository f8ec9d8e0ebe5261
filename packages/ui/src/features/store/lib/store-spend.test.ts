import { describe, expect, it } from 'vitest';
import { BALANCE, ITEM } from '../../../test/money-fixtures.ts';
import { maxQuantityOf, payCurrenciesOf, previewSpend } from './store-spend.ts';

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
    expect(
      payCurrenciesOf({ ...ITEM, prices: { kcash: null, rkhel: ITEM.prices.rkhel, stars: null } }),
    ).toEqual(['RKHEL']);
    expect(maxQuantityOf(ITEM, 10)).toBe(3);
    expect(maxQuantityOf({ ...ITEM, stock: 50 }, 10)).toBe(10);
    expect(maxQuantityOf({ ...ITEM, stock: 0, inStock: false }, 10)).toBe(0);
  });
});
