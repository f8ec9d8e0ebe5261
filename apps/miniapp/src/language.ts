import type { Launch } from './launch.ts';

/**
 * The tags the Mini App's language is picked from when none was chosen in its settings (a saved choice
 * wins, see createI18n): inside Telegram only the user's `language_code` (hi → Hindi, pt → Portuguese,
 * anything else or none → English), never the phone's other languages; outside Telegram the browser's.
 */
export function preferredLanguages(launch: Launch, browser: readonly string[]): readonly (string | null)[] {
  return launch.kind === 'telegram' ? [launch.languageCode] : browser;
}
