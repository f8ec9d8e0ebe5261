import type { i18n as I18n } from 'i18next';
import { type ApiMessageTranslations, registerApiMessages } from './api-messages.ts';
import { isLanguage, type Language } from './languages.ts';
import type { Loaders, PartLoaders } from './text-part-loaders.ts';

/**
 * Texts that only some screens read live in "parts": one top-level key of the `translation`
 * namespace each, fetched with the screens that use them, in every language (English too). The
 * always-bundled `en.ts` stays small, so neither app's first download grows with each feature.
 *
 * A part file exports its texts and, optionally, translations of the API messages its screens
 * show (keyed by the message's code, as in api-messages.ts).
 */
export interface TextPartModule<T> {
  texts: T;
  apiMessages?: ApiMessageTranslations;
}

/** Every part and its texts' type: the parts of the loader table (text-part-loaders.ts), the one list of them. */
export type TextParts = { [P in keyof Loaders]: Loaders[P] extends PartLoaders<infer T> ? T : never };
export type TextPart = keyof TextParts;

/** The loader table (text-part-loaders.ts), fetched once. */
let loaders: Promise<Loaders> | null = null;
function partLoaders(): Promise<Loaders> {
  loaders ??= import('./text-part-loaders.ts').then((m) => m.LOADERS);
  loaders.catch(() => {
    loaders = null;
  });
  return loaders;
}

interface PartState {
  /** Parts some screen asked for: a language loaded later gets them too (see `partsFor`). */
  active: Set<TextPart>;
  /** `${part}:${language}` → its load. */
  loads: Map<string, Promise<void>>;
  loaded: Set<string>;
  /** One promise per part and set of languages, so a suspended screen waits on a stable promise. */
  pending: Map<string, Promise<void>>;
}

const STATES = new WeakMap<I18n, PartState>();

function stateOf(i18n: I18n): PartState {
  // useTranslation() hands out a Proxy of the instance (react-i18next 18); its `__original` is the instance.
  const instance = (i18n as I18n & { __original?: I18n }).__original ?? i18n;
  let state = STATES.get(instance);
  if (!state) {
    state = { active: new Set(), loads: new Map(), loaded: new Set(), pending: new Map() };
    STATES.set(instance, state);
  }
  return state;
}

function addPart<P extends TextPart>(
  i18n: I18n,
  part: P,
  language: Language,
  module: TextPartModule<TextParts[P]>,
) {
  i18n.addResourceBundle(language, 'translation', { [part]: module.texts }, true, true);
  if (module.apiMessages && language !== 'en') registerApiMessages(language, module.apiMessages);
  stateOf(i18n).loaded.add(`${part}:${language}`);
}

function loadOne(i18n: I18n, part: TextPart, language: Language): Promise<void> {
  const state = stateOf(i18n);
  const key = `${part}:${language}`;
  let load = state.loads.get(key);
  if (!load) {
    load = partLoaders()
      .then((table): Promise<TextPartModule<unknown>> => table[part][language]())
      .then(
        (module) => addPart(i18n, part, language, module as TextPartModule<TextParts[typeof part]>),
        (error: unknown) => {
          // Offline or a removed chunk: English (or the keys) shows; a later call tries again.
          state.loads.delete(key);
          console.error(`Could not load the ${part} texts for ${language}`, error);
        },
      );
    state.loads.set(key, load);
  }
  return load;
}

function languagesOf(i18n: I18n): Language[] {
  const current = i18n.resolvedLanguage ?? i18n.language;
  return current && current !== 'en' && isLanguage(current) ? ['en', current] : ['en'];
}

/** True once the part's texts for the current language (and English, the fallback) are in. */
export function hasTextPart(i18n: I18n, part: TextPart): boolean {
  const { loaded } = stateOf(i18n);
  return languagesOf(i18n).every((l) => loaded.has(`${part}:${l}`));
}

/**
 * Loads a part for English and the current language, and marks it active so a language chosen
 * later arrives with it (the i18n backend asks `partsFor`). Never rejects.
 */
export function loadTextPart(i18n: I18n, part: TextPart): Promise<void> {
  const state = stateOf(i18n);
  state.active.add(part);
  const languages = languagesOf(i18n);
  const key = `${part}:${languages.join(',')}`;
  let pending = state.pending.get(key);
  if (!pending) {
    pending = Promise.all(languages.map((l) => loadOne(i18n, part, l))).then(() => {
      state.pending.delete(key);
    });
    state.pending.set(key, pending);
  }
  return pending;
}

/** For the i18n backend: the active parts' texts of `language`, loaded alongside its main texts. */
export async function partsFor(i18n: I18n, language: Language): Promise<Record<string, unknown>> {
  const state = stateOf(i18n);
  const out: Record<string, unknown> = {};
  await Promise.all(
    [...state.active].map(async (part) => {
      try {
        const module = await (await partLoaders())[part][language]();
        out[part] = module.texts;
        if (module.apiMessages && language !== 'en') registerApiMessages(language, module.apiMessages);
        state.loaded.add(`${part}:${language}`);
      } catch (error) {
        console.error(`Could not load the ${part} texts for ${language}`, error);
      }
    }),
  );
  return out;
}

/** Tests and server rendering: texts already in memory, used at once. */
export function preloadTextPart<P extends TextPart>(
  i18n: I18n,
  part: P,
  modules: Partial<Record<Language, TextPartModule<TextParts[P]>>>,
): void {
  stateOf(i18n).active.add(part);
  for (const [language, module] of Object.entries(modules) as [Language, TextPartModule<TextParts[P]>][]) {
    addPart(i18n, part, language, module);
  }
}
