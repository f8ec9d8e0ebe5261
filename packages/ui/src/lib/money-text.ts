import {
  CURRENCIES,
  type CurrencyCode,
  formatMinorUnits,
  formatMoney,
  isCurrencyCode,
  parseMinorUnits,
  withUnit,
} from '@khel/core/format';
import { displayLanguage, displayLocale } from './display-locale.ts';

// Every amount with a unit is written through @khel/core/format (one number style, DESIGN §9).
export { withUnit };

/**
 * An amount of a ledger currency to every minor unit: `5,863.094 K-Cash`, `1.5 USDT`. Only where money
 * leaves (a collect, withdraw or payment confirmation, a receipt); elsewhere `countedText`.
 */
export function moneyText(money: { amount: string | bigint; currency: CurrencyCode }): string {
  return formatMoney(money, displayLanguage(), 'exact');
}

/**
 * An amount as a gamer counts it: K-Cash in whole K-Cash, rounded toward zero so a balance is never
 * overstated (`5,863.094` → `5,863 K-Cash`); other currencies exact. Balances, rewards, quotes, history.
 */
export function countedText(money: { amount: string | bigint; currency: CurrencyCode }): string {
  return formatMoney(money, displayLanguage(), 'whole');
}

/** `+1,000 K-Cash` / `−4,500 K-Cash` for a history line (whole K-Cash, as the balance shows). */
export function signedMoneyText(
  money: { amount: string | bigint; currency: CurrencyCode },
  direction: 'in' | 'out',
): string {
  return `${direction === 'in' ? '+' : '−'}${countedText(money)}`;
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
  return withUnit(
    formatMinorUnits(pay.amount, pay.decimals, { grouping: true, locale: displayLocale() }),
    pay.currency,
  );
}

/** Whole major units of a currency, for a rate: `₹84`, `1 USDT`, `1,000 K-Cash`. */
function majorText(major: string | bigint, currency: string): string {
  const value = formatMinorUnits(major, 0, { grouping: true, locale: displayLocale() });
  const symbol = FIAT_SYMBOL[currency];
  if (symbol) return `${symbol}${value}`;
  return withUnit(value, isCurrencyCode(currency) ? CURRENCIES[currency].label : currency);
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

/** a / b rounded half up (a, b ≥ 0). */
function divideRounded(a: bigint, b: bigint): bigint {
  return (2n * a + b) / (2n * b);
}

/**
 * A USDT amount in the payer's currency at the quote's rate (`fromMajor` of `pay` = `toMajor`
 * USDT), rounded half up to the currency's minor unit: a UPI payer reads the fee in ₹.
 */
export function usdtInPayCurrency(
  usdtMinor: string | bigint,
  quote: {
    pay: { currency: string; decimals: number };
    rate: { fromMajor: string | bigint; toMajor: string | bigint };
  },
): { amount: bigint; currency: string; decimals: number } {
  const { currency, decimals } = quote.pay;
  if (currency === 'USDT') return { amount: BigInt(usdtMinor), currency, decimals };
  const numerator = BigInt(usdtMinor) * BigInt(quote.rate.fromMajor) * 10n ** BigInt(decimals);
  const denominator = BigInt(quote.rate.toMajor) * 10n ** BigInt(CURRENCIES.USDT.decimals);
  return { amount: divideRounded(numerator, denominator), currency, decimals };
}

/**
 * What 1,000 K-Cash (1 USDT) costs in the payer's currency: `₹84.00 = 1,000 K-Cash`,
 * `R$ 5.50 = 1,000 K-Cash`, `1 USDT = 1,000 K-Cash` (instead of `R$ 11 = 2 USDT`).
 */
export function kcashRateText(quote: {
  pay: { currency: string; decimals: number };
  rate: { fromMajor: string | bigint; toMajor: string | bigint };
}): string {
  const oneUsdt = 10n ** BigInt(CURRENCIES.USDT.decimals);
  const price = usdtInPayCurrency(oneUsdt, quote);
  return `${payText(price, { short: quote.pay.currency === 'USDT' })} = ${moneyText({ amount: oneUsdt, currency: 'KCASH' })}`;
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

/** What an amount field keeps of what is typed or pasted: digits and the decimal point or comma. */
export function cleanAmountInput(text: string): string {
  return text.replace(/[^\d.,]/g, '');
}

/** Minor units → the text an amount field shows (no grouping, so it can be edited). */
export function typedAmountOf(minor: bigint, decimals: number): string {
  return formatMinorUnits(minor, decimals);
}
