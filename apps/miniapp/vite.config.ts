import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { LANGUAGES } from '../../packages/core/src/format/language.ts';
import { en } from '../../packages/ui/src/i18n/resources/en.ts';
import { feedEn } from '../../packages/ui/src/i18n/resources/feed-en.ts';
import { feedHi } from '../../packages/ui/src/i18n/resources/feed-hi.ts';
import { feedPtBR } from '../../packages/ui/src/i18n/resources/feed-pt-br.ts';
import { hi } from '../../packages/ui/src/i18n/resources/hi.ts';
import { ptBR } from '../../packages/ui/src/i18n/resources/pt-br.ts';
import { clientContract } from '../../tooling/vite/client-contract.ts';
import { firstScreenPreload } from '../../tooling/vite/first-screen-preload.ts';
import {
  firstScreenShell,
  homeScreen,
  miniAppSkeletonScreen,
  type ShellPage,
} from '../../tooling/vite/first-screen-shell.ts';
import { precompress } from '../../tooling/vite/precompress.ts';
import { skipLoadedPreloads } from '../../tooling/vite/skip-loaded-preloads.ts';
import { vendorChunk } from '../../tooling/vite/vendor-chunk.ts';
import { earlyThemeScript } from './src/theme.ts';
import { tonConnectManifest } from './tonconnect-manifest.ts';

// The first screen's chunks and texts, preloaded from index.html (no waterfall on a slow phone).
const MINI_APP = 'apps/miniapp/src/mini-app.tsx';
const MINI_APP_HOME = 'apps/miniapp/src/screens/home-screen.tsx';
// The Telegram SDK (theme, viewport, buttons): every Telegram launch starts it, and Telegram shows its loading
// placeholder until it reports ready, so it comes with the first download, not after the entry asks for it.
const TELEGRAM_SDK = 'apps/miniapp/src/init.ts';
const TABS = 'packages/ui/src/components/app-nav.tsx';
const QUESTS_TEXTS = 'packages/ui/src/i18n/resources/quests-{lang}.ts';
const ACCOUNT_TEXTS = 'packages/ui/src/i18n/resources/account-{lang}.ts';
const FEED_TEXTS = 'packages/ui/src/i18n/resources/feed-{lang}.ts';
const PART_LOADERS = 'packages/ui/src/i18n/text-part-loaders.ts';
/** What the home (at /tma/ and /tma/home) needs first: the signed-in app, the SDK, the screen, tabs and texts. */
const HOME_PRELOADS = [
  MINI_APP,
  TELEGRAM_SDK,
  MINI_APP_HOME,
  TABS,
  ACCOUNT_TEXTS,
  FEED_TEXTS,
  QUESTS_TEXTS,
  PART_LOADERS,
];
const LANGUAGE_TEXTS = {
  hi: 'packages/ui/src/i18n/resources/hi.ts',
  'pt-BR': 'packages/ui/src/i18n/resources/pt-br.ts',
};

const miniAppHome: ShellPage['render'] = (t, c) => homeScreen(t, c, { platform: 'telegram', base: '/tma' });

// The all-in-one server serves this build at /tma/ (its router uses basename /tma).
export default defineConfig(({ command, mode }) => {
  // A build started from a test runner inherits NODE_ENV=test, which would bundle React's
  // development build and development JSX; a production-mode build is a production build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  // PUBLIC_URL without the VITE_ prefix: the API reads the same variable (its origin is ours).
  const publicUrl = loadEnv(mode, process.cwd(), '').PUBLIC_URL || undefined;
  const preloads = skipLoadedPreloads();
  return {
    base: '/tma/',
    plugins: [
      clientContract(),
      preloads.plugin,
      react(),
      tonConnectManifest(publicUrl),
      // Telegram's theme from the launch address on the CSS variables before anything paints (theme.ts).
      {
        name: 'khel-early-telegram-theme',
        transformIndexHtml: (html: string) =>
          html.replace('<head>', () => `<head>\n    <script>${earlyThemeScript()}</script>`),
      },
      firstScreenPreload({
        routes: {
          '/tma/': HOME_PRELOADS,
          '/tma/home': HOME_PRELOADS,
        },
        languages: LANGUAGE_TEXTS,
        languageStorageKey: 'tma-pref:language',
      }),
      // Home painted from index.html while the scripts load and Telegram signs the user in; any other
      // screen (a deep link, a reload) paints the Mini App's frame with a skeleton.
      firstScreenShell({
        routes: {
          '/tma/': { when: 'telegram', render: miniAppHome },
          '/tma/home': { when: 'telegram', render: miniAppHome },
          '*': { when: 'telegram', render: miniAppSkeletonScreen },
        },
        texts: {
          en: { ...en, feed: feedEn },
          hi: { ...hi, feed: feedHi },
          'pt-BR': { ...ptBR, feed: feedPtBR },
        },
        languages: LANGUAGES,
        languageStorageKey: 'tma-pref:language',
        accessTokenKey: 'tma:accessToken',
      }),
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
      port: 5174,
      proxy: {
        '/api': { target: 'http://localhost:8080', changeOrigin: true },
      },
    },
    preview: { port: 4174 },
  };
});
