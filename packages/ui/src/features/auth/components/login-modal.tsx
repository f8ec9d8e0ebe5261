import { Suspense, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '../../../components/loading-state.tsx';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { LoginFlow } from './login-flow.tsx';

/** The login modal (SPEC §2: shown unless tokens exist); its step lives in the UI store's modal state. */
export function LoginModal() {
  const { t } = useTranslation();
  const modal = useUiStore((s) => s.modal);
  const closeModal = useUiStore((s) => s.closeModal);
  const resetModal = useUiStore((s) => s.resetModal);
  const setStep = useUiStore((s) => s.setValidationStep);
  const signedIn = useIsSignedIn();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const open = modal.type === 'login';

  useEffect(() => {
    if (open && signedIn) resetModal();
  }, [open, signedIn, resetModal]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) {
      dialog.showModal();
      // The modal exists to sign in: start in its first field rather than on the close button.
      dialog.querySelector<HTMLElement>('input')?.focus();
    }
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      className="modal"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        closeModal();
      }}
    >
      <div className="modal__body">
        <button className="modal__close" onClick={() => closeModal()} aria-label={t('common.close')}>
          ×
        </button>
        <Suspense fallback={<LoadingState />}>
          <LoginFlow step={modal.validationStep} onStepChange={setStep} titleId={titleId} headingAs="h2" />
        </Suspense>
      </div>
    </dialog>
  );
}
