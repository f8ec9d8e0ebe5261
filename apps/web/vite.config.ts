import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { LANGUAGES } from '../../packages/core/src/format/language.ts';
import { campaignsEn } from '../../packages/ui/src/i18n/resources/campaigns-en.ts';
import { campaignsHi } from '../../packages/ui/src/i18n/resources/campaigns-hi.ts';
import { campaignsPtBR } from '../../packages/ui/src/i18n/resources/campaigns-pt-br.ts';
import { en } from '../../packages/ui/src/i18n/resources/en.ts';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { feedHi } from '../../packages/ui/src/i18n/resources/feed-hi.ts';
import { feedPtBR } from '../../packages/ui/src/i18n/resources/feed-pt-br.ts';
import { hi } from '../../packages/ui/src/i18n/resources/hi.ts';
import { klashEn } from '../../packages/ui/src/i18n/resources/klash-en.ts';
import { klashHi } from '../../packages/ui/src/i18n/resources/klash-hi.ts';
import { klashPtBR } from '../../packages/ui/src/i18n/resources/klash-pt-br.ts';
import { pogEn } from '../../packages/ui/src/i18n/resources/pog-en.ts';
import { pogHi } from '../../packages/ui/src/i18n/resources/pog-hi.ts';
import { pogPtBR } from '../../packages/ui/src/i18n/resources/pog-pt-br.ts';
import { ptBR } from '../../packages/ui/src/i18n/resources/pt-br.ts';
import { questsEn } from '../../packages/ui/src/i18n/resources/quests-en.ts';
import { questsHi } from '../../packages/ui/src/i18n/resources/quests-hi.ts';
import { questsPtBR } from '../../packages/ui/src/i18n/resources/quests-pt-br.ts';
import { clientContract } from '../../tooling/vite/client-contract.ts';
import { firstScreenPreload } from '../../tooling/vite/first-screen-preload.ts';
import {
  campaignsScreen,
  firstScreenShell,
  homeScreen,
  klashScreen,
  landingScreen,
  pogScreen,
  questsScreen,
  signInScreen,
} from '../../tooling/vite/first-screen-shell.ts';
import { precompress } from '../../tooling/vite/precompress.ts';
import { serviceWorker } from '../../tooling/vite/service-worker.ts';
import { skipLoadedPreloads } from '../../tooling/vite/skip-loaded-preloads.ts';
import { vendorChunk } from '../../tooling/vite/vendor-chunk.ts';

// The first screens' chunks and texts, preloaded from index.html (no waterfall on a slow phone).
const SIGN_IN = 'packages/ui/src/features/auth/index.ts';
const HOME = 'packages/ui/src/screens/home-screen.tsx';
const TABS = 'packages/ui/src/components/app-nav.tsx';
const ACCOUNT_TEXTS = 'packages/ui/src/i18n/resources/account-{lang}.ts';
const FEED_TEXTS = 'packages/ui/src/i18n/resources/feed-{lang}.ts';
const QUESTS_TEXTS = 'packages/ui/src/i18n/resources/quests-{lang}.ts';
const MONEY_TEXTS = 'packages/ui/src/i18n/resources/money-{lang}.ts';
const PART_LOADERS = 'packages/ui/src/i18n/text-part-loaders.ts';
const COMMUNITY = 'apps/web/src/community.tsx';
const KLASH = 'packages/ui/src/features/klash/index.ts';
const KLASH_TEXTS = 'packages/ui/src/i18n/resources/klash-{lang}.ts';
const POG = 'packages/ui/src/features/pog/index.ts';
const POG_TEXTS = 'packages/ui/src/i18n/resources/pog-{lang}.ts';
const QUESTS = 'packages/ui/src/features/quests/index.ts';
const CAMPAIGNS = 'packages/ui/src/features/campaigns/index.ts';
const CAMPAIGNS_TEXTS = 'packages/ui/src/i18n/resources/campaigns-{lang}.ts';
const LANGUAGE_TEXTS = {
  hi: 'packages/ui/src/i18n/resources/hi.ts',
  'pt-BR': 'packages/ui/src/i18n/resources/pt-br.ts',
};

// The all-in-one server (`pnpm start`, port 8080) serves this build at `/`; in `vite dev`
// API calls go to it through the proxy.
export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would bundle React's
  // development build and development JSX; a production-mode build is a production build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  const preloads = skipLoadedPreloads();
  return {
    plugins: [
      clientContract(),
      preloads.plugin,
      react(),
      firstScreenPreload({
        routes: {
          '/': [HOME, TABS, FEED_TEXTS, QUESTS_TEXTS, MONEY_TEXTS, PART_LOADERS],
          '/register': [SIGN_IN, TABS, FEED_TEXTS, ACCOUNT_TEXTS, PART_LOADERS],
          '/home': [HOME, TABS, ACCOUNT_TEXTS, FEED_TEXTS, QUESTS_TEXTS, PART_LOADERS],
          '/k-quest': [QUESTS, TABS, QUESTS_TEXTS, PART_LOADERS],
          '/k-drop/campaigns': [COMMUNITY, CAMPAIGNS, TABS, CAMPAIGNS_TEXTS, QUESTS_TEXTS, PART_LOADERS],
          '/klash': [COMMUNITY, KLASH, TABS, KLASH_TEXTS, PART_LOADERS],
          '/pog': [COMMUNITY, POG, TABS, POG_TEXTS, PART_LOADERS],
        },
        languages: LANGUAGE_TEXTS,
        languageStorageKey: 'khel-pref.language',
      }),
      // What a visitor sees at /, the sign-in form, the signed-in home, and a visitor's /k-quest, /k-drop/campaigns, /klash and /pog,
      // painted from index.html before the scripts run (with the texts of the parts those screens show).
      firstScreenShell({
        routes: {
          '/': { when: 'signedOut', render: landingScreen },
          '/register': { when: 'signedOut', render: signInScreen },
          '/home': { when: 'signedIn', render: (t, c) => homeScreen(t, c, { platform: 'website' }) },
          // Shared links a visitor opens (issue 25): their heroes are the largest paint.
          '/k-quest': { when: 'signedOut', render: questsScreen },
          '/k-drop/campaigns': { when: 'signedOut', render: campaignsScreen },
          '/klash': { when: 'signedOut', render: klashScreen },
          '/pog': { when: 'signedOut', render: pogScreen },
        },
        texts: {
          en: { ...en, feed: feedEn, klash: klashEn, pog: pogEn, quests: questsEn, campaigns: campaignsEn },
          hi: { ...hi, feed: feedHi, klash: klashHi, pog: pogHi, quests: questsHi, campaigns: campaignsHi },
          'pt-BR': {
            ...ptBR,
            feed: feedPtBR,
            klash: klashPtBR,
            pog: pogPtBR,
            quests: questsPtBR,
            campaigns: campaignsPtBR,
          },
        },
        languages: LANGUAGES,
        languageStorageKey: 'khel-pref.language',
        accessTokenKey: 'khel.accessToken',
      }),
      // sw.js: offline page, the build's hashed files, Web Push (src/sw/sw.js; registered after load).
      serviceWorker({ source: new URL('./src/sw/sw.js', import.meta.url).pathname }),
      precompress(),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // dist/.vite/manifest.json: the chunk graph `npm test` checks against the bundle budget
      // (tooling/scripts/bundle-budget.mjs).
      manifest: true,
      // Every browser we serve has <link rel=modulepreload>; the polyfill would only weigh on the entry.
      // Lazy imports do not list the entry's chunks to preload: they are loaded already.
      modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
      rolldownOptions: { output: vendorChunk },
    },
    server: {
      port: 5173,
      proxy: {
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
    preview: { port: 4173 },
  };
});
