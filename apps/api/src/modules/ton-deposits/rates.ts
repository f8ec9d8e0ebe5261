import { CURRENCIES } from '@khel/core/format';

/** One payment's limits, in nanoton: 0.1 TON to 1,000 TON (the quote's answer carries them). */
export const TON_DEPOSIT_LIMITS = { minimum: 100_000_000n, maximum: 1_000_000_000_000n } as const;

/** How long a quote holds (TON_DEPOSIT_BELOW_MINIMUM_MESSAGE and the texts say the same numbers). */
export const TON_QUOTE_TTL_MINUTES = 15;

/**
 * What TON is worth in K-Cash, from a rate provider behind an interface (as the payments module's rate
 * tables): `toMajor` K-Cash for `fromMajor` TON, whole units, so every conversion is integer arithmetic.
 */
export interface TonRate {
  fromMajor: bigint;
  toMajor: bigint;
}

export interface TonRateProvider {
  readonly name: string;
  /** The rate now; a quote locks it for TON_QUOTE_TTL_MINUTES. */
  current(now: Date): Promise<TonRate>;
}

/** 1 TON = 3,000 K-Cash (3 USDT at 1 USDT = 1,000 K-Cash): the sandbox's default. */
export const SANDBOX_TON_RATE: TonRate = { fromMajor: 1n, toMajor: 3000n };

/**
 * The sandbox rate provider: a fixed rate (TON_KCASH_PER_TON, else SANDBOX_TON_RATE) that tests move
 * with `set`, as a market would, to check that a late payment is credited at the rate of its moment.
 */
export function sandboxTonRates(initial: TonRate = SANDBOX_TON_RATE) {
  let rate = checkRate(initial);
  return {
    name: 'sandbox',
    async current() {
      return rate;
    },
    set(next: TonRate) {
      rate = checkRate(next);
    },
  } satisfies TonRateProvider & { set(next: TonRate): void };
}

function checkRate(rate: TonRate): TonRate {
  if (rate.fromMajor <= 0n || rate.toMajor <= 0n) throw new Error('a TON rate is two positive numbers');
  return rate;
}

const NANOTON = 10n ** BigInt(CURRENCIES.TON.decimals);
const KCASH_MINOR = 10n ** BigInt(CURRENCIES.KCASH.decimals);

/** Nanoton → K-Cash minor units at `rate`, rounded down (a fraction of a K-Cash minor unit is not credited). */
export function kcashForTon(nanoton: bigint, rate: TonRate): bigint {
  return (nanoton * rate.toMajor * KCASH_MINOR) / (rate.fromMajor * NANOTON);
}

/** The least nanoton that buys at least `kcash` K-Cash minor units at `rate` (rounded up). */
export function tonForKcash(kcash: bigint, rate: TonRate): bigint {
  const numerator = kcash * rate.fromMajor * NANOTON;
  const denominator = rate.toMajor * KCASH_MINOR;
  return (numerator + denominator - 1n) / denominator;
}

export type TonQuoteProblem = 'below_minimum' | 'above_maximum';

export interface TonQuoteValues {
  amount: bigint;
  kcash: bigint;
  rate: TonRate;
}

/** The quote for a TON amount or a K-Cash target, or why it cannot be (outside TON_DEPOSIT_LIMITS). */
export function quoteTon(
  target: { amount: bigint } | { kcash: bigint },
  rate: TonRate,
): TonQuoteValues | { problem: TonQuoteProblem } {
  const amount = 'amount' in target ? target.amount : tonForKcash(target.kcash, rate);
  if (amount < TON_DEPOSIT_LIMITS.minimum) return { problem: 'below_minimum' };
  if (amount > TON_DEPOSIT_LIMITS.maximum) return { problem: 'above_maximum' };
  const kcash = kcashForTon(amount, rate);
  if (kcash <= 0n) return { problem: 'below_minimum' };
  return { amount, kcash, rate };
}
