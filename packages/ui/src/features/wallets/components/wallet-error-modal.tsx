import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { WarningIcon } from '../../../components/icons.tsx';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { useUiStore } from '../../../stores/ui-store.ts';

/** SPEC §8: a modal titled wallet error with the wallet-not-found text. */
export function WalletErrorModal() {
  useTextPart('account');
  const { t } = useTranslation();
  const closeModal = useUiStore((s) => s.closeModal);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="modal modal--small"
      role="alertdialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(e) => {
        e.preventDefault();
        closeModal();
      }}
    >
      <div className="modal__body wallet-error">
        <WarningIcon className="wallet-error__icon" />
        <h2 className="modal__title" id={titleId}>
          {t('account.walletError.title')}
        </h2>
        <p id={bodyId}>{t('account.walletError.body')}</p>
        <Button variant="primary" block onClick={() => closeModal()}>
          {t('account.walletError.ok')}
        </Button>
      </div>
    </dialog>
  );
}
