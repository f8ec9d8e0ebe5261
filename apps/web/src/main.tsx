import '@khel/ui/styles.css';
import { afterFirstScreen, createApiClient, yieldingFetch } from '@khel/core/client';
import { createSessionStore, localStorageAdapter } from '@khel/core/session';
import {
  AppProviders,
  createI18n,
  i18nReady,
  PageViews,
  type SignInOptions,
  SignInOptionsProvider,
  uiStore,
} from '@khel/ui';
import { AppRouter } from '@khel/ui/routing';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './app-routes.tsx';
import { env } from './env.ts';

// The refresh token lives only in the API's HttpOnly cookie (30 days); scripts never see it.
const session = createSessionStore(localStorageAdapter('khel.'), { persistRefreshToken: false });
// Preferences outlive a session: ending one clears the session's keys, not the language.
const preferences = localStorageAdapter('khel-pref.');
const i18n = createI18n({ storage: preferences, storageKey: 'language' });

const client = createApiClient({
  baseUrl: env.apiBaseUrl,
  source: 'website',
  session,
  // A screen's dozen queries start as a dozen short tasks, not one long one (@khel/core/client yield-to-main.ts).
  fetch: yieldingFetch(),
  // The route guards react to the ended session (the login modal opens on signed-in pages).
  onSessionEnded: () => uiStore.getState().showAlert(i18n.t('auth.sessionEnded'), { tone: 'info' }),
  // SPEC §8: a 422 outside the exempt paths opens the wallet error modal.
  onWalletError: () => uiStore.getState().openModal('walletError'),
});

// Everything the website offers besides phone sign-in. The wallet code (wagmi, viem) is a chunk
// of its own, fetched when someone chooses to sign in or link with a wallet.
const signInOptions: SignInOptions = {
  redirectSignIn: true,
  evmWallet: () => import('./wallet/evm-wallet.ts').then((m) => m.createEvmWallet()),
};

// Analytics (SPEC §3–§4) loads once the first screen has loaded and the page has had an idle moment: its
// chunk and its first events (session_start, first_page_load, page_view) do not queue beside the screen's
// own requests on a slow phone. Page views wait for it.
const analytics = afterFirstScreen()
  .then(() => import('@khel/core/analytics'))
  .then(({ createBrowserAnalytics }) => createBrowserAnalytics({ client, source: 'website', session }));

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // Hindi and Portuguese texts are chunks of their own: the first render waits for them.
  await i18nReady(i18n);
  // The first render is a transition (issue 25): React then renders it in slices of a few milliseconds and
  // yields to the browser between them, instead of one long task that a low-end phone feels as a frozen
  // page. The commit is still one step, so the pre-rendered copy is swapped for the whole screen at once.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppRouter>
          <AppProviders client={client} session={session} i18n={i18n} platform="website">
            <SignInOptionsProvider value={signInOptions}>
              <PageViews tracker={analytics} />
              <AppRoutes />
            </SignInOptionsProvider>
          </AppProviders>
        </AppRouter>
      </StrictMode>,
    ),
  );
}

void start();

// SPEC §5: the stored location (India vs international, SPEC §6) is checked once the first screen
// is up (loaded, and the page idle a moment); the lookup and the users contract it needs are a chunk of
// their own.
void afterFirstScreen()
  .then(() => import('@khel/ui/location'))
  .then(({ ensureUserLocation }) => ensureUserLocation(client, session))
  .catch((error: unknown) => console.error('Location check failed', error));
