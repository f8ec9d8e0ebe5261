import '@khel/ui/styles.css';
import { createApiClient } from '@khel/core/client';
import { createSessionStore, localStorageAdapter } from '@khel/core/session';
import { AppProviders, createI18n, i18nReady, PageViews, uiStore } from '@khel/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes.tsx';
import { env } from './env.ts';

const session = createSessionStore(localStorageAdapter('khel.'));
// Preferences outlive a session: ending one clears the session's keys, not the language.
const preferences = localStorageAdapter('khel-pref.');
const i18n = createI18n({ storage: preferences, storageKey: 'language' });

const client = createApiClient({
  baseUrl: env.apiBaseUrl,
  source: 'website',
  session,
  // The route guards react to the ended session (the login modal opens on signed-in pages).
  onSessionEnded: () => uiStore.getState().showAlert(i18n.t('auth.sessionEnded'), { tone: 'info' }),
  onWalletError: (message) => uiStore.getState().showAlert(message, { tone: 'error' }),
});

// Analytics (SPEC §3–§4) loads after the first screen; page views wait for it.
const analytics = import('@khel/core/analytics').then(({ createBrowserAnalytics }) =>
  createBrowserAnalytics({ client, source: 'website', session }),
);

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // Hindi and Portuguese texts are chunks of their own: the first render waits for them.
  await i18nReady(i18n);
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders client={client} session={session} i18n={i18n} platform="website">
          <PageViews tracker={analytics} />
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
