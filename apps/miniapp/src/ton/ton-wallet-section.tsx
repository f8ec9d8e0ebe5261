import { useTextPart, useTranslation } from '@khel/ui';
import { TonWalletCard } from '@khel/ui/ton';
import { Component, lazy, type ReactNode, Suspense, useState } from 'react';
import type { TonWalletConnectProps } from './ton-wallet-connect.tsx';

// @tonconnect/ui-react and its SDK are a chunk of their own, fetched when this section renders.
const loadTonConnect = () => import('./ton-wallet-connect.tsx');

class ChunkBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Could not load TON Connect', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The TON wallet card: sign in (visitor) or link a wallet (signed in). Shows the card in its loading
 * state while TON Connect downloads, and a retry when the download fails (slow 4G drops chunks).
 */
export function TonWalletSection(props: TonWalletConnectProps) {
  // Suspends (the caller's Suspense shows) until the texts are in, so the fallbacks below can render.
  useTextPart('miniapp');
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  // A failed import stays failed inside one lazy(): each retry makes a new one.
  const [TonWalletConnect, setLoader] = useState(() => lazy(loadTonConnect));
  const retry = () => {
    setLoader(() => lazy(loadTonConnect));
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkBoundary
      key={attempt}
      fallback={
        <TonWalletCard
          mode={props.mode}
          state={{ kind: 'error', message: t('miniapp.ton.errors.unavailable') }}
          onConnect={retry}
        />
      }
    >
      <Suspense
        fallback={<TonWalletCard mode={props.mode} state={{ kind: 'loading' }} onConnect={() => {}} />}
      >
        <TonWalletConnect {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
