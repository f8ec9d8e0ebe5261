/**
 * The locale amounts are written in: the page's language (i18n keeps `<html lang>` in step with the
 * chosen language), so `1,234.5` in English reads `1.234,5` in Portuguese and `12,34,567` in Hindi.
 */
export function displayLocale(): string {
  if (typeof document === 'undefined') return 'en';
  return document.documentElement.lang || 'en';
}
