import { formatNumber } from '@khel/core/format';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { registerApiMessages } from './api-messages.ts';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language, pickLanguage } from './languages.ts';
import { en, type Translation } from './resources/en.ts';
import { partsFor, type TextParts } from './text-parts.ts';

export { translateApiMessage } from './api-messages.ts';
export * from './languages.ts';
export { hasTextPart, loadTextPart, preloadTextPart, type TextPart, type TextParts } from './text-parts.ts';
export { useTextPart } from './use-text-part.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // Parts (text-parts.ts) are typed as always there; screens that read one call useTextPart first.
    resources: { translation: typeof en & TextParts };
  }
}

/**
 * English is bundled (it is the fallback); every other language is a chunk of its own, fetched
 * when it is first needed, so a user downloads only the texts they read. The chunk also brings
 * that language's translations of the API's messages.
 */
const LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  hi: () =>
    import('./resources/hi.ts').then((m) => {
      registerApiMessages('hi', m.hiApi);
      return m.hi;
    }),
  'pt-BR': () =>
    import('./resources/pt-br.ts').then((m) => {
      registerApiMessages('pt-BR', m.ptBRApi);
      return m.ptBR;
    }),
};

/** The texts of one language: English at once, the others from their chunk. */
export function loadTranslation(language: Language): Promise<Translation> {
  return language === 'en' ? Promise.resolve(en) : LOADERS[language]();
}

/**
 * An i18next backend reading the language chunks; i18next asks it only for languages it has no
 * texts for. Text parts some screen already uses come along, so a switch shows them at once.
 */
function chunkBackend(instance: () => I18n): BackendModule {
  return {
    type: 'backend',
    callbackApi: true,
    init() {},
    read(language, namespace, callback) {
      if (namespace !== 'translation' || !isShipped(language)) {
        callback(new Error(`No texts for ${language}/${namespace}`), null);
        return;
      }
      Promise.all([loadTranslation(language), partsFor(instance(), language)]).then(
        ([texts, parts]) => callback(null, { ...texts, ...parts }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
      );
    },
  };
}

function isShipped(language: string): language is Language {
  return LANGUAGES.some((l) => l.code === language);
}

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
  /**
   * Texts already in memory (server rendering, tests): these languages are used as given and
   * never fetched. English is always bundled.
   */
  translations?: Partial<Record<Language, Translation>>;
}

export const LANGUAGE_STORAGE_KEY = 'khel:language';

const READY = new WeakMap<I18n, Promise<I18n>>();

/**
 * An i18next instance in the saved or preferred language. When that language is not bundled its
 * texts are still on their way: render only after `i18nReady(instance)` resolves, or English
 * shows first. A later `changeLanguage` fetches the new language before switching to it.
 */
export function createI18n(options: CreateI18nOptions = {}): I18n {
  const storageKey = options.storageKey ?? LANGUAGE_STORAGE_KEY;
  const saved = safeGet(options.storage, storageKey);
  const lng = pickLanguage(saved, options.preferred ?? browserLanguages());
  const resources: Partial<Record<Language, { translation: Translation }>> = { en: { translation: en } };
  for (const [code, texts] of Object.entries(options.translations ?? {})) {
    if (isShipped(code) && texts) resources[code] = { translation: texts };
  }
  const instance = i18next.createInstance();
  // The starting language is not a choice: only later changes (the language picker) are saved.
  let starting = true;
  instance.on('languageChanged', (next) => {
    setDocumentLanguage(next);
    if (!starting) safeSet(options.storage, storageKey, next);
  });
  setDocumentLanguage(lng);
  const initialized = instance
    .use(chunkBackend(() => instance))
    .use(initReactI18next)
    .init(
      {
        resources,
        partialBundledLanguages: true,
        lng,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: LANGUAGES.map((l) => l.code),
        ns: ['translation'],
        // Starts now, so an instance whose texts are all in memory is ready before createI18n returns.
        initAsync: false,
        interpolation: { escapeValue: false },
        returnNull: false,
      },
      () => {
        starting = false;
      },
    );
  // `{{count, number}}` in a text writes the number as @khel/core/format does everywhere else
  // (`20,580` in English and Hindi, `20.580` in Portuguese), not Intl's default for the bare language.
  instance.services.formatter?.add('number', (value: unknown, lng: string | undefined) =>
    typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string'
      ? formatNumber(value, lng)
      : String(value),
  );
  READY.set(
    instance,
    initialized.then(() => instance),
  );
  return instance;
}

/**
 * Resolves once the starting language's texts are loaded (at once when they are bundled). If its
 * chunk cannot be fetched, i18next falls back to English and this still resolves.
 */
export function i18nReady(instance: I18n): Promise<I18n> {
  return READY.get(instance) ?? Promise.resolve(instance);
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
