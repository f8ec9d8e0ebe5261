import { DEFAULT_LANGUAGE, isLanguage, type Language, matchLanguage } from '@khel/core/format';

// The list lives in @khel/core, so the API and the bot speak the same languages as the screens.
export { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language, matchLanguage } from '@khel/core/format';

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
