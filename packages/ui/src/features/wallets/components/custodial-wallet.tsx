import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyField } from '../../../components/copy-field.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useLocation } from '../../../routing/index.ts';
import { uiStore } from '../../../stores/ui-store.ts';
import { useWalletAddress } from '../api/get-wallet-address.ts';
import { isMissingWallet, shouldOpenWalletModal } from '../lib/wallet-precheck.ts';

/**
 * The custodial wallet made at first sign-in (GET /users/me/wallet-address), with a copy button.
 * A missing wallet opens the wallet-not-found modal (SPEC §8) unless the page is exempt.
 */
export function CustodialWallet() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const wallet = useWalletAddress();
  const describeError = useErrorMessage();

  useEffect(() => {
    if (wallet.isError && shouldOpenWalletModal(wallet.error, pathname)) {
      uiStore.getState().openModal('walletError');
    }
  }, [wallet.isError, wallet.error, pathname]);

  return (
    <section className="card profile-section" aria-labelledby="custodial-wallet-title">
      <h2 className="section-title" id="custodial-wallet-title">
        {t('account.profile.wallet.title')}
      </h2>
      <p className="field__hint">{t('account.profile.wallet.hint')}</p>
      {wallet.isPending && <LoadingState />}
      {wallet.isError &&
        (isMissingWallet(wallet.error) ? (
          <Notice tone="error">{t('account.walletError.body')}</Notice>
        ) : (
          <ErrorState message={describeError(wallet.error)} onRetry={() => void wallet.refetch()} />
        ))}
      {wallet.data && (
        <CopyField
          label={t('account.profile.wallet.address')}
          value={wallet.data}
          copyLabel={t('account.profile.wallet.copy')}
          copiedLabel={t('account.profile.wallet.copied')}
          failedLabel={t('account.profile.wallet.copyFailed')}
        />
      )}
    </section>
  );
}
