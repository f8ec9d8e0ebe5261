import type { QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { type SignInOptions, SignInOptionsProvider } from '../features/auth/sign-in-options.tsx';
import { createI18n, type Language, preloadTextPart } from '../i18n/index.ts';
import { accountEn } from '../i18n/resources/account-en.ts';
import { accountHi, accountHiApi } from '../i18n/resources/account-hi.ts';
import { accountPtBR, accountPtBRApi } from '../i18n/resources/account-pt-br.ts';
import { earningsEn } from '../i18n/resources/earnings-en.ts';
import { earningsHi, earningsHiApi } from '../i18n/resources/earnings-hi.ts';
import { earningsPtBR, earningsPtBRApi } from '../i18n/resources/earnings-pt-br.ts';
import { hi } from '../i18n/resources/hi.ts';
import { kycEn } from '../i18n/resources/kyc-en.ts';
import { kycHi, kycHiApi } from '../i18n/resources/kyc-hi.ts';
import { kycPtBR, kycPtBRApi } from '../i18n/resources/kyc-pt-br.ts';
import { miniappEn } from '../i18n/resources/miniapp-en.ts';
import { miniappHi } from '../i18n/resources/miniapp-hi.ts';
import { miniappPtBR } from '../i18n/resources/miniapp-pt-br.ts';
import { moneyEn } from '../i18n/resources/money-en.ts';
import { moneyHi, moneyHiApi } from '../i18n/resources/money-hi.ts';
import { moneyPtBR, moneyPtBRApi } from '../i18n/resources/money-pt-br.ts';
import { ptBR } from '../i18n/resources/pt-br.ts';
import { transactionsEn } from '../i18n/resources/transactions-en.ts';
import { transactionsHi } from '../i18n/resources/transactions-hi.ts';
import { transactionsPtBR } from '../i18n/resources/transactions-pt-br.ts';
import type { Platform } from '../providers/api-context.ts';
import { AppProviders, createQueryClient } from '../providers/app-providers.tsx';
import { fakeApi } from './fake-api.ts';

export interface RenderOptions {
  /** Current address, e.g. `/home?header=false`. */
  at?: string;
  language?: Language;
  platform?: Platform;
  api?: ReturnType<typeof fakeApi>;
  /** Answers already in the query cache, e.g. `[[profileQueryKey, profile]]` (server rendering runs no queries). */
  queries?: readonly (readonly [QueryKey, unknown])[];
  /** What the front end offers besides phone sign-in (the website: wallet and redirect sign-ins). */
  signInOptions?: SignInOptions;
}

/** Server-renders a screen inside the real providers (no DOM needed; effects do not run). */
export function renderScreen(ui: ReactNode, options: RenderOptions = {}): string {
  const api = options.api ?? fakeApi({});
  // Every language in memory: server rendering cannot wait for a language chunk.
  const i18n = testI18n(options.language ?? 'en');
  const queryClient = createQueryClient();
  for (const [key, data] of options.queries ?? []) queryClient.setQueryData(key, data);
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[options.at ?? '/']}>
      <AppProviders
        client={api.client}
        session={api.session}
        i18n={i18n}
        platform={options.platform ?? 'website'}
        queryClient={queryClient}
      >
        <SignInOptionsProvider value={options.signInOptions ?? {}}>{ui}</SignInOptionsProvider>
      </AppProviders>
    </MemoryRouter>,
  );
}

/** An i18n instance with every language and text part in memory (nothing to fetch). */
export function testI18n(language: Language = 'en') {
  const i18n = createI18n({ preferred: [language], translations: { hi, 'pt-BR': ptBR } });
  preloadTextPart(i18n, 'account', {
    en: { texts: accountEn },
    hi: { texts: accountHi, apiMessages: accountHiApi },
    'pt-BR': { texts: accountPtBR, apiMessages: accountPtBRApi },
  });
  preloadTextPart(i18n, 'earnings', {
    en: { texts: earningsEn },
    hi: { texts: earningsHi, apiMessages: earningsHiApi },
    'pt-BR': { texts: earningsPtBR, apiMessages: earningsPtBRApi },
  });
  preloadTextPart(i18n, 'kyc', {
    en: { texts: kycEn },
    hi: { texts: kycHi, apiMessages: kycHiApi },
    'pt-BR': { texts: kycPtBR, apiMessages: kycPtBRApi },
  });
  preloadTextPart(i18n, 'miniapp', {
    en: { texts: miniappEn },
    hi: { texts: miniappHi },
    'pt-BR': { texts: miniappPtBR },
  });
  preloadTextPart(i18n, 'money', {
    en: { texts: moneyEn },
    hi: { texts: moneyHi, apiMessages: moneyHiApi },
    'pt-BR': { texts: moneyPtBR, apiMessages: moneyPtBRApi },
  });
  preloadTextPart(i18n, 'transactions', {
    en: { texts: transactionsEn },
    hi: { texts: transactionsHi },
    'pt-BR': { texts: transactionsPtBR },
  });
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
