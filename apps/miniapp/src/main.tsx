import '@khel/ui/styles.css';
import './tma.css';
import { afterFirstScreen, createApiClient, yieldingFetch } from '@khel/core/client';
import { createSessionStore, localStorageAdapter } from '@khel/core/session';
import { AppProviders, createI18n, i18nReady, PageViews } from '@khel/ui';
import { AppRouter } from '@khel/ui/routing';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { sendTelegramSignIn } from './early-sign-in.ts';
import { env } from './env.ts';
import { preferredLanguages } from './language.ts';
import { type Launch, resolveLaunch, retrieveRawInitData } from './launch.ts';
import { OutsideTelegramScreen } from './outside-telegram-screen.tsx';
import { mockTelegramEnvironment, requestBotWriteAccess, startTelegramSdk } from './telegram-sdk.ts';

// The Mini App keeps its own session ('tma:' keys), apart from the website's on the same origin.
const session = createSessionStore(localStorageAdapter('tma:'));
const preferences = localStorageAdapter('tma-pref:');
let launch: Launch = { kind: 'outside-telegram' };

const client = createApiClient({
  baseUrl: env.apiBaseUrl,
  source: 'telegram',
  session,
  // A screen's dozen queries start as a dozen short tasks, not one long one (@khel/core/client yield-to-main.ts).
  fetch: yieldingFetch(),
  telegramInitData: () => (launch.kind === 'telegram' ? launch.initDataRaw : null),
});

// The signed-in app (the Telegram sign-in with the contract's schemas, the routes) is a chunk of its
// own, fetched at once alongside this one: the first download stays small and nothing waits in line.
const miniApp = import('./mini-app.tsx');

// Analytics (SPEC §3–§4; channel 'app') loads once the first screen has loaded and the page has had an idle
// moment (see apps/web's main.tsx). Page views wait for it.
const analytics = afterFirstScreen()
  .then(() => import('@khel/core/analytics'))
  .then(({ createBrowserAnalytics }) => createBrowserAnalytics({ client, source: 'telegram', session }));

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

async function start() {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');

  launch = await resolveLaunch({
    href: window.location.href,
    tabStorage: tabStorage(),
    retrieveRawInitData: () =>
      retrieveRawInitData({
        href: window.location.href,
        navigationUrl: performance.getEntriesByType('navigation')[0]?.name,
        tabStorage: tabStorage(),
      }),
    fetchDevInitData: async (startParam) => {
      // Development only: the contract (and its schemas) stays out of the first download. Its system
      // part alone: a dynamic import of the whole contract kept every route of it in one shared chunk
      // (48 KB gzip) that the signed-in app and every screen then downloaded.
      const { systemRoutes } = await import('@khel/core/contract/system');
      const result = await client.request(systemRoutes.devTelegramInitData, {
        query: startParam ? { startParam } : {},
      });
      return result.success ? result.data.initDataRaw : null;
    },
    mockEnvironment: mockTelegramEnvironment,
  });
  // The sign-in leaves now, while the signed-in chunk is still loading; MiniApp takes its answer.
  const signInAnswer = launch.kind === 'telegram' ? sendTelegramSignIn(client) : null;

  const i18n = createI18n({
    storage: preferences,
    storageKey: 'language',
    preferred: preferredLanguages(launch, navigator.languages),
  });

  // Not awaited: the sign-in request need not wait for theme, viewport and back button.
  void startTelegramSdk(launch, { debug: env.debug });
  // The bot may not message this user yet (allows_write_to_pm false): once signed in, ask Telegram.
  if (launch.kind === 'telegram' && launch.allowsWriteToPm === false && signInAnswer) {
    const { initDataRaw } = launch;
    void import('./write-access.ts').then(({ askWriteAccessAfterSignIn, telegramUserIdOf }) => {
      const telegramUserId = telegramUserIdOf(initDataRaw);
      if (!telegramUserId) return;
      return askWriteAccessAfterSignIn({
        allowsWriteToPm: false,
        telegramUserId,
        signIn: signInAnswer,
        preferences,
        now: Date.now,
        request: requestBotWriteAccess,
      });
    });
  }
  // A language other than English is a chunk of its own: the first render waits for it.
  await i18nReady(i18n);
  const { MiniApp } = launch.kind === 'telegram' ? await miniApp : { MiniApp: null };

  // The first render is a transition (issue 25): React then renders it in slices of a few milliseconds and
  // yields to the browser between them, instead of one long task that a low-end phone feels as a frozen
  // page. The commit is still one step, so the pre-rendered copy is swapped for the whole screen at once.
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <AppRouter base="/tma">
          <AppProviders client={client} session={session} i18n={i18n} platform="telegram">
            <PageViews tracker={analytics} />
            {launch.kind === 'telegram' && MiniApp ? (
              <MiniApp
                initDataRaw={launch.initDataRaw}
                startParam={launch.startParam}
                firstAnswer={signInAnswer ?? undefined}
              />
            ) : (
              <OutsideTelegramScreen />
            )}
          </AppProviders>
        </AppRouter>
      </StrictMode>,
    ),
  );
}

void start();
