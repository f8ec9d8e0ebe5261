import { Suspense } from 'react';
import { useModalRegistry } from '../providers/modal-registry.ts';
import { useUiStore } from '../stores/ui-store.ts';

/**
 * The open modal of the UI store (one at a time, SPEC §3 modal state), as the app's modal registry
 * draws it (each modal is a chunk of its own, fetched the first time it opens). While a provider's
 * answer is being turned into a sign-in, the login modal stays closed.
 */
export function ModalHost() {
  const type = useUiStore((s) => s.modal.type);
  const finishingSignIn = useUiStore((s) => s.finishingSignIn);
  const modals = useModalRegistry();
  if (type === null) return null;
  if (type === 'login' && finishingSignIn) return null;
  const Modal = modals[type];
  if (!Modal) return null;
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  );
}
