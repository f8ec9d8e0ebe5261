import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitKcashSpend } from '../domain/money-rules.ts';
import {
  BALANCE_CURRENCY_MISMATCH_MESSAGE,
  devLedgerGrantBodySchema,
  money,
  moneySchema,
  positiveMinorUnitsSchema,
} from './wallets.ts';

describe('money on the wire', () => {
  it('is a string of minor units with the currency and its decimals', () => {
    expect(money(1_500_000n, 'USDT')).toEqual({ amount: '1500000', currency: 'USDT', decimals: 6 });
    expect(money(1_000_000n, 'KCASH')).toEqual({ amount: '1000000', currency: 'KCASH', decimals: 3 });
    expect(money(-5n, 'KPOINTS')).toEqual({ amount: '-5', currency: 'KPOINTS', decimals: 0 });
  });

  it('refuses numbers, fractions, leading zeros and decimals that are not the currency’s', () => {
    for (const bad of [
      { amount: 15, currency: 'USDT', decimals: 6 },
      { amount: '1.5', currency: 'USDT', decimals: 6 },
      { amount: '015', currency: 'USDT', decimals: 6 },
      { amount: '-0', currency: 'USDT', decimals: 6 },
      { amount: '15', currency: 'USDT', decimals: 3 },
      { amount: '15', currency: 'INR', decimals: 2 },
    ])
      expect(moneySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(positiveMinorUnitsSchema.safeParse('0').success).toBe(false);
    expect(positiveMinorUnitsSchema.safeParse('9'.repeat(18)).success).toBe(true);
    expect(positiveMinorUnitsSchema.safeParse('1'.repeat(19)).success).toBe(false);
  });

  it('a grant names a balance and its own currency', () => {
    expect(
      devLedgerGrantBodySchema.safeParse({ balance: 'kcashEarned', amount: '1', currency: 'KCASH' }).success,
    ).toBe(true);
    const wrong = devLedgerGrantBodySchema.safeParse({
      balance: 'kcashEarned',
      amount: '1',
      currency: 'USDT',
    });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toBe(BALANCE_CURRENCY_MISMATCH_MESSAGE);
  });
});

describe('splitKcashSpend: bought K-Cash first, then earned', () => {
  it('examples', () => {
    expect(splitKcashSpend({ kcashBought: 3_000n, kcashEarned: 5_000n }, 2_000n)).toEqual({
      fromBought: 2_000n,
      fromEarned: 0n,
    });
    expect(splitKcashSpend({ kcashBought: 1_000n, kcashEarned: 5_000n }, 4_000n)).toEqual({
      fromBought: 1_000n,
      fromEarned: 3_000n,
    });
    expect(splitKcashSpend({ kcashBought: 1_000n, kcashEarned: 2_999n }, 4_000n)).toBeNull();
  });

  it('always pays exactly the amount, never more than either balance, as much as possible from bought', () => {
    const units = fc.bigInt({ min: 0n, max: 10n ** 15n });
    fc.assert(
      fc.property(units, units, fc.bigInt({ min: 1n, max: 3n * 10n ** 15n }), (bought, earned, amount) => {
        const split = splitKcashSpend({ kcashBought: bought, kcashEarned: earned }, amount);
        if (bought + earned < amount) return split === null;
        expect(split).not.toBeNull();
        const { fromBought, fromEarned } = split!;
        expect(fromBought + fromEarned).toBe(amount);
        // Bought covers all of it when it can; otherwise all of bought is used.
        if (bought >= amount) expect(fromBought).toBe(amount);
        else expect(fromBought).toBe(bought);
        expect(fromEarned >= 0n && fromEarned <= earned).toBe(true);
        return true;
      }),
    );
  });
});
