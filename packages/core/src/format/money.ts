import { KCASH_PER_USDT } from '../domain/constants.ts';
import { GROUPED_LOCALES, groupWhole } from './count.ts';

/**
 * Money in integer minor units (bigint), never floats (DESIGN §5).
 *
 * Decimals, chosen so every conversion the product makes is exact:
 * - USDT: 6 (the token's own precision; 1 USDT = 1_000_000 minor units).
 * - KCASH: 3. With 1 USDT = 1000 K-Cash (SPEC §1/§9), 1 USDT = 1_000_000 USDT minor units =
 *   1000 K-Cash = 1_000_000 K-Cash minor units, so one USDT minor unit is exactly one K-Cash
 *   minor unit and a swap never rounds.
 * - RKHEL: 6, like USDT, which keeps on-chain amounts of the reward token representable.
 * - KPOINTS: 0; points are whole numbers.
 * - TON: 9 (nanoton, the chain's own unit): TON that arrived in Khel's deposit wallet (a system
 *   account only; a gamer never holds TON in Khel, a deposit becomes bought K-Cash).
 * - XTR: 0; Telegram Stars, whole Stars only (what a Mini App or bot is paid with for digital goods).
 */
export const CURRENCIES = {
  USDT: { code: 'USDT', decimals: 6, label: 'USDT' },
  KCASH: { code: 'KCASH', decimals: 3, label: 'K-Cash' },
  RKHEL: { code: 'RKHEL', decimals: 6, label: 'rKHEL' },
  KPOINTS: { code: 'KPOINTS', decimals: 0, label: 'K-Points' },
  TON: { code: 'TON', decimals: 9, label: 'TON' },
  XTR: { code: 'XTR', decimals: 0, label: 'Stars' },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === 'string' && Object.hasOwn(CURRENCIES, value);
}

const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** One major unit (1 USDT, 1 K-Cash…) in minor units. */
export function minorPerMajor(currency: CurrencyCode): bigint {
  return pow10(CURRENCIES[currency].decimals);
}

/** `toMajor` major units of the target currency are worth `fromMajor` major units of the source. */
export interface ExchangeRate {
  toMajor: bigint;
  fromMajor: bigint;
}

export interface Conversion {
  /** Target currency, minor units. */
  amount: bigint;
  /** Source minor units that could not be converted exactly; `amount` covers the rest. */
  remainder: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/**
 * Exact conversion of `amount` source minor units. After reducing the rate to p target minor units
 * per q source minor units, only whole blocks of q are converted; what is left over is returned as
 * `remainder` (in source minor units, same sign as `amount`), for the ledger to book to an explicit
 * account. `converted value + remainder` always equals the input: nothing is rounded away.
 */
export function convertMinor(
  amount: bigint,
  from: CurrencyCode,
  to: CurrencyCode,
  rate: ExchangeRate,
): Conversion {
  if (rate.toMajor <= 0n || rate.fromMajor <= 0n) throw new RangeError('Exchange rate must be positive');
  let p = rate.toMajor * minorPerMajor(to);
  let q = rate.fromMajor * minorPerMajor(from);
  const g = gcd(p, q);
  p /= g;
  q /= g;
  const blocks = amount / q; // bigint division truncates toward zero
  return { amount: blocks * p, remainder: amount - blocks * q };
}

export const USDT_TO_KCASH_RATE: ExchangeRate = { toMajor: KCASH_PER_USDT, fromMajor: 1n };
export const KCASH_TO_USDT_RATE: ExchangeRate = { toMajor: 1n, fromMajor: KCASH_PER_USDT };

/** USDT minor units → K-Cash minor units (1 USDT = 1000 K-Cash). The remainder is in USDT minor units. */
export function usdtToKcash(usdtMinor: bigint): Conversion {
  return convertMinor(usdtMinor, 'USDT', 'KCASH', USDT_TO_KCASH_RATE);
}

/** K-Cash minor units → USDT minor units. The remainder is in K-Cash minor units. */
export function kcashToUsdt(kcashMinor: bigint): Conversion {
  return convertMinor(kcashMinor, 'KCASH', 'USDT', KCASH_TO_USDT_RATE);
}

export interface FormatAmountOptions {
  /** Group thousands with commas (`1,234.5`). Default false. */
  grouping?: boolean;
  /** Keep at least this many decimals (zero-padded). Default 0: trailing zeros are dropped. */
  minDecimals?: number;
  /**
   * Write it the way readers of this BCP 47 locale do: `hi` groups in lakhs (`12,34,567.5`), `pt-BR`
   * with points and a decimal comma (`1.234.567,5`). Left out: locale-neutral, as above.
   */
  locale?: string;
}

const SEPARATORS = new Map<string, { group: (whole: bigint) => string; decimal: string }>();

/** Grouping and decimal point of a locale, from Intl (which formats bigints exactly). */
function separatorsOf(locale: string) {
  let found = SEPARATORS.get(locale);
  const decimalSign = GROUPED_LOCALES[locale];
  if (!found && decimalSign) {
    // Our own locales without Intl's first-use cost (count.ts groupWhole).
    found = { group: (whole) => groupWhole(whole.toString(), locale), decimal: decimalSign };
    SEPARATORS.set(locale, found);
  }
  if (!found) {
    const format = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    const decimal =
      new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    found = { group: (whole) => format.format(whole), decimal };
    SEPARATORS.set(locale, found);
  }
  return found;
}

/**
 * Minor units → major-unit text, exactly: `formatAmount(1_500_000n, 'USDT')` → `1.5`,
 * `formatAmount('-1234500', 'KCASH', { grouping: true, minDecimals: 2 })` → `-1,234.50`.
 * Locale-neutral (`.` decimal point); parseAmount reads it back.
 */
export function formatAmount(
  minor: bigint | string,
  currency: CurrencyCode,
  options: FormatAmountOptions = {},
): string {
  return formatMinorUnits(minor, CURRENCIES[currency].decimals, options);
}

/**
 * formatAmount for an amount given with its decimals rather than a ledger currency (payments in INR
 * or BRL: `formatMinorUnits('50000', 2, { minDecimals: 2 })` → `500.00`).
 */
export function formatMinorUnits(
  minor: bigint | string,
  decimals: number,
  options: FormatAmountOptions = {},
): string {
  if (typeof minor === 'string' && !/^-?\d+$/.test(minor))
    throw new TypeError(`Not an integer amount: ${minor}`);
  const value = BigInt(minor);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const unit = pow10(decimals);
  let whole = (abs / unit).toString();
  let fraction = decimals > 0 ? (abs % unit).toString().padStart(decimals, '0') : '';
  fraction = fraction.replace(/0+$/, '');
  const minDecimals = Math.min(options.minDecimals ?? 0, decimals);
  fraction = fraction.padEnd(minDecimals, '0');
  let point = '.';
  if (options.locale) {
    const separators = separatorsOf(options.locale);
    point = separators.decimal;
    if (options.grouping) whole = separators.group(abs / unit);
  } else if (options.grouping) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const text = fraction ? `${whole}${point}${fraction}` : whole;
  return negative ? `-${text}` : text;
}

const AMOUNT_PATTERN = /^(-)?(\d+|\d{1,3}(?:,\d{3})+)(?:\.(\d+))?$/;

/**
 * Major-unit text → minor units, or null when the text is not an amount of this currency:
 * `1.5` USDT → 1_500_000n, `1,234.5` K-Cash → 1_234_500n. Accepts an optional leading `-`,
 * well-formed comma grouping and at most the currency's decimals (more digits are refused,
 * never rounded). Surrounding whitespace is ignored.
 */
export function parseAmount(text: string, currency: CurrencyCode): bigint | null {
  return parseMinorUnits(text, CURRENCIES[currency].decimals);
}

/** parseAmount for an amount with the given decimals (INR and BRL payments have 2). */
export function parseMinorUnits(text: string, decimals: number): bigint | null {
  const match = AMOUNT_PATTERN.exec(text.trim());
  if (!match) return null;
  const fraction = match[3] ?? '';
  if (fraction.length > decimals) return null;
  const whole = (match[2] ?? '').replace(/,/g, '');
  const value = BigInt(whole) * pow10(decimals) + (fraction ? BigInt(fraction.padEnd(decimals, '0')) : 0n);
  return match[1] ? -value : value;
}
