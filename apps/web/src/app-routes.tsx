import { afterFirstScreen } from '@khel/core/client';
import {
  GROWTH_PATHS,
  hasRedirectCallback,
  LEGAL_ROUTES,
  LoadingState,
  Page,
  RedirectIfSignedIn,
  RequireSignIn,
  SCREEN_PATHS,
} from '@khel/ui';
import { type RouteEntry, Routes, useLocation } from '@khel/ui/routing';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

// Every screen is its own chunk: the first visit downloads only the shell and the screen it lands on.
const LoginScreen = lazy(() => import('@khel/ui/auth').then((m) => ({ default: m.LoginScreen })));
const HomeScreen = lazy(() => import('@khel/ui/home').then((m) => ({ default: m.HomeScreen })));
// What a visitor sees at / (Khel's pitch, featured quests, games, the store); same chunk as home.
const LandingScreen = lazy(() => import('@khel/ui/home').then((m) => ({ default: m.LandingScreen })));
// K-Quest and the quest details (visitors browse them; acting asks to sign in).
const QuestsScreen = lazy(() => import('@khel/ui/quests').then((m) => ({ default: m.QuestsScreen })));
const QuestDetailsScreen = lazy(() =>
  import('@khel/ui/quests').then((m) => ({ default: m.QuestDetailsScreen })),
);
// K-Drop (the campaign list, a campaign's page, its raffle check), clans (/clan-chief/, /my-clan/,
// /discover-clan), Proof of Gamer (/pog, /pog/mint, /pog/leaderboard, /my-pog, /pog-showcase), Klash
// (/klash, /tournaments/, /klash/<slug>) and the clan-chief promotion: one lazy module that picks the screen.
const CommunityScreens = lazy(() => import('./community.tsx'));
// Profile, account deletion, money, KYC, earnings, the growth tools, the offerwall, games, the legal
// documents and not-found: one lazy module that picks the screen (later-screens.tsx).
const loadLaterScreens = () => import('./later-screens.tsx');
const LaterScreens = lazy(loadLaterScreens);
// Finishes a WhatsApp or Google sign-in when the provider sends the user back to any page.
const ArticleScreen = lazy(() => import('@khel/ui/content').then((m) => ({ default: m.ArticleScreen })));
const VideoScreen = lazy(() => import('@khel/ui/content').then((m) => ({ default: m.VideoScreen })));
const SignInCallback = lazy(() => import('@khel/ui/auth').then((m) => ({ default: m.SignInCallback })));
// Growth (issue 14): the short-link capture on every page.
const UtmCapture = lazy(() => import('@khel/ui/utm-capture'));

function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Read once at load: the callback cleans the address itself.
  const [providerAnswer] = useState(() => hasRedirectCallback(window.location));
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  useEffect(() => {
    // A small chunk: fetched once the first screen is up (loaded, the page idle a moment), so opening an
    // account screen waits only for its own and the first screen's requests do not wait for it.
    afterFirstScreen()
      .then(loadLaterScreens)
      .catch(() => {});
  }, []);
  return (
    <Suspense
      fallback={
        <Page>
          <LoadingState />
        </Page>
      }
    >
      {providerAnswer && (
        <Suspense fallback={null}>
          <SignInCallback />
        </Suspense>
      )}
      <Suspense fallback={null}>
        <UtmCapture />
      </Suspense>
      {children}
      <Suspense fallback={null}>
        <CommunityScreens promo />
      </Suspense>
    </Suspense>
  );
}

const signedIn = (screen: ReactNode) => <RequireSignIn>{screen}</RequireSignIn>;

/** The signed-in user's own screens: home, profile, account deletion, money, KYC and earnings (SPEC §2). */
const ACCOUNT_ROUTES: RouteEntry[] = [
  { path: SCREEN_PATHS.home, element: signedIn(<HomeScreen />) },
  { path: SCREEN_PATHS.profile, element: signedIn(<LaterScreens screen="profile" />) },
  { path: SCREEN_PATHS.deleteAccount, element: signedIn(<LaterScreens screen="deleteAccount" />) },
  { path: SCREEN_PATHS.friends, element: signedIn(<LaterScreens screen="friends" />) },
  // Money (SPEC §2): the store is open to visitors; buying asks them to sign in.
  { path: SCREEN_PATHS.kStore, element: <LaterScreens screen="kStore" /> },
  { path: SCREEN_PATHS.buyKcash, element: signedIn(<LaterScreens key="buy" screen="buyKcash" />) },
  { path: SCREEN_PATHS.currencyExchange, element: signedIn(<LaterScreens key="exchange" screen="swap" />) },
  { path: SCREEN_PATHS.swap, element: signedIn(<LaterScreens key="swap" screen="swap" />) },
  {
    path: SCREEN_PATHS.purchaseConfirmation,
    element: signedIn(<LaterScreens key="receipt" screen="purchaseConfirmation" />),
  },
  {
    path: SCREEN_PATHS.transactionHistory,
    element: signedIn(<LaterScreens key="history" screen="transactionHistory" />),
  },
  { path: SCREEN_PATHS.kyc, element: signedIn(<LaterScreens screen="kyc" />) },
  { path: SCREEN_PATHS.collectEarnings, element: signedIn(<LaterScreens screen="collectEarnings" />) },
];

/** What visitors browse too: quests, games, K-Drop, clans, POG, Klash, the offerwall, articles and videos. */
const BROWSE_ROUTES: RouteEntry[] = [
  // Quests and games (SPEC §2): open to visitors.
  { path: SCREEN_PATHS.kQuest, element: <QuestsScreen /> },
  { path: SCREEN_PATHS.kQuestBullieverse, element: <QuestsScreen key="bullieverse" hubSlug="bullieverse" /> },
  { path: SCREEN_PATHS.kQuestColexion, element: <QuestsScreen key="colexion" hubSlug="colexion" /> },
  { path: SCREEN_PATHS.kQuestDarkThrone, element: <QuestsScreen key="dark-throne" hubSlug="dark-throne" /> },
  { path: SCREEN_PATHS.questDetails, element: <QuestDetailsScreen /> },
  { path: SCREEN_PATHS.questDetailsSlug, element: <QuestDetailsScreen /> },
  { path: SCREEN_PATHS.games, element: <LaterScreens screen="games" /> },
  { path: SCREEN_PATHS.rkade, element: <LaterScreens screen="rkade" /> },
  // K-Drop, clans, POG and Klash (@khel/core/spa-routes CAMPAIGN_PATHS, CLAN_PATHS, POG_PATHS, KLASH_PATHS): the chunk picks the screen.
  ...[
    '/k-drop/campaigns/*',
    '/clan-chief',
    '/my-clan',
    '/discover-clan',
    '/pog',
    '/pog/mint',
    '/pog/leaderboard',
    '/my-pog',
    '/pog-showcase',
    '/klash',
    '/klash/:tournament',
    '/tournaments',
  ].map((path) => ({ path, element: <CommunityScreens /> })),
  { path: SCREEN_PATHS.offerwall, element: <LaterScreens screen="offerwall" /> },
  { path: SCREEN_PATHS.questOfferwall, element: <LaterScreens screen="offerwall" /> },
  // Articles and videos (SPEC §2): open to visitors.
  { path: SCREEN_PATHS.articleDetails, element: <ArticleScreen /> },
  { path: SCREEN_PATHS.videoDetails, element: <VideoScreen /> },
];

/**
 * Every SPEC §2 route has its screen: /, /home, /register, /profile, /delete-user-account, money, KYC,
 * earnings, quests, games, the Rkade, articles and videos, K-Drop, clans, POG, Klash, the UTM link
 * generator and the four legal documents; any other path is 'Page not found' (the first route that
 * matches is rendered, so `*` comes last).
 */
const APP_ROUTES: RouteEntry[] = [
  {
    path: SCREEN_PATHS.root,
    element: (
      <RedirectIfSignedIn>
        <LandingScreen />
      </RedirectIfSignedIn>
    ),
  },
  {
    path: SCREEN_PATHS.register,
    element: (
      <RedirectIfSignedIn>
        <LoginScreen />
      </RedirectIfSignedIn>
    ),
  },
  ...ACCOUNT_ROUTES,
  ...BROWSE_ROUTES,
  ...LEGAL_ROUTES.map((r) => ({
    path: r.path,
    element: <LaterScreens screen="legal" documentId={r.document} />,
  })),
  { path: GROWTH_PATHS.utmLinkGenerator, element: signedIn(<LaterScreens screen="utmLinkGenerator" />) },
  { path: GROWTH_PATHS.operatorAnalytics, element: <LaterScreens screen="operatorAnalytics" /> },
  { path: '*', element: <LaterScreens screen="notFound" /> },
];

export function AppRoutes() {
  return (
    <Shell>
      <Routes routes={APP_ROUTES} />
    </Shell>
  );
}
