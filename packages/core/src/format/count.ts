import { numberLocale } from './language.ts';

// Apart from display.ts (which needs the money module): the texts' number formatter is in every
// first download, and this is all it takes.

const NUMBER_FORMATS = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string): Intl.NumberFormat {
  let format = NUMBER_FORMATS.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    NUMBER_FORMATS.set(locale, format);
  }
  return format;
}

/**
 * A whole number grouped as Intl groups it in our three locales, without Intl: the first
 * `Intl.NumberFormat` of a page loads ICU's number data, a long task on a low-end phone (issue 25),
 * and nearly every number a screen shows is whole. en-IN and hi-IN group in lakhs (`12,34,567`),
 * pt-BR in thousands with points (`1.234.567`); count.test.ts holds this equal to Intl.
 * Only for those three locales (`GROUPED_LOCALES`).
 */
/** The locales groupWhole writes as Intl does, with their decimal sign. */
export const GROUPED_LOCALES: Readonly<Record<string, string>> = { 'en-IN': '.', 'hi-IN': '.', 'pt-BR': ',' };

export function groupWhole(digits: string, locale: string): string {
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  let grouped: string;
  if (locale === 'pt-BR') {
    grouped = body.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  } else {
    const last = body.slice(-3);
    const rest = body.slice(0, -3);
    grouped = rest ? `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last}` : last;
  }
  return negative ? `-${grouped}` : grouped;
}

/**
 * A count, score or rank in the reader's language: `formatNumber(20580, 'en')` → `20,580`,
 * `formatNumber(1234567, 'hi')` → `12,34,567`, `formatNumber(1000, 'pt-BR')` → `1.000`. Whole-number
 * strings and bigints are exact; other values that are not finite numbers come back as given.
 */
export function formatNumber(value: number | bigint | string, language: string | null | undefined): string {
  const locale = numberLocale(language);
  if (typeof value === 'bigint') return groupWhole(value.toString(), locale);
  if (typeof value === 'string')
    return /^-?\d+$/.test(value) ? groupWhole(BigInt(value).toString(), locale) : value;
  if (Number.isSafeInteger(value)) return groupWhole(String(value === 0 ? 0 : value), locale);
  return Number.isFinite(value) ? numberFormat(locale).format(value) : String(value);
}
