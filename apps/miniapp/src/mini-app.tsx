import { ApiError, type ApiResult, DATA_ERROR_MESSAGE } from '@khel/core/client';
import { type AuthResult, authRoutes } from '@khel/core/contract';
import { startParamToPath } from '@khel/core/deep-links';
import {
  GROWTH_PATHS,
  LEGAL_ROUTES,
  LoadingState,
  Page,
  SCREEN_PATHS,
  signInWithTelegram,
  useApi,
  useTranslation,
} from '@khel/ui';
import { useMutation } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { telegramSdkStarted } from './telegram-sdk.ts';

// Home with the haptic on gains (the daily reward).
const HomeScreen = lazy(() => import('./screens/home-screen.tsx'));
// The shared screens, with what only the Mini App adds (TON wallet, Telegram's MainButton).
const ProfileScreen = lazy(() => import('./screens/profile-screen.tsx'));
const DeleteAccountScreen = lazy(() => import('./screens/delete-account-screen.tsx'));
// Buy K-Cash, swap, the K-Store, its receipt and the history (MainButton for their main actions).
const MoneyScreens = lazy(() => import('./screens/money-screens.tsx'));
const KycScreen = lazy(() => import('@khel/ui/kyc').then((m) => ({ default: m.KycScreen })));
const CollectEarningsScreen = lazy(() => import('./screens/collect-earnings-screen.tsx'));
// K-Quest and its partner hubs, the quest details (MainButton drives the current task), games, the Rkade.
const QuestScreens = lazy(() => import('./screens/quest-screens.tsx'));
// K-Drop: the campaign list, a campaign's page (MainButton, Telegram's share) and its raffle check.
const CampaignScreens = lazy(() => import('./screens/campaign-screens.tsx'));
// Clans: /clan-chief/, /my-clan/ and /discover-clan (startapp=clan_<id> opens a clan's page).
const ClanScreens = lazy(() => import('./screens/clan-screens.tsx'));
// Proof of Gamer: /pog, /pog/mint (on TON, MainButton), /pog/leaderboard, /my-pog, /pog-showcase.
const PogScreens = lazy(() => import('./screens/pog-screens.tsx'));
// Klash: /klash, /tournaments/ and a tournament at /klash/<slug-or-id> (startapp=klash_<slug-or-id>).
const KlashScreens = lazy(() => import('./screens/klash-screens.tsx'));
// The clan-chief promotion's scheduler (SPEC §2), fetched after the first screen; it loads the overlay when due.
const ClanPromo = lazy(() => import('@khel/ui/clan-promo'));
// The offerwall in a frame (/offerwall/ and a quest's offerwall).
const OfferwallScreen = lazy(() =>
  import('@khel/ui/offerwall').then((m) => ({ default: m.OfferwallScreen })),
);
// The legal documents (linked from the profile, the KYC consent, the buy confirmation and deletion).
const ArticleScreen = lazy(() => import('@khel/ui/content').then((m) => ({ default: m.ArticleScreen })));
const VideoScreen = lazy(() => import('@khel/ui/content').then((m) => ({ default: m.VideoScreen })));
const LegalScreen = lazy(() => import('@khel/ui/legal').then((m) => ({ default: m.LegalScreen })));
const UtmLinkGeneratorScreen = lazy(() =>
  import('@khel/ui/utm').then((m) => ({ default: m.UtmLinkGeneratorScreen })),
);
const OperatorAnalyticsScreen = lazy(() =>
  import('@khel/ui/operator-analytics').then((m) => ({ default: m.OperatorAnalyticsScreen })),
);
const NotFoundScreen = lazy(() => import('@khel/ui/not-found').then((m) => ({ default: m.NotFoundScreen })));
// Keeps an invite's ?ref=<code> (startapp=ref_<code> opens /home?ref=<code>) and applies it once
// signed in; renders nothing, and is a chunk of its own to keep the first download within budget.
const ReferralCapture = lazy(() => import('@khel/ui/referrals'));
// Offered when the Telegram sign-in is refused; TON Connect itself loads only once this renders.
const TonWalletSection = lazy(() =>
  import('./ton/ton-wallet-section.tsx').then((m) => ({ default: m.TonWalletSection })),
);

// Uses the Telegram SDK chunk; it renders nothing, so no screen waits for it, and a chunk that
// cannot be fetched costs the back button only.
const BackButtonSync = lazy(() =>
  telegramSdkStarted()
    .then(() => import('./back-button-sync.tsx'))
    .catch((error: unknown) => {
      console.error('Could not load the Telegram back button', error);
      return { default: () => null };
    }),
);

function Shell() {
  const { pathname } = useLocation();
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
      <Suspense fallback={null}>
        <BackButtonSync />
      </Suspense>
      <Suspense fallback={null}>
        <ReferralCapture />
      </Suspense>
      <Outlet />
      <Suspense fallback={null}>
        <ClanPromo />
      </Suspense>
    </Suspense>
  );
}

function MiniAppRoutes() {
  return (
    <Routes>
      <Route element={<Shell />}>
        <Route path={SCREEN_PATHS.root} element={<HomeScreen />} />
        <Route path={SCREEN_PATHS.home} element={<HomeScreen />} />
        <Route path={SCREEN_PATHS.register} element={<Navigate to={SCREEN_PATHS.root} replace />} />
        <Route path={SCREEN_PATHS.profile} element={<ProfileScreen />} />
        <Route path={SCREEN_PATHS.deleteAccount} element={<DeleteAccountScreen />} />
        <Route path={SCREEN_PATHS.buyKcash} element={<MoneyScreens />} />
        <Route path={SCREEN_PATHS.currencyExchange} element={<MoneyScreens />} />
        <Route path={SCREEN_PATHS.swap} element={<MoneyScreens />} />
        <Route path={SCREEN_PATHS.kStore} element={<MoneyScreens />} />
        <Route path={SCREEN_PATHS.purchaseConfirmation} element={<MoneyScreens />} />
        <Route path={SCREEN_PATHS.transactionHistory} element={<MoneyScreens />} />
        <Route path={SCREEN_PATHS.kyc} element={<KycScreen />} />
        <Route path={SCREEN_PATHS.collectEarnings} element={<CollectEarningsScreen />} />
        {(
          [
            SCREEN_PATHS.kQuest,
            SCREEN_PATHS.kQuestBullieverse,
            SCREEN_PATHS.kQuestColexion,
            SCREEN_PATHS.kQuestDarkThrone,
            SCREEN_PATHS.questDetails,
            SCREEN_PATHS.questDetailsSlug,
            SCREEN_PATHS.games,
            SCREEN_PATHS.rkade,
          ] as const
        ).map((path) => (
          <Route key={path} path={path} element={<QuestScreens />} />
        ))}
        {/* K-Drop (@khel/core/spa-routes CAMPAIGN_PATHS): the chunk picks the screen. */}
        <Route path="/k-drop/campaigns/*" element={<CampaignScreens />} />
        {['/clan-chief', '/my-clan', '/discover-clan'].map((path) => (
          <Route key={path} path={path} element={<ClanScreens />} />
        ))}
        {['/pog', '/pog/mint', '/pog/leaderboard', '/my-pog', '/pog-showcase'].map((path) => (
          <Route key={path} path={path} element={<PogScreens />} />
        ))}
        {['/klash', '/klash/:tournament', '/tournaments'].map((path) => (
          <Route key={path} path={path} element={<KlashScreens />} />
        ))}
        <Route path={SCREEN_PATHS.offerwall} element={<OfferwallScreen />} />
        <Route path={SCREEN_PATHS.questOfferwall} element={<OfferwallScreen />} />
        <Route path={SCREEN_PATHS.articleDetails} element={<ArticleScreen />} />
        <Route path={SCREEN_PATHS.videoDetails} element={<VideoScreen />} />
        {LEGAL_ROUTES.map((r) => (
          <Route key={r.path} path={r.path} element={<LegalScreen documentId={r.document} />} />
        ))}
        <Route path={GROWTH_PATHS.utmLinkGenerator} element={<UtmLinkGeneratorScreen />} />
        <Route path={GROWTH_PATHS.operatorAnalytics} element={<OperatorAnalyticsScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Route>
    </Routes>
  );
}

/** The sign-in's answer as the client gives a route's: its data checked against the contract. */
function checkedAnswer(answer: ApiResult<unknown>): AuthResult {
  if (!answer.success) throw new ApiError(answer.status, answer.message, answer.data);
  const parsed = authRoutes.telegram.response.safeParse(answer.data);
  if (parsed.success) return parsed.data;
  console.error('Answer of the Telegram sign-in does not match the contract', parsed.error.issues);
  throw new ApiError(answer.status, DATA_ERROR_MESSAGE, null);
}

/**
 * The Telegram sign-in (as useTelegramSignIn), whose first attempt takes the answer the entry already
 * asked for (early-sign-in.ts), checked against the contract as the client checks a route's answer;
 * a retry, or a sign-in after the session ended, sends a new request.
 */
function useFirstTelegramSignIn(firstAnswer: Promise<ApiResult<unknown>> | undefined) {
  const { client, session } = useApi();
  const pending = useRef(firstAnswer);
  return useMutation({
    mutationFn: async (initDataRaw: string) => {
      const early = pending.current;
      pending.current = undefined;
      if (!early) return signInWithTelegram(client, session, initDataRaw);
      const auth = checkedAnswer(await early);
      session.setTokens({
        accessToken: auth.accessToken,
        refreshToken: auth.refreshToken,
        idToken: auth.idToken,
      });
      return auth;
    },
  });
}

/** The Telegram sign-in was refused: Retry, or sign in with a TON wallet instead. */
function SignInFailed({
  onRetry,
  onSignedInWithTon,
}: {
  onRetry: () => void;
  onSignedInWithTon: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Page title={t('common.appName')} width="narrow">
      <section className="card card--raised launch__card">
        <p className="notice notice--error" role="alert">
          {t('telegram.signInError')}
        </p>
        <button className="button button--secondary" onClick={onRetry}>
          {t('common.retry')}
        </button>
      </section>
      <Suspense fallback={null}>
        <TonWalletSection mode="sign-in" onSignedIn={onSignedInWithTon} />
      </Suspense>
    </Page>
  );
}

/**
 * Signs in with the Telegram init data (POST /authentication/telegram, `Authorization: tma …`),
 * then opens the screen the start parameter names (startapp=quest_<slug> → /quest-details/<slug>).
 */
export function MiniApp({
  initDataRaw,
  startParam,
  firstAnswer,
}: {
  initDataRaw: string;
  startParam: string | null;
  /** The entry's sign-in request for these init data, when it sent one. */
  firstAnswer?: Promise<ApiResult<unknown>> | undefined;
}) {
  const { t } = useTranslation();
  const { session } = useApi();
  const navigate = useNavigate();
  const signIn = useFirstTelegramSignIn(firstAnswer);
  const { mutate } = signIn;
  const [ready, setReady] = useState(false);
  const started = useRef(false);
  const deepLinked = useRef(false);

  const run = useCallback(() => {
    mutate(initDataRaw, {
      onSuccess: () => {
        if (startParam && !deepLinked.current) {
          deepLinked.current = true;
          navigate(startParamToPath(startParam), { replace: true });
        }
        setReady(true);
      },
    });
  }, [mutate, initDataRaw, startParam, navigate]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    run();
  }, [run]);

  // The API ended the session (refresh refused): the init data sign the user in again.
  useEffect(
    () =>
      session.subscribe((change) => {
        if (change.type === 'ended') {
          setReady(false);
          run();
        }
      }),
    [session, run],
  );

  // A TON wallet sign-in (offered below a refused Telegram one) also opens the app.
  const signedInWithTon = () => {
    signIn.reset();
    setReady(true);
  };

  if (signIn.isError && !ready) return <SignInFailed onRetry={run} onSignedInWithTon={signedInWithTon} />;
  if (!ready) {
    return (
      <Page title={t('common.appName')} width="narrow">
        <LoadingState label={t('telegram.signingIn')} />
      </Page>
    );
  }
  return <MiniAppRoutes />;
}
