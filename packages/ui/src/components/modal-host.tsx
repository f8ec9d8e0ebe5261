import { lazy, Suspense } from 'react';
import { useUiStore } from '../stores/ui-store.ts';

// Each modal is a chunk of its own, fetched the first time it opens.
const LoginModal = lazy(() =>
  import('../features/auth/components/login-modal.tsx').then((m) => ({ default: m.LoginModal })),
);
const WalletErrorModal = lazy(() =>
  import('../features/wallet/components/wallet-error-modal.tsx').then((m) => ({
    default: m.WalletErrorModal,
  })),
);

/**
 * The open modal of the UI store (one at a time, SPEC §3 modal state). While a provider's answer
 * is being turned into a sign-in, the login modal stays closed.
 */
export function ModalHost() {
  const type = useUiStore((s) => s.modal.type);
  const finishingSignIn = useUiStore((s) => s.finishingSignIn);
  if (type === null) return null;
  return (
    <Suspense fallback={null}>
      {type === 'login' && !finishingSignIn && <LoginModal />}
      {type === 'walletError' && <WalletErrorModal />}
    </Suspense>
  );
}
