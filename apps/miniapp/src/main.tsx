import '@khel/ui/styles.css';
import './tma.css';
import { createApiClient } from '@khel/core/client';
import { routes } from '@khel/core/contract';
import { createSessionStore, localStorageAdapter } from '@khel/core/session';
import { AppProviders, createI18n } from '@khel/ui';
import { retrieveRawInitData } from '@telegram-apps/sdk-react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { env } from './env.ts';
import { initTelegramSdk, mockTelegramEnvironment } from './init.ts';
import { type Launch, resolveLaunch } from './launch.ts';
import { MiniApp } from './mini-app.tsx';
import { OutsideTelegramScreen } from './outside-telegram-screen.tsx';

// The Mini App keeps its own session ('tma:' keys), apart from the website's on the same origin.
const session = createSessionStore(localStorageAdapter('tma:'));
const preferences = localStorageAdapter('tma-pref:');
let launch: Launch = { kind: 'outside-telegram' };

const client = createApiClient({
  baseUrl: env.apiBaseUrl,
  source: 'telegram',
  session,
  telegramInitData: () => (launch.kind === 'telegram' ? launch.initDataRaw : null),
});

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
    retrieveRawInitData,
    fetchDevInitData: async (startParam) => {
      const result = await client.request(routes.devTelegramInitData, {
        query: startParam ? { startParam } : {},
      });
      return result.success ? result.data.initDataRaw : null;
    },
    mockEnvironment: mockTelegramEnvironment,
  });

  const i18n = createI18n({
    storage: preferences,
    storageKey: 'language',
    // No saved choice: the Telegram user's language, then the browser's.
    preferred: [launch.kind === 'telegram' ? launch.languageCode : null, ...navigator.languages],
  });

  if (launch.kind === 'telegram') initTelegramSdk({ debug: env.debug });

  createRoot(root).render(
    <StrictMode>
      <BrowserRouter basename="/tma">
        <AppProviders client={client} session={session} i18n={i18n} platform="telegram">
          {launch.kind === 'telegram' ? (
            <MiniApp initDataRaw={launch.initDataRaw} startParam={launch.startParam} />
          ) : (
            <OutsideTelegramScreen />
          )}
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );
}

void start();
