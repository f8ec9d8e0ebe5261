import type { ApiMessageCode } from '@khel/core/contract';
import type { Language } from './languages.ts';

/** Translations of the API's messages by their code (a key that is not a code of the catalogue is a type error). */
export type ApiMessageTranslations = Partial<Record<ApiMessageCode, string>>;

/**
 * Translations of the messages the API sends (a failed answer's `data.code`, or a code beside a stored
 * reason) and of the catalogue's texts the screens show themselves, keyed by the message's stable code
 * (contract/index.ts `apiMessages`). A message without a code or a translation is shown in English, as
 * the API wrote it. Each language brings its own (resources/hi.ts, resources/pt-br.ts and the text
 * parts) when its chunk loads, so no reader downloads the others'.
 */
const REGISTERED: Record<Exclude<Language, 'en'>, Map<string, string>> = {
  hi: new Map(),
  'pt-BR': new Map(),
};

export function registerApiMessages(
  language: Exclude<Language, 'en'>,
  messages: ApiMessageTranslations,
): void {
  for (const [code, translated] of Object.entries(messages)) REGISTERED[language].set(code, translated);
}

/** The message of `code` in `language`, else `message` (the English the API sent, or the catalogue's). */
export function translateApiMessage(
  code: ApiMessageCode | (string & {}) | null | undefined,
  message: string,
  language: Language,
): string {
  if (language === 'en' || !code) return message;
  return REGISTERED[language].get(code) ?? message;
}
