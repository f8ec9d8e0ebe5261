import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { countedText, moneyText, payText } from '../../../lib/money-text.ts';
import { useConfirmClose, useGainWhen } from '../../../providers/app-feedback.ts';
import { Link } from '../../../routing/index.ts';
import { type Deposit, useDeposit } from '../api/get-deposit.ts';
import {
  DEPOSIT_SLOW_AFTER_MS,
  type DepositView,
  depositView,
  rememberedCheckout,
  tabStorage,
} from '../lib/deposit-progress.ts';

export interface DepositStatusProps {
  depositId: string;
  /** Starts "taking longer than usual" at once (tests). */
  initiallySlow?: boolean;
  onTryAgain: () => void;
}

/** Where the payment is: processing (or slow), credited, or failed (and whether it is refunded). */
function DepositMessage({ view, deposit }: { view: DepositView; deposit: Deposit | undefined }) {
  const { t } = useTranslation();
  const open = view === 'processing' || view === 'slow';
  return (
    <>
      {open && (
        <>
          <p className="money-progress" role="status">
            <Spinner size="md" /> {t('money.deposit.processing')}
          </p>
          {view === 'slow' ? (
            <Notice tone="info" role="alert">
              {t('money.deposit.slow')}
            </Notice>
          ) : (
            <p className="field__hint">{t('money.deposit.processingHint')}</p>
          )}
        </>
      )}
      {view === 'success' && (
        <Notice tone="success">
          <strong>{t('money.deposit.success')}</strong>{' '}
          {deposit && t('money.deposit.successBody', { amount: countedText(deposit.receive) })}
        </Notice>
      )}
      {(view === 'failed' || view === 'refund_due' || view === 'refunded') && (
        <Notice tone="error">
          {t('money.deposit.failed')}
          {view === 'refund_due' && <> {t('money.deposit.refundDue')}</>}
          {view === 'refunded' && <> {t('money.deposit.refunded')}</>}
        </Notice>
      )}
    </>
  );
}

/** Continue paying while open; the store or buy more once credited; try again otherwise. */
function DepositActions({
  view,
  checkoutUrl,
  onTryAgain,
}: {
  view: DepositView;
  checkoutUrl: string | null;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation();
  const open = view === 'processing' || view === 'slow';
  return (
    <div className="actions actions--stack">
      {open && checkoutUrl && (
        <a className="button button--secondary button--block" href={checkoutUrl}>
          {t('money.deposit.continuePayment')}
        </a>
      )}
      {view === 'success' && (
        <>
          <Link className="button button--primary button--block" to="/k-store/">
            {t('money.deposit.goToStore')}
          </Link>
          <Button variant="ghost" block onClick={onTryAgain}>
            {t('money.deposit.buyMore')}
          </Button>
        </>
      )}
      {!open && view !== 'success' && (
        <Button variant="primary" block onClick={onTryAgain}>
          {t('money.deposit.tryAgain')}
        </Button>
      )}
    </div>
  );
}

/** What the deposit's page shows for one state, with its numbers. */
export function DepositStatusView({
  view,
  deposit,
  checkoutUrl,
  onTryAgain,
}: {
  view: DepositView;
  deposit: Deposit | undefined;
  checkoutUrl: string | null;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation();
  const open = view === 'processing' || view === 'slow';
  const done = view === 'success';
  // Paid and received once credited; what is being paid while open; only the amount when it failed.
  const rows = deposit
    ? [
        {
          label: done ? t('money.deposit.paid') : open ? t('money.buy.youPay') : t('money.deposit.amount'),
          value: payText(deposit.pay),
        },
        (done || open) && {
          label: done ? t('money.deposit.received') : t('money.buy.youReceive'),
          value: countedText(deposit.receive),
          total: true,
        },
      ]
    : [];
  return (
    <section className="card card--raised" aria-labelledby="deposit-title" aria-live="polite">
      <h2 className="section-title" id="deposit-title">
        {t('money.deposit.title')}
      </h2>
      <DepositMessage view={view} deposit={deposit} />
      {rows.length > 0 && <Summary rows={rows} />}
      <DepositActions view={view} checkoutUrl={checkoutUrl} onTryAgain={onTryAgain} />
    </section>
  );
}

/**
 * /buy-kcash/?deposit=<id>, where the checkout sends the payer back: asks the deposit's status every
 * few seconds (the provider's webhook decides it), then success (balances asked again), 'Payment
 * Failed, Please try again!' on failure or expiry, and after a while still pending 'It is taking
 * longer than usual to process your payment.'
 */
export function DepositStatus({ depositId, initiallySlow = false, onTryAgain }: DepositStatusProps) {
  const queryClient = useQueryClient();
  const describeError = useErrorMessage();
  const [startedAt] = useState(() => Date.now());
  const [slow, setSlow] = useState(initiallySlow);
  const [checkoutUrl] = useState(() => rememberedCheckout(tabStorage(), depositId));
  const deposit = useDeposit(depositId, startedAt);
  const view = depositView(deposit.data?.status, slow ? DEPOSIT_SLOW_AFTER_MS : 0);
  // The Mini App: the success haptic when the K-Cash arrives, and a confirmation before closing meanwhile.
  useGainWhen(view === 'success');
  useConfirmClose(view === 'processing' || view === 'slow');

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), DEPOSIT_SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  // Credited: the balances on this page (and everywhere) are asked again.
  useEffect(() => {
    if (view === 'success') void invalidateMoney(queryClient);
  }, [view, queryClient]);

  if (deposit.isError && !deposit.data) {
    return <ErrorState message={describeError(deposit.error)} onRetry={() => void deposit.refetch()} />;
  }
  return (
    <DepositStatusView view={view} deposit={deposit.data} checkoutUrl={checkoutUrl} onTryAgain={onTryAgain} />
  );
}
