import { ONRAMP_CURRENCIES, type OnrampCurrency } from '@khel/core/contract';
import { convertMinor, USDT_TO_KCASH_RATE } from '@khel/core/format';

/**
 * Onramp and swap configuration: the rate tables and the fee schedule. Rates are ratios of whole
 * major units (never floats) so every conversion is exact integer arithmetic.
 */

/** `usdt` USDT are worth `fiat` major units of the currency (INR: 1 USDT = ₹84; BRL: 2 USDT = R$11). */
export interface FiatRate {
  usdt: bigint;
  fiat: bigint;
}
export const FIAT_USDT_RATES: Record<Exclude<OnrampCurrency, 'USDT'>, FiatRate> = {
  INR: { usdt: 1n, fiat: 84n },
  BRL: { usdt: 2n, fiat: 11n },
};

export interface FeeRule {
  /** Fixed part in USDT minor units (network gas for USDT). */
  flatUsdt: bigint;
  /** Proportional part of the USDT value, in basis points, rounded up to a USDT minor unit. */
  basisPoints: number;
  /** Limits of one deposit, in minor units of the paid currency. */
  minimum: bigint;
  maximum: bigint;
}
/**
 * No fee may take more than MAX_FEE_SHARE_BASIS_POINTS of the smallest deposit a method allows (a
 * test holds every rule to it): a gamer paying the minimum still gets at least 98% of its value.
 * USDT pays the network's gas (0.02 USDT on the chains we take deposits on), UPI and PIX a share.
 */
export const MAX_FEE_SHARE_BASIS_POINTS = 200;
export const FEE_SCHEDULE: Record<OnrampCurrency, FeeRule> = {
  USDT: { flatUsdt: 20_000n, basisPoints: 0, minimum: 1_000_000n, maximum: 10_000_000_000n },
  INR: { flatUsdt: 0n, basisPoints: 150, minimum: 10_000n, maximum: 100_000_000n },
  BRL: { flatUsdt: 0n, basisPoints: 100, minimum: 500n, maximum: 5_000_000n },
};

/** How long a checkout stays payable. */
export const DEPOSIT_TTL_MS = 30 * 60 * 1000;

export interface OnrampQuoteValues {
  currency: OnrampCurrency;
  amount: bigint;
  rate: { fromMajor: bigint; toMajor: bigint };
  usdtValue: bigint;
  fee: bigint;
  /** K-Cash minor units; 0 when the fee eats the whole amount. */
  kcash: bigint;
}

/** Paid amount → USDT minor units, rounded down (a fraction of a USDT minor unit is not credited). */
export function usdtValueOf(amount: bigint, currency: OnrampCurrency): bigint {
  if (currency === 'USDT') return amount;
  const rate = FIAT_USDT_RATES[currency];
  const usdtMinor = 10n ** BigInt(ONRAMP_CURRENCIES.USDT.decimals);
  const fiatMinor = 10n ** BigInt(ONRAMP_CURRENCIES[currency].decimals);
  return (amount * rate.usdt * usdtMinor) / (rate.fiat * fiatMinor);
}

export function feeOf(usdtValue: bigint, currency: OnrampCurrency): bigint {
  const rule = FEE_SCHEDULE[currency];
  const proportional = (usdtValue * BigInt(rule.basisPoints) + 9_999n) / 10_000n;
  return rule.flatUsdt + proportional;
}

export function quoteDeposit(amount: bigint, currency: OnrampCurrency): OnrampQuoteValues {
  const usdtValue = usdtValueOf(amount, currency);
  const fee = feeOf(usdtValue, currency);
  const net = usdtValue > fee ? usdtValue - fee : 0n;
  // 1 USDT minor unit = 1 K-Cash minor unit: never a remainder.
  const kcash = convertMinor(net, 'USDT', 'KCASH', USDT_TO_KCASH_RATE).amount;
  const rate =
    currency === 'USDT'
      ? { fromMajor: 1n, toMajor: 1n }
      : { fromMajor: FIAT_USDT_RATES[currency].fiat, toMajor: FIAT_USDT_RATES[currency].usdt };
  return { currency, amount, rate, usdtValue, fee, kcash };
}

/** Swap pairs and their rates: one table, in the contract, that screens preview with too. */
export { SWAP_PAIRS as SWAP_RATES, swapRateOf } from '@khel/core/domain';
