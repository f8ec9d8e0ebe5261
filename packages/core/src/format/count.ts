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
 * A count, score or rank in the reader's language: `formatNumber(20580, 'en')` → `20,580`,
 * `formatNumber(1234567, 'hi')` → `12,34,567`, `formatNumber(1000, 'pt-BR')` → `1.000`. Whole-number
 * strings and bigints are exact; other values that are not finite numbers come back as given.
 */
export function formatNumber(value: number | bigint | string, language: string | null | undefined): string {
  const format = numberFormat(numberLocale(language));
  if (typeof value === 'bigint') return format.format(value);
  if (typeof value === 'string') return /^-?\d+$/.test(value) ? format.format(BigInt(value)) : value;
  return Number.isFinite(value) ? format.format(value) : String(value);
}
