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
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';

// Every screen is its own chunk: the first visit downloads only the shell and the screen it lands on.
const LoginScreen = lazy(() => import('@khel/ui/auth').then((m) => ({ default: m.LoginScreen })));
const HomeScreen = lazy(() => import('@khel/ui/home').then((m) => ({ default: m.HomeScreen })));
// What a visitor sees at / (Khel's pitch, featured quests, games, the store); same chunk as home.
const LandingScreen = lazy(() => import('@khel/ui/home').then((m) => ({ default: m.LandingScreen })));
const ProfileScreen = lazy(() => import('@khel/ui/profile').then((m) => ({ default: m.ProfileScreen })));
const DeleteAccountScreen = lazy(() =>
  import('@khel/ui/delete-account').then((m) => ({ default: m.DeleteAccountScreen })),
);
const BuyKcashScreen = lazy(() => import('@khel/ui/buy-kcash').then((m) => ({ default: m.BuyKcashScreen })));
const SwapScreen = lazy(() => import('@khel/ui/swap').then((m) => ({ default: m.SwapScreen })));
const StoreScreen = lazy(() => import('@khel/ui/k-store').then((m) => ({ default: m.StoreScreen })));
const PurchaseConfirmationScreen = lazy(() =>
  import('@khel/ui/purchase-confirmation').then((m) => ({ default: m.PurchaseConfirmationScreen })),
);
const TransactionHistoryScreen = lazy(() =>
  import('@khel/ui/transaction-history').then((m) => ({ default: m.TransactionHistoryScreen })),
);
const KycScreen = lazy(() => import('@khel/ui/kyc').then((m) => ({ default: m.KycScreen })));
const CollectEarningsScreen = lazy(() =>
  import('@khel/ui/collect-earnings').then((m) => ({ default: m.CollectEarningsScreen })),
);
// K-Quest, the quest details, the games catalogue and the Rkade (visitors browse them; acting asks to sign in).
const QuestsScreen = lazy(() => import('@khel/ui/quests').then((m) => ({ default: m.QuestsScreen })));
const QuestDetailsScreen = lazy(() =>
  import('@khel/ui/quests').then((m) => ({ default: m.QuestDetailsScreen })),
);
const GamesScreen = lazy(() => import('@khel/ui/games').then((m) => ({ default: m.GamesScreen })));
const RkadeScreen = lazy(() => import('@khel/ui/games').then((m) => ({ default: m.RkadeScreen })));
// K-Drop (the campaign list, a campaign's page, its raffle check), clans (/clan-chief/, /my-clan/,
// /discover-clan), Proof of Gamer (/pog, /pog/mint, /pog/leaderboard, /my-pog, /pog-showcase), Klash
// (/klash, /tournaments/, /klash/<slug>) and the clan-chief promotion: one lazy module that picks the screen.
const CommunityScreens = lazy(() => import('./community.tsx'));
const OfferwallScreen = lazy(() =>
  import('@khel/ui/offerwall').then((m) => ({ default: m.OfferwallScreen })),
);
// Finishes a WhatsApp or Google sign-in when the provider sends the user back to any page.
const ArticleScreen = lazy(() => import('@khel/ui/content').then((m) => ({ default: m.ArticleScreen })));
const VideoScreen = lazy(() => import('@khel/ui/content').then((m) => ({ default: m.VideoScreen })));
const SignInCallback = lazy(() => import('@khel/ui/auth').then((m) => ({ default: m.SignInCallback })));
const LegalScreen = lazy(() => import('@khel/ui/legal').then((m) => ({ default: m.LegalScreen })));
// Growth (issue 14): the UTM link generator, the operators' analytics, and the short-link capture on every page.
const UtmLinkGeneratorScreen = lazy(() =>
  import('@khel/ui/utm').then((m) => ({ default: m.UtmLinkGeneratorScreen })),
);
const OperatorAnalyticsScreen = lazy(() =>
  import('@khel/ui/operator-analytics').then((m) => ({ default: m.OperatorAnalyticsScreen })),
);
const UtmCapture = lazy(() => import('@khel/ui/utm-capture'));
const NotFoundScreen = lazy(() => import('@khel/ui/not-found').then((m) => ({ default: m.NotFoundScreen })));

function Shell() {
  const { pathname } = useLocation();
  // Read once at load: the callback cleans the address itself.
  const [providerAnswer] = useState(() => hasRedirectCallback(window.location));
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
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
      <Outlet />
      <Suspense fallback={null}>
        <CommunityScreens promo />
      </Suspense>
    </Suspense>
  );
}

/** The signed-in user's own screens: home, profile, account deletion, money, KYC and earnings (SPEC §2). */
function accountRoutes() {
  return (
    <>
      <Route
        path={SCREEN_PATHS.home}
        element={
          <RequireSignIn>
            <HomeScreen />
          </RequireSignIn>
        }
      />
      <Route
        path={SCREEN_PATHS.profile}
        element={
          <RequireSignIn>
            <ProfileScreen />
          </RequireSignIn>
        }
      />
      <Route
        path={SCREEN_PATHS.deleteAccount}
        element={
          <RequireSignIn>
            <DeleteAccountScreen />
          </RequireSignIn>
        }
      />
      {/* Money (SPEC §2): the store is open to visitors; buying asks them to sign in. */}
      <Route path={SCREEN_PATHS.kStore} element={<StoreScreen />} />
      {(
        [
          [SCREEN_PATHS.buyKcash, <BuyKcashScreen key="buy" />],
          [SCREEN_PATHS.currencyExchange, <SwapScreen key="exchange" />],
          [SCREEN_PATHS.swap, <SwapScreen key="swap" />],
          [SCREEN_PATHS.purchaseConfirmation, <PurchaseConfirmationScreen key="receipt" />],
          [SCREEN_PATHS.transactionHistory, <TransactionHistoryScreen key="history" />],
        ] as const
      ).map(([path, screen]) => (
        <Route key={path} path={path} element={<RequireSignIn>{screen}</RequireSignIn>} />
      ))}
      <Route
        path={SCREEN_PATHS.kyc}
        element={
          <RequireSignIn>
            <KycScreen />
          </RequireSignIn>
        }
      />
      <Route
        path={SCREEN_PATHS.collectEarnings}
        element={
          <RequireSignIn>
            <CollectEarningsScreen />
          </RequireSignIn>
        }
      />
    </>
  );
}

/** What visitors browse too: quests, games, K-Drop, clans, POG, Klash, the offerwall, articles and videos. */
function browseRoutes() {
  return (
    <>
      {/* Quests and games (SPEC §2): open to visitors. */}
      <Route path={SCREEN_PATHS.kQuest} element={<QuestsScreen />} />
      <Route
        path={SCREEN_PATHS.kQuestBullieverse}
        element={<QuestsScreen key="bullieverse" hubSlug="bullieverse" />}
      />
      <Route
        path={SCREEN_PATHS.kQuestColexion}
        element={<QuestsScreen key="colexion" hubSlug="colexion" />}
      />
      <Route
        path={SCREEN_PATHS.kQuestDarkThrone}
        element={<QuestsScreen key="dark-throne" hubSlug="dark-throne" />}
      />
      <Route path={SCREEN_PATHS.questDetails} element={<QuestDetailsScreen />} />
      <Route path={SCREEN_PATHS.questDetailsSlug} element={<QuestDetailsScreen />} />
      <Route path={SCREEN_PATHS.games} element={<GamesScreen />} />
      <Route path={SCREEN_PATHS.rkade} element={<RkadeScreen />} />
      {/* K-Drop, clans, POG and Klash (@khel/core/spa-routes CAMPAIGN_PATHS, CLAN_PATHS, POG_PATHS, KLASH_PATHS): the chunk picks the screen. */}
      {[
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
      ].map((path) => (
        <Route key={path} path={path} element={<CommunityScreens />} />
      ))}
      <Route path={SCREEN_PATHS.offerwall} element={<OfferwallScreen />} />
      <Route path={SCREEN_PATHS.questOfferwall} element={<OfferwallScreen />} />
      {/* Articles and videos (SPEC §2): open to visitors. */}
      <Route path={SCREEN_PATHS.articleDetails} element={<ArticleScreen />} />
      <Route path={SCREEN_PATHS.videoDetails} element={<VideoScreen />} />
    </>
  );
}

/**
 * Every SPEC §2 route has its screen: /, /home, /register, /profile, /delete-user-account, money, KYC,
 * earnings, quests, games, the Rkade, articles and videos, K-Drop, clans, POG, Klash, the UTM link
 * generator and the four legal documents; any other path is 'Page not found'. Groups of routes come from
 * functions (not components: <Routes> reads <Route> elements and fragments only).
 */
export function AppRoutes() {
  const signIn = (
    <RedirectIfSignedIn>
      <LoginScreen />
    </RedirectIfSignedIn>
  );
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route
          path={SCREEN_PATHS.root}
          element={
            <RedirectIfSignedIn>
              <LandingScreen />
            </RedirectIfSignedIn>
          }
        />
        <Route path={SCREEN_PATHS.register} element={signIn} />
        {accountRoutes()}
        {browseRoutes()}
        {LEGAL_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={<LegalScreen documentId={r.document} />} />
        ))}
        <Route
          path={GROWTH_PATHS.utmLinkGenerator}
          element={
            <RequireSignIn>
              <UtmLinkGeneratorScreen />
            </RequireSignIn>
          }
        />
        <Route path={GROWTH_PATHS.operatorAnalytics} element={<OperatorAnalyticsScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}
