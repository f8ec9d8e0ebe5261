import type { OnrampCurrency } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { FEE_SCHEDULE, MAX_FEE_SHARE_BASIS_POINTS, quoteDeposit } from './rates.ts';

describe('the deposit fee schedule', () => {
  const currencies = Object.keys(FEE_SCHEDULE) as OnrampCurrency[];

  it.each(currencies)(
    '%s: the fee on the smallest allowed deposit is at most 2% of its value',
    (currency) => {
      const quote = quoteDeposit(FEE_SCHEDULE[currency].minimum, currency);
      expect(quote.usdtValue).toBeGreaterThan(0n);
      expect(quote.fee * 10_000n).toBeLessThanOrEqual(quote.usdtValue * BigInt(MAX_FEE_SHARE_BASIS_POINTS));
      expect(quote.kcash).toBeGreaterThan(0n);
    },
  );

  it('a larger deposit never pays a larger share than the minimum does', () => {
    for (const currency of currencies) {
      const { minimum, maximum } = FEE_SCHEDULE[currency];
      const atMinimum = quoteDeposit(minimum, currency);
      for (const amount of [minimum * 2n, minimum * 10n + 7n, maximum]) {
        const quote = quoteDeposit(amount, currency);
        // fee / value ≤ fee(min) / value(min), cross-multiplied to stay in integers.
        expect(quote.fee * atMinimum.usdtValue).toBeLessThanOrEqual(
          atMinimum.fee * quote.usdtValue + quote.usdtValue,
        );
      }
    }
  });
});
