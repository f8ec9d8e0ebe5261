import { type CurrencyCode, convertMinor, type ExchangeRate, USDT_TO_KCASH_RATE } from '../format/money.ts';

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
 * What 1 rKHEL is worth: 100 K-Cash (0.1 USDT at SPEC §1's 1 USDT = 1000 K-Cash). Every price given in both
 * currencies (K-Store items, POG avatar slots) and the swap use this one value, so paying with rKHEL,
 * paying with K-Cash and swapping rKHEL first all cost the same (money-rules.test.ts holds them to it).
 */
export const RKHEL_TO_KCASH_RATE: ExchangeRate = { toMajor: 100n, fromMajor: 1n };
/** 1 rKHEL = 0.1 USDT: RKHEL_TO_KCASH_RATE through 1 USDT = 1000 K-Cash. */
export const RKHEL_TO_USDT_RATE: ExchangeRate = { toMajor: 1n, fromMajor: 10n };

/**
 * The swaps POST /onramp/swap offers and their rates, as ratios of whole major units (never floats):
 * USDT → K-Cash is the fixed 1:1000 of SPEC §1. The API converts with these and screens preview with
 * the same table (`convertMinor(amount, from, to, rate)` from @khel/core/format). Screens list them in this
 * order: rKHEL first, as gamers earn it in quests (a USDT payment becomes K-Cash at once, so USDT is rare).
 */
export const SWAP_PAIRS: readonly { from: CurrencyCode; to: CurrencyCode; rate: ExchangeRate }[] = [
  { from: 'RKHEL', to: 'KCASH', rate: RKHEL_TO_KCASH_RATE },
  { from: 'RKHEL', to: 'USDT', rate: RKHEL_TO_USDT_RATE },
  { from: 'USDT', to: 'KCASH', rate: USDT_TO_KCASH_RATE },
];

export function swapRateOf(from: CurrencyCode, to: CurrencyCode): ExchangeRate | null {
  return SWAP_PAIRS.find((r) => r.from === from && r.to === to)?.rate ?? null;
}

/** Whether a price given in both currencies asks the same value of each (RKHEL_TO_KCASH_RATE, exactly). */
export function samePriceInKcashAndRkhel(kcashMinor: bigint, rkhelMinor: bigint): boolean {
  const { amount, remainder } = convertMinor(rkhelMinor, 'RKHEL', 'KCASH', RKHEL_TO_KCASH_RATE);
  return remainder === 0n && amount === kcashMinor;
}
