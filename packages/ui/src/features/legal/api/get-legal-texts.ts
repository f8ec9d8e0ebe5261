import { useCallback, useEffect, useState } from 'react';
import type { Language } from '../../../i18n/languages.ts';
import type { LegalTexts } from '../documents/types.ts';

/**
 * The legal documents are long, so each language is a chunk of its own, fetched only when a legal
 * page opens (never part of the first download). Not a TanStack query: the screen would then share
 * query-core's chunk with the first download in another way, and rolldown splits that chunk in two
 * (a request more and about 0.1 KB more at start, where the Mini App has none to spare).
 */
const LOADERS: Record<Language, () => Promise<LegalTexts>> = {
  en: () => import('../documents/en.ts').then((m) => m.legalEn),
  hi: () => import('../documents/hi.ts').then((m) => m.legalHi),
  'pt-BR': () => import('../documents/pt-br.ts').then((m) => m.legalPtBR),
};

/** Loaded languages: a chunk does not change while the app runs. */
const LOADED = new Map<Language, LegalTexts>();

export async function loadLegalTexts(language: Language): Promise<LegalTexts> {
  const cached = LOADED.get(language);
  if (cached) return cached;
  const texts = await LOADERS[language]();
  LOADED.set(language, texts);
  return texts;
}

/** Tests and server rendering: texts already in memory, shown at once. */
export function preloadLegalTexts(...all: LegalTexts[]): void {
  for (const texts of all) LOADED.set(texts.language, texts);
}

/** Tests: forget what was loaded. */
export function forgetLegalTexts(): void {
  LOADED.clear();
}

export interface LegalTextsState {
  /** The texts of `language`, or while they load those of the language shown before. */
  data: LegalTexts | undefined;
  isPending: boolean;
  isError: boolean;
  retry: () => void;
}

/** The legal texts of `language`, loaded on first use. */
export function useLegalTexts(language: Language): LegalTextsState {
  const [shown, setShown] = useState<LegalTexts | undefined>(() => LOADED.get(language));
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const ready = LOADED.get(language);

  // `attempt` is a dependency on purpose: a new attempt loads again after a failure.
  useEffect(() => {
    const cached = LOADED.get(language);
    if (cached) {
      setShown(cached);
      return;
    }
    let live = true;
    setFailed(false);
    loadLegalTexts(language).then(
      (texts) => {
        if (live) setShown(texts);
      },
      (error: unknown) => {
        console.error(`Could not load the legal texts for ${language}`, error);
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, [language, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const data = ready ?? shown;
  return { data, isPending: !data && !failed, isError: failed && !ready, retry };
}
