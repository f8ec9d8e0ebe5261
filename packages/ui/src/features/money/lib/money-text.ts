import {
  CURRENCIES,
  type CurrencyCode,
  formatAmount,
  formatMinorUnits,
  isCurrencyCode,
  parseMinorUnits,
} from '@khel/core/format';
import { displayLocale } from '../../../lib/display-locale.ts';

/** An amount of a ledger currency as the user reads it: `6,000 K-Cash`, `1.5 USDT` (exact, no floats). */
export function moneyText(money: { amount: string | bigint; currency: CurrencyCode }): string {
  return `${formatAmount(money.amount, money.currency, { grouping: true, locale: displayLocale() })} ${CURRENCIES[money.currency].label}`;
}

/** `+1,000 K-Cash` / `−4,500 K-Cash` for a history line. */
export function signedMoneyText(
  money: { amount: string | bigint; currency: CurrencyCode },
  direction: 'in' | 'out',
): string {
  return `${direction === 'in' ? '+' : '−'}${moneyText(money)}`;
}

const FIAT_SYMBOL: Record<string, string> = { INR: '₹', BRL: 'R$ ' };

/**
 * A payment amount in any onramp currency: `₹840.00`, `R$ 55.00`, `10 USDT`; `short` drops zero
 * decimals (`₹1,000`, for quick-amount buttons).
 */
export function payText(
  pay: { amount: string | bigint; currency: string; decimals: number },
  { short = false }: { short?: boolean } = {},
): string {
  const symbol = FIAT_SYMBOL[pay.currency];
  if (symbol)
    return `${symbol}${formatMinorUnits(pay.amount, pay.decimals, { grouping: true, locale: displayLocale(), minDecimals: short ? 0 : 2 })}`;
  if (isCurrencyCode(pay.currency)) return moneyText({ amount: pay.amount, currency: pay.currency });
  return `${formatMinorUnits(pay.amount, pay.decimals, { grouping: true, locale: displayLocale() })} ${pay.currency}`;
}

/** Whole major units of a currency, for a rate: `₹84`, `1 USDT`, `1,000 K-Cash`. */
function majorText(major: string | bigint, currency: string): string {
  const value = formatMinorUnits(major, 0, { grouping: true, locale: displayLocale() });
  const symbol = FIAT_SYMBOL[currency];
  if (symbol) return `${symbol}${value}`;
  return `${value} ${isCurrencyCode(currency) ? CURRENCIES[currency].label : currency}`;
}

/** A rate as the contract gives it (`fromMajor` of `from` = `toMajor` of `to`): `₹84 = 1 USDT`. */
export function rateText(rate: {
  from: string;
  to: string;
  fromMajor: string | bigint;
  toMajor: string | bigint;
}): string {
  return `${majorText(rate.fromMajor, rate.from)} = ${majorText(rate.toMajor, rate.to)}`;
}

/**
 * What the user typed → minor units, or null when it is not an amount with at most `decimals`
 * decimals. A decimal comma (`50,5` as typed in Brazil) is read as a point; `1,234` stays a group.
 */
export function parseTypedAmount(text: string, decimals: number): bigint | null {
  const trimmed = text.trim().replace(/\s+/g, '');
  if (trimmed === '') return null;
  const normalised = /^\d+,\d{1,2}$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  const value = parseMinorUnits(normalised, decimals);
  return value !== null && value > 0n ? value : null;
}

/** Minor units → the text an amount field shows (no grouping, so it can be edited). */
export function typedAmountOf(minor: bigint, decimals: number): string {
  return formatMinorUnits(minor, decimals);
}
