import { lazy } from 'react';
import type { ModalRegistry } from '../providers/modal-registry.ts';

/**
 * The modals both front ends offer, by UI-store modal type: the login flow (auth) and the
 * wallet-not-found modal (wallet). Each is a chunk of its own, fetched the first time it opens.
 */
export const APP_MODALS: ModalRegistry = {
  login: lazy(() =>
    import('../features/auth/components/login-modal.tsx').then((m) => ({ default: m.LoginModal })),
  ),
  walletError: lazy(() =>
    import('../features/wallets/components/wallet-error-modal.tsx').then((m) => ({
      default: m.WalletErrorModal,
    })),
  ),
};
