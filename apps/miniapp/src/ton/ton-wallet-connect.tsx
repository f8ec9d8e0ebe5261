import { useErrorMessage, useTranslation } from '@khel/ui';
import {
  type TonConnectedWallet,
  type TonProofProblem,
  TonWalletCard,
  type TonWalletState,
  tonProofRequest,
  useSubmitTonProof,
  useTonPayload,
} from '@khel/ui/ton';
import { THEME, TonConnectUIProvider, useTonConnectUI } from '@tonconnect/ui-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { env } from '../env.ts';
import { tonConnectManifestUrl } from './manifest-url.ts';

export interface TonWalletConnectProps {
  /** `link` adds the wallet to the signed-in account; `sign-in` signs a visitor in with it. */
  mode: 'link' | 'sign-in';
  /** Sign-in mode: the tokens are stored; the app opens its first screen. */
  onSignedIn?: () => void;
  /** Link mode: the wallet is now the account's (the mint that needed it goes on). */
  onLinked?: () => void;
  /**
   * TON Connect's modal opens each time this grows, once the request's payload is there (a screen that
   * needs a wallet now, such as a mint, opens it itself rather than waiting for a tap on the card).
   */
  connectRequests?: number;
}

const PROBLEM_TEXT = {
  'no-proof': 'miniapp.ton.errors.noProof',
  'proof-refused': 'miniapp.ton.errors.proofRefused',
  'unsupported-network': 'miniapp.ton.errors.unsupportedNetwork',
  'stale-payload': 'miniapp.ton.errors.stalePayload',
} as const satisfies Record<TonProofProblem, string>;

/**
 * TON Connect, loaded only by the screens that offer a TON wallet (this module is a lazy chunk;
 * DESIGN §9). The connect request carries a single-use payload from GET /authentication/ton/payload
 * as `tonProof`; the wallet's proof goes to the API, which signs in or links (see submitTonProof).
 */
export default function TonWalletConnect(props: TonWalletConnectProps) {
  const light = document.documentElement.style.colorScheme === 'light';
  return (
    <TonConnectUIProvider
      manifestUrl={tonConnectManifestUrl(window.location.origin)}
      // The account remembers linked wallets; a restored TON Connect session would carry no proof.
      restoreConnection={false}
      language="en"
      uiPreferences={{ theme: light ? THEME.LIGHT : THEME.DARK }}
      actionsConfiguration={env.telegramReturnUrl ? { twaReturnUrl: env.telegramReturnUrl } : {}}
    >
      <TonProofConnector {...props} />
    </TonConnectUIProvider>
  );
}

type TonConnectUI = ReturnType<typeof useTonConnectUI>[0];

/**
 * Wallets sign the payload in the connect request: the modal waits ('loading') until there is one,
 * and each new payload (they are replaced before they expire) re-renders its QR code. The ref holds the
 * payload offered last.
 */
function useOfferedPayload(tonConnectUI: TonConnectUI, current: string | null) {
  const offered = useRef<string | null>(null);
  useEffect(() => {
    offered.current = current;
    tonConnectUI.setConnectRequestParameters(
      current ? { state: 'ready', value: { tonProof: current } } : { state: 'loading' },
    );
  }, [tonConnectUI, current]);
  return offered;
}

/** A wallet that connects goes to `onWallet`; a refused or failed connection is shown as the outcome. */
function useWalletConnections(
  tonConnectUI: TonConnectUI,
  onWallet: RefObject<(wallet: TonConnectedWallet) => void>,
  setOutcome: (outcome: TonWalletState) => void,
) {
  const { t } = useTranslation();
  useEffect(
    () =>
      tonConnectUI.onStatusChange(
        (wallet) => {
          if (wallet) onWallet.current(wallet);
        },
        (error) => {
          const declined = error.name === 'UserRejectsError';
          setOutcome({
            kind: 'error',
            message: t(declined ? 'miniapp.ton.errors.proofRefused' : 'miniapp.ton.errors.unavailable'),
          });
        },
      ),
    [tonConnectUI, t, onWallet, setOutcome],
  );
}

/** Opens the modal (`connect`) for each new request once the payload is ready; one open per request. */
function useConnectRequests(requests: number, ready: boolean, connect: () => void) {
  const handled = useRef(0);
  const latest = useRef(connect);
  latest.current = connect;
  useEffect(() => {
    if (!ready || requests <= handled.current) return;
    handled.current = requests;
    latest.current();
  }, [requests, ready]);
}

function TonProofConnector({ mode, onSignedIn, onLinked, connectRequests = 0 }: TonWalletConnectProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [tonConnectUI] = useTonConnectUI();
  const payload = useTonPayload();
  const submit = useSubmitTonProof();
  const [outcome, setOutcome] = useState<TonWalletState | null>(null);
  const offered = useOfferedPayload(tonConnectUI, payload.data?.payload ?? null);

  const onWallet = useRef<(wallet: TonConnectedWallet) => void>(() => {});
  onWallet.current = (wallet) => {
    const request = tonProofRequest(wallet, offered.current);
    // The proof is in hand: the TON Connect session is not needed any more.
    tonConnectUI.disconnect().catch(() => {});
    if (!request.ok) {
      setOutcome({ kind: 'error', message: t(PROBLEM_TEXT[request.problem]) });
      void payload.refetch();
      return;
    }
    setOutcome({ kind: 'verifying' });
    submit.mutate(request.body, {
      onSuccess: (result) => {
        if (result.kind === 'signed-in') {
          setOutcome(null);
          onSignedIn?.();
        } else {
          setOutcome({ kind: 'linked', address: request.body.address });
          onLinked?.();
        }
      },
      onError: (error) => setOutcome({ kind: 'error', message: describeError(error) }),
    });
  };

  useWalletConnections(tonConnectUI, onWallet, setOutcome);

  const connect = async () => {
    setOutcome(null);
    // The modal waits for a payload; a failed one is asked for again.
    if (payload.isError) void payload.refetch();
    try {
      if (tonConnectUI.connected) await tonConnectUI.disconnect();
      await tonConnectUI.openModal();
    } catch (error) {
      console.error('Could not open TON Connect', error);
      setOutcome({ kind: 'error', message: t('miniapp.ton.errors.unavailable') });
    }
  };

  useConnectRequests(connectRequests, payload.isSuccess, () => void connect());

  const state: TonWalletState =
    outcome ??
    (payload.isPending
      ? { kind: 'loading' }
      : payload.isError
        ? { kind: 'error', message: describeError(payload.error) }
        : { kind: 'ready' });

  return <TonWalletCard mode={mode} state={state} onConnect={() => void connect()} />;
}
