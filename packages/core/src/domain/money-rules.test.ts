import { describe, expect, it } from 'vitest';
import { POG_SLOT_PRICES } from '../contract/pog.ts';
import { convertMinor, KCASH_TO_USDT_RATE } from '../format/money.ts';
import { RKHEL_TO_KCASH_RATE, SWAP_PAIRS, samePriceInKcashAndRkhel, swapRateOf } from './money-rules.ts';

describe('one value of rKHEL (1 rKHEL = 100 K-Cash) everywhere a price or a swap uses it', () => {
  it('a POG avatar slot costs the same in K-Cash and in rKHEL: 500 K-Cash or 5 rKHEL', () => {
    expect(POG_SLOT_PRICES).toEqual({ KCASH: 500_000n, RKHEL: 5_000_000n });
    expect(samePriceInKcashAndRkhel(POG_SLOT_PRICES.KCASH, POG_SLOT_PRICES.RKHEL)).toBe(true);
  });

  it('swapping rKHEL gives what paying with it is worth, to K-Cash and to USDT alike', () => {
    expect(swapRateOf('RKHEL', 'KCASH')).toEqual(RKHEL_TO_KCASH_RATE);
    // 5 rKHEL swapped to K-Cash buy the slot that 5 rKHEL pay for.
    expect(convertMinor(POG_SLOT_PRICES.RKHEL, 'RKHEL', 'KCASH', swapRateOf('RKHEL', 'KCASH')!)).toEqual({
      amount: POG_SLOT_PRICES.KCASH,
      remainder: 0n,
    });
    // rKHEL → USDT is rKHEL → K-Cash → USDT (1 USDT = 1000 K-Cash): 10 rKHEL = 1 USDT.
    const oneRkhel = 1_000_000n;
    const viaKcash = convertMinor(
      convertMinor(oneRkhel * 10n, 'RKHEL', 'KCASH', RKHEL_TO_KCASH_RATE).amount,
      'KCASH',
      'USDT',
      KCASH_TO_USDT_RATE,
    ).amount;
    expect(convertMinor(oneRkhel * 10n, 'RKHEL', 'USDT', swapRateOf('RKHEL', 'USDT')!).amount).toBe(viaKcash);
    expect(viaKcash).toBe(1_000_000n);
    expect(SWAP_PAIRS.map((p) => `${p.from}>${p.to}`)).toEqual(['RKHEL>KCASH', 'RKHEL>USDT', 'USDT>KCASH']);
  });

  it('tells a price that asks 1 000× too much rKHEL (the slot’s old 5 000 rKHEL) from a right one', () => {
    expect(samePriceInKcashAndRkhel(500_000n, 5_000_000_000n)).toBe(false);
    expect(samePriceInKcashAndRkhel(6_000_000n, 60_000_000n)).toBe(true);
    expect(samePriceInKcashAndRkhel(100n, 1n)).toBe(false);
  });
});
