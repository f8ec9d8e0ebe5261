import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from './languages.ts';
import { en } from './resources/en.ts';
import { hi } from './resources/hi.ts';
import { ptBR } from './resources/pt-br.ts';

export { translateApiMessage } from './api-messages.ts';
export * from './languages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

export const resources = {
  en: { translation: en },
  hi: { translation: hi },
  'pt-BR': { translation: ptBR },
} as const;

/** Where a choice made in the language picker is kept. */
export interface LanguageStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface CreateI18nOptions {
  /** Where the chosen language is saved (localStorage in the browser). */
  storage?: LanguageStorage;
  /** Storage key for the chosen language. */
  storageKey?: string;
  /** Language tags to try when nothing is saved, best first (e.g. Telegram's, then navigator.languages). */
  preferred?: readonly (string | null | undefined)[];
}

export const LANGUAGE_STORAGE_KEY = 'khel:language';

/** A ready i18next instance (resources are bundled, so it is usable synchronously). */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const storageKey = options.storageKey ?? LANGUAGE_STORAGE_KEY;
  const saved = safeGet(options.storage, storageKey);
  const lng = pickLanguage(saved, options.preferred ?? browserLanguages());
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: LANGUAGES.map((l) => l.code),
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  setDocumentLanguage(lng);
  instance.on('languageChanged', (next) => {
    setDocumentLanguage(next);
    safeSet(options.storage, storageKey, next);
  });
  return instance;
}

/** The shipped language i18next currently uses. */
export function currentLanguage(instance: I18n): Language {
  const lng = instance.resolvedLanguage ?? instance.language;
  return LANGUAGES.find((l) => l.code === lng)?.code ?? DEFAULT_LANGUAGE;
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

function setDocumentLanguage(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

function safeGet(storage: LanguageStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function safeSet(storage: LanguageStorage | undefined, key: string, value: string) {
  try {
    storage?.setItem(key, value);
  } catch {
    // Private mode or a full quota: the choice simply is not remembered.
  }
}
