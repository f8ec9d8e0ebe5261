import type { ApiClient } from '@khel/core/client';
import type { SessionStore } from '@khel/core/session';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { AlertHost } from '../components/notice.tsx';
import { shouldRetry } from '../lib/api-result.ts';
import { ApiContext, type Platform } from './api-context.ts';
import { type ModalRegistry, ModalRegistryContext } from './modal-registry.ts';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export interface AppProvidersProps {
  client: ApiClient;
  session: SessionStore;
  i18n: I18n;
  platform: Platform;
  queryClient?: QueryClient;
  /** The modal component of each modal type (the Page's modal host draws the open one); none by default. */
  modals?: ModalRegistry;
  children: ReactNode;
}

const NO_MODALS: ModalRegistry = {};

/** Everything a shared screen needs: TanStack Query, i18n, the API client and the session. */
export function AppProviders({
  client,
  session,
  i18n,
  platform,
  queryClient,
  modals = NO_MODALS,
  children,
}: AppProvidersProps) {
  const [ownQueryClient] = useState(() => queryClient ?? createQueryClient());
  const api = useMemo(() => ({ client, session, platform }), [client, session, platform]);
  // Cached answers belong to the user who fetched them.
  useEffect(
    () =>
      session.subscribe((change) => {
        if (change.type === 'ended') ownQueryClient.clear();
      }),
    [session, ownQueryClient],
  );
  return (
    <QueryClientProvider client={ownQueryClient}>
      <I18nextProvider i18n={i18n}>
        <ApiContext.Provider value={api}>
          <ModalRegistryContext.Provider value={modals}>
            {children}
            <AlertHost />
          </ModalRegistryContext.Provider>
        </ApiContext.Provider>
      </I18nextProvider>
    </QueryClientProvider>
  );
}
