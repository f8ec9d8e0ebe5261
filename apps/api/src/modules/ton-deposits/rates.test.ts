import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  kcashForTon,
  quoteTon,
  SANDBOX_TON_RATE,
  sandboxTonRates,
  TON_DEPOSIT_LIMITS,
  tonForKcash,
} from './rates.ts';

describe('TON quotes', () => {
  it('converts nanoton to K-Cash minor units at the rate, rounding down', () => {
    expect(kcashForTon(1_000_000_000n, SANDBOX_TON_RATE)).toBe(3_000_000n);
    expect(kcashForTon(1n, SANDBOX_TON_RATE)).toBe(0n);
    expect(kcashForTon(333_333_334n, SANDBOX_TON_RATE)).toBe(1_000_000n);
  });

  it('a K-Cash target asks the least TON that buys at least it', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        fc.bigInt({ min: 1n, max: 100n }),
        fc.bigInt({ min: 1n, max: 100_000n }),
        (kcash, fromMajor, toMajor) => {
          const rate = { fromMajor, toMajor };
          const ton = tonForKcash(kcash, rate);
          expect(kcashForTon(ton, rate)).toBeGreaterThanOrEqual(kcash);
          expect(kcashForTon(ton - 1n, rate)).toBeLessThan(kcash);
        },
      ),
    );
  });

  it('refuses amounts outside the limits', () => {
    expect(quoteTon({ amount: TON_DEPOSIT_LIMITS.minimum - 1n }, SANDBOX_TON_RATE)).toEqual({
      problem: 'below_minimum',
    });
    expect(quoteTon({ amount: TON_DEPOSIT_LIMITS.maximum + 1n }, SANDBOX_TON_RATE)).toEqual({
      problem: 'above_maximum',
    });
    expect(quoteTon({ kcash: 1n }, SANDBOX_TON_RATE)).toEqual({ problem: 'below_minimum' });
    expect(quoteTon({ amount: TON_DEPOSIT_LIMITS.minimum }, SANDBOX_TON_RATE)).toEqual({
      amount: TON_DEPOSIT_LIMITS.minimum,
      kcash: 300_000n,
      rate: SANDBOX_TON_RATE,
    });
  });

  it('the sandbox provider answers its rate, which tests move, and refuses a non-positive one', async () => {
    const rates = sandboxTonRates();
    expect(await rates.current()).toEqual(SANDBOX_TON_RATE);
    rates.set({ fromMajor: 2n, toMajor: 5000n });
    expect(await rates.current()).toEqual({ fromMajor: 2n, toMajor: 5000n });
    expect(() => rates.set({ fromMajor: 0n, toMajor: 1n })).toThrow();
  });
});
