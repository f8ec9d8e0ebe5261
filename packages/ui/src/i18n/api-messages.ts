import type { Language } from './languages.ts';

/**
 * Translations of sentences the API puts in its envelopes' `message`, keyed by the exact
 * English text. A message not listed is shown as the API wrote it. Each language brings its own
 * (resources/hi.ts, resources/pt-br.ts and the text parts) when its chunk loads, so no reader
 * downloads the others'.
 */
const REGISTERED: Record<Exclude<Language, 'en'>, Map<string, string>> = {
  hi: new Map(),
  'pt-BR': new Map(),
};

export function registerApiMessages(
  language: Exclude<Language, 'en'>,
  messages: Record<string, string>,
): void {
  for (const [english, translated] of Object.entries(messages)) REGISTERED[language].set(english, translated);
}

export function translateApiMessage(message: string, language: Language): string {
  if (language === 'en') return message;
  return REGISTERED[language].get(message) ?? message;
}
