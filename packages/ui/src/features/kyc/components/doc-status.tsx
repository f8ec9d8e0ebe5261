import type { KycDocType, KycDocument } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { CheckIcon, CrossIcon } from './kyc-icons.tsx';

/** What we hold of a submitted document, masked (the API never returns full numbers). */
export function DocDetails({ doc }: { doc: KycDocument }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return (
    <dl className="details kyc-details">
      <div className="details__row">
        <dt>{t('kyc.details.number')}</dt>
        <dd className="kyc-details__number">{doc.masked}</dd>
      </div>
      {doc.docType === 'pan' && doc.holderType && (
        <div className="details__row">
          <dt>{t('kyc.details.holderType')}</dt>
          <dd>{t(`kyc.pan.holderTypes.${doc.holderType as 'individual'}`, doc.holderType)}</dd>
        </div>
      )}
      {doc.name && (
        <div className="details__row">
          <dt>{t('kyc.details.name')}</dt>
          <dd>{doc.name}</dd>
        </div>
      )}
      {doc.bank && (
        <>
          <div className="details__row">
            <dt>{t('kyc.details.bank')}</dt>
            <dd>
              {doc.bank.branch
                ? t('kyc.bank.branch', { bank: doc.bank.bankName, branch: doc.bank.branch })
                : doc.bank.bankName}
            </dd>
          </div>
          <div className="details__row">
            <dt>{t('kyc.details.ifsc')}</dt>
            <dd className="kyc-details__number">{doc.bank.ifsc}</dd>
          </div>
        </>
      )}
      <div className="details__row">
        <dt>{t('kyc.details.submitted')}</dt>
        <dd>{formatDateTime(doc.submittedAt)}</dd>
      </div>
    </dl>
  );
}

/** Submitted, the provider has not decided yet: never shown as verified. */
export function PendingPanel({ doc, reconnecting }: { doc: KycDocument; reconnecting: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="kyc-panel kyc-panel--pending" role="status" aria-live="polite">
      <p className="kyc-panel__title">
        <Spinner size="sm" />
        {t('kyc.pending.title')}
      </p>
      <p className="kyc-panel__body">{t('kyc.pending.body')}</p>
      {reconnecting && <p className="field__hint">{t('kyc.pending.reconnecting')}</p>}
      <DocDetails doc={doc} />
    </div>
  );
}

/** Rejected by the provider: the reason (translated when we know it) and a way to try again. */
export function RejectedPanel({ doc, onRetry }: { doc: KycDocument; onRetry: () => void }) {
  const { t, i18n } = useTranslation();
  const reason = doc.rejectionReason
    ? t('kyc.rejected.reason', {
        reason: translateApiMessage(doc.rejectionReasonCode, doc.rejectionReason, currentLanguage(i18n)),
      })
    : t('kyc.rejected.noReason');
  return (
    <div className="kyc-panel kyc-panel--rejected">
      <p className="kyc-panel__title">
        <CrossIcon className="kyc-panel__icon" />
        {t('kyc.rejected.title')}
      </p>
      <p className="kyc-panel__body" role="alert">
        {reason}
      </p>
      <DocDetails doc={doc} />
      <Button variant="primary" block onClick={onRetry}>
        {t('kyc.rejected.retry')}
      </Button>
    </div>
  );
}

/** Verified by the provider. */
export function VerifiedPanel({
  doc,
  next,
  onNext,
  children,
}: {
  doc: KycDocument;
  /** The step to go on to, when there is one still to do. */
  next: KycDocType | null;
  onNext: (doc: KycDocType) => void;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="kyc-panel kyc-panel--verified">
      <p className="kyc-panel__title">
        <CheckIcon className="kyc-panel__icon" />
        {t('kyc.verified.title')}
      </p>
      <DocDetails doc={doc} />
      {children}
      {next && (
        <Button variant="primary" block onClick={() => onNext(next)}>
          {t('kyc.verified.continue', { doc: t(`kyc.steps.${next}`) })}
        </Button>
      )}
    </div>
  );
}
