import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AppProviders } from '../app/app-providers.tsx';
import { type SignInOptions, SignInOptionsProvider } from '../features/auth/sign-in-options.tsx';
import { createI18n, type Language, preloadTextPart, type TextPart } from '../i18n/index.ts';
import { hi } from '../i18n/resources/hi.ts';
import { ptBR } from '../i18n/resources/pt-br.ts';
import type { Platform } from '../providers/api-context.ts';
import { createQueryClient } from '../providers/app-providers.tsx';
import type { ModalRegistry } from '../providers/modal-registry.ts';
import { AppRouter } from '../routing/index.ts';
import { fakeApi } from './fake-api.ts';

// The modules screens load with React.lazy, loaded here first: server rendering starts a lazy import it
// cannot wait for, and in the unit project's shared module graph an import still loading when a file
// ends fails the run ("Cannot load … after the environment was torn down"). Loaded, it comes from cache.
import '../components/app-nav.tsx';
import '../components/site-footer-links.tsx';
import '../features/clans/components/clan-promo-overlay.tsx';
import '../features/content/components/content-section.tsx';
import '../features/profile/components/account-language.tsx';
import '../features/profile/components/username-prompt.tsx';
import '../features/users/components/profile-activity.tsx';
import '../features/users/components/profile-nfts.tsx';

export interface RenderOptions {
  /** Current address, e.g. `/home?header=false`. */
  at?: string;
  language?: Language;
  platform?: Platform;
  api?: ReturnType<typeof fakeApi>;
  /** Answers already in the query cache, e.g. `[[profileQueryKey, profile]]` (server rendering runs no queries). */
  queries?: readonly (readonly [QueryKey, unknown])[];
  /** Queries that failed, e.g. `[[todayQuestsQueryKey, new ApiError(…)]]`: their screens show the error state. */
  errors?: readonly (readonly [QueryKey, Error])[];
  /** What the front end offers besides phone sign-in (the website: wallet and redirect sign-ins). */
  signInOptions?: SignInOptions;
  /** The modal registry (the app's, `APP_MODALS`, unless given). */
  modals?: ModalRegistry;
}

/** Server-renders a screen inside the real providers (no DOM needed; effects do not run). */
export function renderScreen(ui: ReactNode, options: RenderOptions = {}): string {
  const api = options.api ?? fakeApi({});
  // Every language in memory: server rendering cannot wait for a language chunk.
  const i18n = testI18n(options.language ?? 'en');
  const queryClient = createQueryClient();
  for (const [key, data] of options.queries ?? []) queryClient.setQueryData(key, data);
  for (const [queryKey, error] of options.errors ?? []) {
    // A query that failed would be tried again as the screen mounts (and show its loading state meanwhile).
    queryClient.setQueryDefaults(queryKey, { retryOnMount: false });
    queryClient
      .getQueryCache()
      .build(queryClient, { queryKey })
      .setState({ status: 'error', error, errorUpdatedAt: Date.now(), fetchStatus: 'idle' });
  }
  return renderToStaticMarkup(
    <AppRouter ssrPath={options.at ?? '/'}>
      <AppProviders
        client={api.client}
        session={api.session}
        i18n={i18n}
        platform={options.platform ?? 'website'}
        queryClient={queryClient}
        {...(options.modals ? { modals: options.modals } : {})}
      >
        <SignInOptionsProvider value={options.signInOptions ?? {}}>{ui}</SignInOptionsProvider>
      </AppProviders>
    </AppRouter>,
  );
}

/**
 * Every text part file (`i18n/resources/<part>-<language>.ts`), found by name so a new part needs no
 * edit here: each exports its texts and, optionally, its API message translations (`…Api`).
 */
const PART_FILES = import.meta.glob<Record<string, unknown>>(
  ['../i18n/resources/*-en.ts', '../i18n/resources/*-hi.ts', '../i18n/resources/*-pt-br.ts'],
  { eager: true },
);
const FILE_LANGUAGES: Record<string, Language> = { en: 'en', hi: 'hi', 'pt-br': 'pt-BR' };

type PartModule = { texts: never; apiMessages?: Record<string, string> };

/** The text parts in the files, as `preloadTextPart` takes them: part → language → module. */
export function textPartsInFiles(): Map<TextPart, Partial<Record<Language, PartModule>>> {
  const parts = new Map<TextPart, Partial<Record<Language, PartModule>>>();
  for (const [path, exports] of Object.entries(PART_FILES)) {
    const match = /\/([a-z-]+?)-(en|hi|pt-br)\.ts$/.exec(path);
    if (!match) throw new Error(`Not a text part file: ${path}`);
    const [, part, fileLanguage] = match as unknown as [string, TextPart, string];
    const names = Object.keys(exports);
    const texts = names.filter((name) => !name.endsWith('Api'));
    const api = names.filter((name) => name.endsWith('Api'));
    if (texts.length !== 1 || api.length > 1)
      throw new Error(`${path}: one texts export and at most one …Api`);
    const module: PartModule = { texts: exports[texts[0]!] as never };
    if (api[0]) module.apiMessages = exports[api[0]] as Record<string, string>;
    parts.set(part, { ...parts.get(part), [FILE_LANGUAGES[fileLanguage]!]: module });
  }
  return parts;
}

/** An i18n instance with every language and text part in memory (nothing to fetch). */
export function testI18n(language: Language = 'en') {
  const i18n = createI18n({ preferred: [language], translations: { hi, 'pt-BR': ptBR } });
  for (const [part, modules] of textPartsInFiles()) preloadTextPart(i18n, part, modules);
  return i18n;
}

/** The text of the element with `id`'s label, e.g. the accessible name given by <label for>. */
export function labelFor(html: string, controlId: string): string | undefined {
  const match = new RegExp(`<label[^>]*for="${escapeRegExp(controlId)}"[^>]*>([^<]*)</label>`).exec(html);
  return match?.[1];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
