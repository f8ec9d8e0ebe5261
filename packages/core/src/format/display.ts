import { numberLocale } from './language.ts';
import { CURRENCIES, type CurrencyCode, formatAmount, minorPerMajor } from './money.ts';

/**
 * One number style for every place a gamer reads a number (DESIGN §9): the screens (packages/ui), the
 * bot's pushes and replies, and emails all write numbers through here, in the reader's language.
 *
 * - Counts, points, ranks (`formatNumber`, count.ts): the language's grouping (`20,580 pts`, `20.580 pts`).
 * - K-Cash where a gamer reads it (balances, rewards, quotes, history, pushes): whole K-Cash, rounded
 *   toward zero so a balance is never overstated (`5,863.094` → `5,863 K-Cash`).
 * - Exact minor units only where money leaves (a collect or withdraw confirmation, a payout):
 *   precision `'exact'` (`5,863.094 K-Cash`).
 */

/**
 * An amount and its unit as one unbreakable piece: a no-break space between them and a non-breaking
 * hyphen (U+2011) in the unit, so `6,000 K-Cash` never wraps as `6,000 K-` / `Cash` in a half-width
 * card, a sentence or a chat bubble.
 */
export function withUnit(amount: string, unit: string): string {
  return `${amount}\u00a0${unit.replaceAll('-', '\u2011')}`;
}

/** `'whole'`: K-Cash as a gamer counts it; `'exact'`: every minor unit, where money leaves. */
export type MoneyPrecision = 'whole' | 'exact';

export interface LedgerAmount {
  amount: string | bigint;
  currency: CurrencyCode;
}

/**
 * The minor units shown for an amount. With `'whole'`, K-Cash drops its thousandths toward zero
 * (`5_863_094n` → `5_863_000n`), except an amount under one K-Cash, which stays exact so it never reads
 * as 0. Other currencies are always exact (USDT and rKHEL decimals are real money; K-Points have none).
 */
export function shownMinor(money: LedgerAmount, precision: MoneyPrecision = 'whole'): bigint {
  const minor = BigInt(money.amount);
  if (precision === 'exact' || money.currency !== 'KCASH') return minor;
  const unit = minorPerMajor('KCASH');
  const whole = (minor / unit) * unit;
  return whole === 0n ? minor : whole;
}

/** An amount without its unit in the reader's language: `5,863` (en), `5.863` (pt-BR). */
export function formatMoneyAmount(
  money: LedgerAmount,
  language: string | null | undefined,
  precision: MoneyPrecision = 'whole',
): string {
  return formatAmount(shownMinor(money, precision), money.currency, {
    grouping: true,
    locale: numberLocale(language),
  });
}

/** An amount with its unit in the reader's language: `5,863 K-Cash`, `5.863,094 K-Cash` (exact, pt-BR). */
export function formatMoney(
  money: LedgerAmount,
  language: string | null | undefined,
  precision: MoneyPrecision = 'whole',
): string {
  return withUnit(formatMoneyAmount(money, language, precision), CURRENCIES[money.currency].label);
}
