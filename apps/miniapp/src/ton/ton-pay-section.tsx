import { Component, lazy, type ReactNode, Suspense, useState } from 'react';

// @tonconnect/ui-react and its SDK are a chunk of their own, fetched when /buy-kcash/ renders this section.
const loadTonPay = () => import('./ton-pay.tsx');

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

/** "Pay with TON" on /buy-kcash/: nothing while TON Connect downloads, a retry when the download fails. */
export function TonPaySection({ retryLabel }: { retryLabel: string }) {
  const [attempt, setAttempt] = useState(0);
  // A failed import stays failed inside one lazy(): each retry makes a new one.
  const [TonPay, setLoader] = useState(() => lazy(loadTonPay));
  const retry = () => {
    setLoader(() => lazy(loadTonPay));
    setAttempt((n) => n + 1);
  };
  return (
    <ChunkBoundary
      key={attempt}
      fallback={
        <button type="button" className="button button--secondary button--block" onClick={retry}>
          {retryLabel}
        </button>
      }
    >
      <Suspense fallback={<div className="card ton-pay" aria-busy="true" />}>
        <TonPay />
      </Suspense>
    </ChunkBoundary>
  );
}
