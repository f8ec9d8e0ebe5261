import { ApiError, type ApiResult, afterYield, DATA_ERROR_MESSAGE } from '@khel/core/client';
import { type AuthResult, authRoutes } from '@khel/core/contract';
import { startParamToPath } from '@khel/core/deep-links';
import {
  type AppFeedback,
  AppFeedbackContext,
  type ChatShare,
  ChatShareContext,
  Page,
  signInWithTelegram,
  useApi,
  useTranslation,
} from '@khel/ui';
import { Routes, useLocation, useNavigate } from '@khel/ui/routing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ComponentType,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { holdClose } from './closing-confirmation.ts';
import { hapticOnError, hapticOnGain, hapticOnMutationErrors } from './haptics.ts';
import { preloadScreenAt, SCREEN_ROUTES } from './routes.tsx';
import { ScreenSkeleton } from './screen-skeleton.tsx';
import { telegramSdkStarted } from './telegram-sdk.ts';

// The clan-chief promotion's scheduler (SPEC §2), fetched after the first screen; it loads the overlay when due.
const ClanPromo = lazy(() => import('@khel/ui/clan-promo'));
// Keeps an invite's ?ref=<code> (startapp=ref_<code> opens /home?ref=<code>) and applies it once
// signed in; renders nothing, and is a chunk of its own to keep the first download within budget.
const ReferralCapture = lazy(() => import('@khel/ui/referrals'));
// Offered when the Telegram sign-in is refused; TON Connect itself loads only once this renders.
const TonWalletSection = lazy(() =>
  import('./ton/ton-wallet-section.tsx').then((m) => ({ default: m.TonWalletSection })),
);

// Telegram's back and settings buttons and fullscreen for games (telegram-chrome.tsx) use the SDK chunk;
// they render nothing, so no screen waits for them, and a chunk that cannot be fetched costs those only.
const TelegramChrome = lazy<ComponentType>(() =>
  telegramSdkStarted()
    .then(() => import('./telegram-chrome.tsx'))
    .catch((error: unknown) => {
      console.error("Could not load Telegram's buttons", error);
      return { default: () => null };
    }),
);

/** The shared screens' gains, failures and payments, answered with Telegram's haptics and closing confirmation. */
const TELEGRAM_FEEDBACK: AppFeedback = { gain: hapticOnGain, failure: hapticOnError, holdClose };

/**
 * "Share to a chat" on the quest, campaign, tournament and article screens: Telegram's shareMessage with a prepared
 * message of the item, else the share sheet (item-share.ts, fetched on the first share).
 */
function useChatShare(): ChatShare {
  const { client } = useApi();
  const { i18n } = useTranslation();
  return useMemo(
    () => ({
      share: async (kind, ref) => {
        const lang = i18n.language === 'hi' ? 'hi' : i18n.language === 'pt-BR' ? 'pt-BR' : 'en';
        const { shareItemInTelegram } = await import('./item-share.ts');
        const outcome = await shareItemInTelegram(client, kind, ref, { lang });
        return outcome.via === 'none' ? outcome.message : null;
      },
    }),
    [client, i18n],
  );
}

function Shell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  // Every action that fails (a mutation) is felt: Telegram's error haptic.
  useEffect(() => hapticOnMutationErrors(queryClient), [queryClient]);
  const chatShare = useChatShare();
  return (
    <AppFeedbackContext.Provider value={TELEGRAM_FEEDBACK}>
      <ChatShareContext.Provider value={chatShare}>
        {/* A screen whose chunk is on its way shows its frame: the tab bar and a skeleton. */}
        <Suspense fallback={<ScreenSkeleton />}>
          <Suspense fallback={null}>
            <TelegramChrome />
          </Suspense>
          <Suspense fallback={null}>
            <ReferralCapture />
          </Suspense>
          {children}
          <Suspense fallback={null}>
            <ClanPromo />
          </Suspense>
        </Suspense>
      </ChatShareContext.Provider>
    </AppFeedbackContext.Provider>
  );
}

function MiniAppRoutes() {
  return (
    <Shell>
      <Routes routes={SCREEN_ROUTES} />
    </Shell>
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
  const { pathname } = useLocation();
  const firstPath = useRef(startParam ? startParamToPath(startParam) : pathname);

  // The screen's code is fetched while Telegram signs the user in, not after.
  // In a task of its own: the preload links Vite adds for the chunk cost a slow phone some 15 ms.
  useEffect(() => afterYield(() => preloadScreenAt(firstPath.current)), []);

  const run = useCallback(() => {
    mutate(initDataRaw, {
      onSuccess: () => {
        if (startParam && !deepLinked.current) {
          deepLinked.current = true;
          navigate(startParamToPath(startParam), { replace: true });
        }
        // The whole app renders now: as a transition, in slices the browser can answer a tap between,
        // instead of one long task (issue 25); the skeleton stays until it is done.
        startTransition(() => setReady(true));
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
    startTransition(() => setReady(true));
  };

  if (signIn.isError && !ready) return <SignInFailed onRetry={run} onSignedInWithTon={signedInWithTon} />;
  // Signing in: the screen's frame already (the tab bar and a skeleton), its data once signed in.
  if (!ready) return <ScreenSkeleton label={t('telegram.signingIn')} />;
  return <MiniAppRoutes />;
}
