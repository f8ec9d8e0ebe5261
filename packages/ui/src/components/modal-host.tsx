import { Suspense } from 'react';
import { useModalRegistry } from '../providers/modal-registry.ts';
import { type ModalType, useUiStore } from '../stores/ui-store.ts';

/** Which modal is drawn: the open one, unless the page excludes it or a sign-in is being finished (login). */
export function shownModal(
  type: ModalType | null,
  { finishingSignIn, exclude }: { finishingSignIn: boolean; exclude?: ModalType | null | undefined },
): ModalType | null {
  if (type === null || type === exclude) return null;
  if (type === 'login' && finishingSignIn) return null;
  return type;
}

/**
 * The open modal of the UI store (one at a time, SPEC §3 modal state), as the app's modal registry
 * draws it (each modal is a chunk of its own, fetched the first time it opens). While a provider's
 * answer is being turned into a sign-in, the login modal stays closed; `exclude` is a modal the page
 * never shows (the sign-in pages are the login form themselves).
 */
export function ModalHost({ exclude }: { exclude?: ModalType | null } = {}) {
  const type = useUiStore((s) => s.modal.type);
  const finishingSignIn = useUiStore((s) => s.finishingSignIn);
  const modals = useModalRegistry();
  const shown = shownModal(type, { finishingSignIn, exclude });
  if (shown === null) return null;
  const Modal = modals[shown];
  if (!Modal) return null;
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  );
}
