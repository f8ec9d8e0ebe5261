/**
 * The languages Khel speaks (DESIGN §9), with the name each shows in its own script. One list for
 * every place that speaks: the screens (packages/ui), the API (what an account chose, emails) and
 * the bot (its replies and every push).
 */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English' },
  { code: 'hi', nativeName: 'हिन्दी' },
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [Language, ...Language[]];

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((l) => l.code === value);
}

/**
 * Maps a browser or Telegram language tag (`hi-IN`, `pt`, `pt-br`, `en-GB`) to one we ship,
 * or null when we have no translation for it.
 */
export function matchLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const primary = tag.toLowerCase().split(/[-_]/)[0];
  if (primary === 'hi') return 'hi';
  if (primary === 'pt') return 'pt-BR';
  if (primary === 'en') return 'en';
  return null;
}

/**
 * The locale numbers are written in for readers of a language: English and Hindi readers are in
 * India (lakh grouping, `12,34,567.5`), Portuguese readers in Brazil (`1.234.567,5`). Any tag is
 * accepted (`pt-br`, `hi-IN`); one we do not speak reads as English.
 */
export function numberLocale(language: string | null | undefined): string {
  const match = matchLanguage(language) ?? DEFAULT_LANGUAGE;
  return match === 'pt-BR' ? 'pt-BR' : `${match}-IN`;
}
