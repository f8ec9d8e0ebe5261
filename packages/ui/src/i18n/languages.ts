/** The languages Khel speaks (DESIGN §9), with the name each shows in its own script. */
export const LANGUAGES = [
  { code: 'en', nativeName: 'English' },
  { code: 'hi', nativeName: 'हिन्दी' },
  { code: 'pt-BR', nativeName: 'Português (Brasil)' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: Language = 'en';

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
 * The language to start in: a saved choice wins, then the first preferred tag we can
 * serve (Telegram's language_code, then the browser's languages), then English.
 */
export function pickLanguage(
  saved: string | null | undefined,
  preferred: readonly (string | null | undefined)[],
): Language {
  if (isLanguage(saved)) return saved;
  for (const tag of preferred) {
    const match = matchLanguage(tag);
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}
