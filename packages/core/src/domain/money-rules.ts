import { type CurrencyCode, type ExchangeRate, USDT_TO_KCASH_RATE } from '../format/money.ts';

// Money rules the client and the server both apply: the API books with them and screens preview
// with the same code, so a preview never disagrees with the receipt.

/**
 * Purchases in K-Cash spend bought K-Cash first, then earned K-Cash, so as much earned (collectable)
 * value as possible stays with the user. Screens say so before the user confirms.
 */
export const KCASH_SPEND_ORDER = ['kcashBought', 'kcashEarned'] as const;

/** How a K-Cash payment of `amount` is split by KCASH_SPEND_ORDER, or null when the two together fall short. */
export function splitKcashSpend(
  balances: { kcashBought: bigint; kcashEarned: bigint },
  amount: bigint,
): { fromBought: bigint; fromEarned: bigint } | null {
  if (amount <= 0n) throw new RangeError('amount must be positive');
  const bought = balances.kcashBought > 0n ? balances.kcashBought : 0n;
  const earned = balances.kcashEarned > 0n ? balances.kcashEarned : 0n;
  if (bought + earned < amount) return null;
  const fromBought = bought < amount ? bought : amount;
  return { fromBought, fromEarned: amount - fromBought };
}

/**
 * The swaps POST /onramp/swap offers and their rates, as ratios of whole major units (never floats):
 * USDT → K-Cash is the fixed 1:1000 of SPEC §1. The API converts with these and screens preview with
 * the same table (`convertMinor(amount, from, to, rate)` from @khel/core/format).
 */
export const SWAP_PAIRS: readonly { from: CurrencyCode; to: CurrencyCode; rate: ExchangeRate }[] = [
  { from: 'USDT', to: 'KCASH', rate: USDT_TO_KCASH_RATE },
  // 1 rKHEL = 50 K-Cash (0.05 USDT).
  { from: 'RKHEL', to: 'KCASH', rate: { toMajor: 50n, fromMajor: 1n } },
  { from: 'RKHEL', to: 'USDT', rate: { toMajor: 1n, fromMajor: 20n } },
];

export function swapRateOf(from: CurrencyCode, to: CurrencyCode): ExchangeRate | null {
  return SWAP_PAIRS.find((r) => r.from === from && r.to === to)?.rate ?? null;
}
