import { GROWTH_PATHS, LEGAL_ROUTES, SCREEN_PATHS } from '@khel/ui';
import { matchRoutes, Navigate, type RouteEntry } from '@khel/ui/routing';
import { type ComponentType, lazy } from 'react';
import { SETTINGS_PATH } from './chrome-rules.ts';

type Load<P = object> = () => Promise<{ default: ComponentType<P> }>;

/** A lazy screen whose chunk can also be fetched ahead (while the sign-in is on its way). */
interface Screen {
  Component: ComponentType;
  load: Load;
}

function screen(load: Load): Screen {
  return { Component: lazy(load), load };
}

/** A screen exported under a name (the shared entries of @khel/ui), as a lazy default. */
function named<M, P = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>): Load<P> {
  return () => load().then((module) => ({ default: pick(module) }));
}

// Home with the haptic on gains (the daily reward) and the shortcuts to the screens without a tab.
const home = screen(() => import('./screens/home-screen.tsx'));
// The shared screens, with what only the Mini App adds (TON wallet, Telegram's MainButton).
const profile = screen(() => import('./screens/profile-screen.tsx'));
const deleteAccount = screen(() => import('./screens/delete-account-screen.tsx'));
// The friends a gamer invited, with the invite shared through Telegram's share sheet.
const friends = screen(() => import('./screens/friends-screen.tsx'));
// The settings and language behind Telegram's SettingsButton.
const settings = screen(() => import('./screens/settings-screen.tsx'));
// Buy K-Cash, swap, the K-Store, its receipt and the history (MainButton for their main actions).
const money = screen(() => import('./screens/money-screens.tsx'));
const kyc = screen(
  named(
    () => import('@khel/ui/kyc'),
    (m) => m.KycScreen,
  ),
);
const collectEarnings = screen(() => import('./screens/collect-earnings-screen.tsx'));
// K-Quest and its partner hubs, the quest details (MainButton drives the current task), games, the Rkade.
const quests = screen(() => import('./screens/quest-screens.tsx'));
// K-Drop: the campaign list, a campaign's page (MainButton, Telegram's share) and its raffle check.
const campaigns = screen(() => import('./screens/campaign-screens.tsx'));
// Clans: /clan-chief/, /my-clan/ and /discover-clan (startapp=clan_<id> opens a clan's page).
const clans = screen(() => import('./screens/clan-screens.tsx'));
// Proof of Gamer: /pog, /pog/mint (on TON, MainButton), /pog/leaderboard, /my-pog, /pog-showcase.
const pog = screen(() => import('./screens/pog-screens.tsx'));
// Klash: /klash, /tournaments/ and a tournament at /klash/<slug-or-id> (startapp=klash_<slug-or-id>).
const klash = screen(() => import('./screens/klash-screens.tsx'));
// The offerwall in a frame (/offerwall/ and a quest's offerwall).
const offerwall = screen(
  named(
    () => import('@khel/ui/offerwall'),
    (m) => m.OfferwallScreen,
  ),
);
const article = screen(
  named(
    () => import('@khel/ui/content'),
    (m) => m.ArticleScreen,
  ),
);
const video = screen(
  named(
    () => import('@khel/ui/content'),
    (m) => m.VideoScreen,
  ),
);
// The legal documents (linked from the settings, the profile, the KYC consent, the buy confirmation and deletion).
const loadLegal = named(
  () => import('@khel/ui/legal'),
  (m) => m.LegalScreen,
);
const LegalScreen = lazy(loadLegal);
const utm = screen(
  named(
    () => import('@khel/ui/utm'),
    (m) => m.UtmLinkGeneratorScreen,
  ),
);
const analytics = screen(
  named(
    () => import('@khel/ui/operator-analytics'),
    (m) => m.OperatorAnalyticsScreen,
  ),
);
const notFound = screen(
  named(
    () => import('@khel/ui/not-found'),
    (m) => m.NotFoundScreen,
  ),
);

/** The route's screen, with its loader (see preloadScreenAt). */
function route(path: string, target: Screen): RouteEntry {
  return { path, element: <target.Component />, preload: target.load };
}

const many = (paths: readonly string[], target: Screen) => paths.map((path) => route(path, target));

/**
 * The Mini App's screens under /tma/ (the Shell around them is mini-app.tsx's); the first that matches is
 * rendered, so `*` comes last.
 */
export const SCREEN_ROUTES: RouteEntry[] = [
  route(SCREEN_PATHS.root, home),
  route(SCREEN_PATHS.home, home),
  { path: SCREEN_PATHS.register, element: <Navigate to={SCREEN_PATHS.root} replace /> },
  route(SCREEN_PATHS.profile, profile),
  route(SETTINGS_PATH, settings),
  route(SCREEN_PATHS.deleteAccount, deleteAccount),
  route(SCREEN_PATHS.friends, friends),
  ...many(
    [
      SCREEN_PATHS.buyKcash,
      SCREEN_PATHS.currencyExchange,
      SCREEN_PATHS.swap,
      SCREEN_PATHS.kStore,
      SCREEN_PATHS.purchaseConfirmation,
      SCREEN_PATHS.transactionHistory,
    ],
    money,
  ),
  route(SCREEN_PATHS.kyc, kyc),
  route(SCREEN_PATHS.collectEarnings, collectEarnings),
  ...many(
    [
      SCREEN_PATHS.kQuest,
      SCREEN_PATHS.kQuestBullieverse,
      SCREEN_PATHS.kQuestColexion,
      SCREEN_PATHS.kQuestDarkThrone,
      SCREEN_PATHS.questDetails,
      SCREEN_PATHS.questDetailsSlug,
      SCREEN_PATHS.games,
      SCREEN_PATHS.rkade,
    ],
    quests,
  ),
  // K-Drop (@khel/core/spa-routes CAMPAIGN_PATHS): the chunk picks the screen.
  route('/k-drop/campaigns/*', campaigns),
  ...many(['/clan-chief', '/my-clan', '/discover-clan'], clans),
  ...many(['/pog', '/pog/mint', '/pog/leaderboard', '/my-pog', '/pog-showcase'], pog),
  ...many(['/klash', '/klash/:tournament', '/tournaments'], klash),
  ...many([SCREEN_PATHS.offerwall, SCREEN_PATHS.questOfferwall], offerwall),
  route(SCREEN_PATHS.articleDetails, article),
  route(SCREEN_PATHS.videoDetails, video),
  ...LEGAL_ROUTES.map((r) => ({
    path: r.path,
    element: <LegalScreen documentId={r.document} />,
    preload: loadLegal,
  })),
  route(GROWTH_PATHS.utmLinkGenerator, utm),
  route(GROWTH_PATHS.operatorAnalytics, analytics),
  route('*', notFound),
];

/**
 * Starts fetching the chunk of the screen at `path` (query and hash ignored): the Mini App calls it as it
 * starts, so the screen's code arrives while Telegram signs the user in instead of after.
 */
export function preloadScreenAt(path: string): void {
  const pathname = path.split(/[?#]/)[0] || '/';
  matchRoutes(SCREEN_ROUTES, pathname)
    ?.preload?.()
    .catch(() => {
      // The route's own render asks again, and shows the failure if it has one.
    });
}
