import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { createI18n, type Language } from '../i18n/index.ts';
import { hi } from '../i18n/resources/hi.ts';
import { ptBR } from '../i18n/resources/pt-br.ts';
import type { Platform } from '../providers/api-context.ts';
import { AppProviders, createQueryClient } from '../providers/app-providers.tsx';
import { fakeApi } from './fake-api.ts';

export interface RenderOptions {
  /** Current address, e.g. `/home?header=false`. */
  at?: string;
  language?: Language;
  platform?: Platform;
  api?: ReturnType<typeof fakeApi>;
}

/** Server-renders a screen inside the real providers (no DOM needed; effects do not run). */
export function renderScreen(ui: ReactNode, options: RenderOptions = {}): string {
  const api = options.api ?? fakeApi({});
  // Every language in memory: server rendering cannot wait for a language chunk.
  const i18n = createI18n({ preferred: [options.language ?? 'en'], translations: { hi, 'pt-BR': ptBR } });
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[options.at ?? '/']}>
      <AppProviders
        client={api.client}
        session={api.session}
        i18n={i18n}
        platform={options.platform ?? 'website'}
        queryClient={createQueryClient()}
      >
        {ui}
      </AppProviders>
    </MemoryRouter>,
  );
}

/** The text of the element with `id`'s label, e.g. the accessible name given by <label for>. */
export function labelFor(html: string, controlId: string): string | undefined {
  const match = new RegExp(`<label[^>]*for="${escapeRegExp(controlId)}"[^>]*>([^<]*)</label>`).exec(html);
  return match?.[1];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
