import { formatNumber, numberLocale } from '@khel/core/format';

/**
 * The language the page is read in: i18n keeps `<html lang>` in step with the chosen language, so
 * `@khel/core/format`'s numbers follow it (`1,234.5` in English reads `1.234,5` in Portuguese).
 */
export function displayLanguage(): string {
  if (typeof document === 'undefined') return 'en';
  return document.documentElement.lang || 'en';
}

/** The BCP 47 locale amounts are written in for the page's language (`en-IN`, `hi-IN`, `pt-BR`). */
export function displayLocale(): string {
  return numberLocale(displayLanguage());
}

/** A count, score or rank in the page's language: `20,580` (en, hi), `20.580` (pt-BR). */
export function numberText(value: number | bigint | string): string {
  return formatNumber(value, displayLanguage());
}
