import type { CollectResult, Payout, TaxInfo } from '@khel/core/contract';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { WarningIcon } from '../../../components/icons.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { Link } from '../../../routing/index.ts';
import type { CollectFlow } from '../hooks/use-collect-flow.ts';
import { blockedReason, kycLinkOf } from '../lib/collect-flow.ts';
import { kcashAmount, maskedBankOf, payAmountText } from '../lib/earning-money.ts';

/** "HDFC Bank ••••1234", "Bank account ••••1234", or "Your K-Cash wallet". */
function useDestinationText() {
  const { t } = useTranslation();
  return (
    destination: 'bank' | 'wallet',
    bank: Record<string, string> | null | undefined,
    kycDone = true,
  ) => {
    if (destination === 'wallet') return t('earnings.confirm.wallet');
    const masked = maskedBankOf(bank);
    // Before KYC there is no verified account yet: name the one the user will verify.
    if (!masked) return t(kycDone ? 'earnings.confirm.verifiedBank' : 'earnings.confirm.bankAfterKyc');
    return masked.bankName
      ? t('earnings.confirm.bank', { bank: masked.bankName, last4: masked.last4 })
      : t('earnings.confirm.bankAccount', { last4: masked.last4 });
  };
}

type Figures = Pick<TaxInfo, 'gross' | 'tds' | 'net' | 'payout'> & {
  destination: 'bank' | 'wallet';
  bank: Record<string, string> | null;
  count?: number;
  ratePercent?: number;
  /** False while KYC is incomplete (collecting is blocked until it is done). */
  kycDone?: boolean;
};

/** Gross, TDS (India: in rupees, Section 194BA), net and where it goes. */
function Breakdown({ figures }: { figures: Figures }) {
  const { t } = useTranslation();
  const destinationText = useDestinationText();
  const inr = figures.payout;
  return (
    <dl className="details collect-breakdown">
      <div className="details__row">
        <dt>{t('earnings.confirm.earnings')}</dt>
        <dd>
          {t('earnings.kcash', { amount: kcashAmount(figures.gross, 'exact') })}
          {figures.count !== undefined && figures.count > 1 && (
            <span className="collect-breakdown__sub">
              {t('earnings.confirm.count', { count: figures.count })}
            </span>
          )}
        </dd>
      </div>
      {inr && (
        <>
          <div className="details__row">
            <dt>{t('earnings.confirm.inRupees')}</dt>
            <dd>{payAmountText(inr.gross)}</dd>
          </div>
          <div className="details__row collect-breakdown__tds">
            <dt>{t('earnings.confirm.tds', { rate: figures.ratePercent ?? 30 })}</dt>
            <dd>− {payAmountText(inr.tds)}</dd>
          </div>
        </>
      )}
      <div className="details__row collect-breakdown__net">
        <dt>{t('earnings.confirm.net')}</dt>
        <dd>
          {inr ? payAmountText(inr.net) : t('earnings.kcash', { amount: kcashAmount(figures.net, 'exact') })}
        </dd>
      </div>
      <div className="details__row">
        <dt>{t('earnings.confirm.destination')}</dt>
        <dd>{destinationText(figures.destination, figures.bank, figures.kycDone ?? true)}</dd>
      </div>
    </dl>
  );
}

function Confirmation({ flow }: { flow: CollectFlow }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const info = flow.taxInfo;
  if (info.isPending) return <LoadingState label={t('earnings.confirm.loading')} />;
  if (info.isError)
    return (
      <>
        <ErrorState message={describeError(info.error)} onRetry={() => void info.refetch()} />
        <Button variant="ghost" block onClick={flow.close}>
          {t('earnings.close')}
        </Button>
      </>
    );
  const data = info.data;
  const blocked = blockedReason(data);
  return (
    <>
      {blocked === 'nothing' ? (
        <p className="state__text">{t('earnings.confirm.nothing')}</p>
      ) : (
        <Breakdown
          figures={{
            ...data,
            count: data.earningIds.length,
            kycDone: blocked !== 'kyc',
            ...(data.tax ? { ratePercent: data.tax.ratePercent } : {}),
          }}
        />
      )}
      {data.tax && blocked !== 'nothing' && (
        <p className="field__hint collect-note">
          {data.tax.exempt
            ? t('earnings.confirm.exempt', {
                month: payAmountText(data.tax.monthNetWinnings),
                limit: payAmountText(data.tax.monthlyExemption),
              })
            : t('earnings.confirm.tdsNote', { rate: data.tax.ratePercent, year: data.tax.financialYear })}
        </p>
      )}
      {data.destination === 'wallet' && blocked === null && (
        <p className="field__hint collect-note">{t('earnings.confirm.walletNote')}</p>
      )}
      {blocked === 'kyc' && (
        <Notice tone="error" as="div" className="collect-kyc">
          <p>{t('earnings.confirm.kycIncomplete')}</p>
          <Link className="button button--primary button--block" to={kycLinkOf(data)}>
            {t('earnings.confirm.kycCta')}
          </Link>
        </Notice>
      )}
      {flow.error !== null && <Notice tone="error">{describeError(flow.error)}</Notice>}
      <div className="actions actions--stack">
        {blocked === null && (
          <Button variant="primary" busy={flow.submitting} onClick={() => void flow.confirm()}>
            {t('earnings.confirm.confirm')}
          </Button>
        )}
        <Button variant="ghost" onClick={flow.close} disabled={flow.submitting}>
          {t('earnings.confirm.cancel')}
        </Button>
      </div>
    </>
  );
}

function Processing({ payout, slow }: { payout: Payout; slow: boolean }) {
  const { t } = useTranslation();
  const destinationText = useDestinationText();
  return (
    <div className="collect-progress" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="collect-progress__body">
        {t('earnings.progress.body', {
          amount: payAmountText(payout.payout.net),
          destination: destinationText('bank', payout.destination),
        })}
      </p>
      {slow && <p className="notice collect-progress__slow">{t('earnings.progress.slow')}</p>}
    </div>
  );
}

function Receipt({
  result,
  payout,
  onDone,
}: {
  result: CollectResult;
  payout: Payout | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const destinationText = useDestinationText();
  return (
    <div className="collect-receipt">
      <Notice tone="success">
        {payout
          ? t('earnings.receipt.bank', {
              amount: payAmountText(payout.payout.net),
              destination: destinationText('bank', payout.destination),
            })
          : t('earnings.receipt.wallet', {
              amount: t('earnings.kcash', { amount: kcashAmount(result.net, 'exact') }),
            })}
      </Notice>
      <Breakdown
        figures={{
          gross: payout?.gross ?? result.gross,
          tds: payout?.tds ?? result.tds,
          net: payout?.net ?? result.net,
          payout: payout?.payout ?? null,
          destination: result.destination,
          bank: payout?.destination ?? null,
          count: result.earnings.length,
        }}
      />
      {payout && (
        <p className="field__hint collect-reference">
          {t('earnings.receipt.reference')}: <code>{payout.id}</code>
        </p>
      )}
      <Button variant="primary" block onClick={onDone}>
        {t('earnings.receipt.done')}
      </Button>
    </div>
  );
}

function Failed({ payout, flow }: { payout: Payout; flow: CollectFlow }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="collect-failed" role="alert">
      <WarningIcon className="collect-failed__icon" />
      {payout.failureReason && (
        <p>
          {t('earnings.failed.reason', {
            reason: translateApiMessage(
              payout.failureReasonCode,
              payout.failureReason,
              currentLanguage(i18n),
            ),
          })}
        </p>
      )}
      <div className="actions actions--stack">
        <Button variant="primary" onClick={() => flow.tryAgain()}>
          {t('earnings.failed.retry')}
        </Button>
        <Button variant="ghost" onClick={flow.close}>
          {t('earnings.close')}
        </Button>
      </div>
    </div>
  );
}

/**
 * The collect dialog: the confirmation (gross, TDS, net, destination; or what KYC still needs), the
 * payout's progress, the receipt, or SPEC §8 'Payment Failed, Please try again!'.
 */
export function CollectDialog({ flow }: { flow: CollectFlow }) {
  const { t } = useTranslation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const view = flow.view;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open && typeof dialog.showModal === 'function') dialog.showModal();
    // Screen readers start at the title, rather than on the close button the dialog would focus.
    titleRef.current?.focus();
  }, []);

  const title =
    view.step === 'confirm'
      ? t('earnings.confirm.title')
      : view.step === 'processing'
        ? t('earnings.progress.title')
        : view.step === 'done'
          ? t('earnings.receipt.title')
          : t('earnings.failed.title');

  return (
    <dialog
      ref={dialogRef}
      className="modal collect-dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!flow.submitting) flow.close();
      }}
    >
      <div className="modal__body">
        <button
          type="button"
          className="modal__close"
          aria-label={t('earnings.close')}
          onClick={flow.close}
          disabled={flow.submitting}
        >
          ×
        </button>
        <h2
          ref={titleRef}
          tabIndex={-1}
          className={`modal__title collect-dialog__title collect-dialog__title--${view.step}`}
          id={titleId}
        >
          {title}
        </h2>
        {view.step === 'confirm' && <Confirmation flow={flow} />}
        {view.step === 'processing' && <Processing payout={view.payout} slow={view.slow} />}
        {view.step === 'done' && <Receipt result={view.result} payout={view.payout} onDone={flow.close} />}
        {view.step === 'failed' && <Failed payout={view.payout} flow={flow} />}
      </div>
    </dialog>
  );
}
