import '../kyc.css';
import type { EventStreamState } from '@khel/core/client';
import { KYC_DOC_TYPES, type KycDocType, type KycStatus } from '@khel/core/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { Link, useSearchParams } from '../../../routing/index.ts';
import { hasPendingDocument, useKycStatus } from '../api/get-kyc-status.ts';
import { useKycStatusStream } from '../api/kyc-status-stream.ts';
import { type DocState, docState, isStepLocked, parseRequiredDoc, stepToOpen } from '../lib/kyc-forms.ts';
import { AadhaarForm } from './aadhaar-form.tsx';
import { BankForm } from './bank-form.tsx';
import { PendingPanel, RejectedPanel, VerifiedPanel } from './doc-status.tsx';
import { CheckIcon } from './kyc-icons.tsx';
import { PanForm } from './pan-form.tsx';

/** Polling GET /kyc/status while a decision is awaited: often without the stream, rarely with it. */
export const KYC_POLL_MS = 3000;
export const KYC_POLL_WITH_STREAM_MS = 15_000;

type Decision = { doc: KycDocType; outcome: 'verified' | 'rejected' };

/** A document the provider decided while the page was open (pending → verified or rejected). */
function useDecision(status: KycStatus | undefined) {
  const previous = useRef<Record<KycDocType, DocState> | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  useEffect(() => {
    if (!status) return;
    const now = {
      pan: docState(status, 'pan'),
      aadhaar: docState(status, 'aadhaar'),
      bank: docState(status, 'bank'),
    };
    const before = previous.current;
    previous.current = now;
    if (!before) return;
    for (const doc of KYC_DOC_TYPES) {
      const outcome = now[doc];
      if (before[doc] === 'pending' && (outcome === 'verified' || outcome === 'rejected'))
        setDecision({ doc, outcome });
    }
  }, [status]);
  return [decision, setDecision] as const;
}

/** A decision that arrived while the page was open: verified, or rejected. */
function DecisionNotice({ decision }: { decision: NonNullable<ReturnType<typeof useDecision>[0]> }) {
  const { t } = useTranslation();
  return (
    <p
      className={`notice ${decision.outcome === 'verified' ? 'notice--success' : 'notice--error'}`}
      role="status"
    >
      {t(decision.outcome === 'verified' ? 'kyc.verified.justNow' : 'kyc.verified.justRejected', {
        doc: t(`kyc.steps.${decision.doc}`),
      })}
    </p>
  );
}

/**
 * /kyc?requiredDoc=pan|aadhaar|bank (SPEC §2): PAN → Aadhaar → bank account, the query opening a
 * step. Each step shows its state (not started, verifying…, verified, rejected with the reason and a
 * retry). A submission is pending until the provider decides; the decision arrives live through the
 * verification-check event stream (GET /kyc/status is polled while the stream is not open). Users
 * outside India learn that they need no KYC.
 */
export function KycScreen() {
  useTextPart('kyc');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const streamState = useRef<EventStreamState>('connecting');
  const status = useKycStatus((s) =>
    hasPendingDocument(s) ? (streamState.current === 'open' ? KYC_POLL_WITH_STREAM_MS : KYC_POLL_MS) : false,
  );
  const data = status.data;
  // Live while something is still to decide or to do; a fully verified user needs no open stream.
  streamState.current = useKycStatusStream(
    data?.required === true && (!data.complete || hasPendingDocument(data)),
  );
  const [decision, setDecision] = useDecision(data);
  const [retrying, setRetrying] = useState<KycDocType | null>(null);
  const [updatingBank, setUpdatingBank] = useState(false);
  const active = stepToOpen(parseRequiredDoc(params.get('requiredDoc')), data);

  const open = (doc: KycDocType) => {
    const next = new URLSearchParams(params);
    next.set('requiredDoc', doc);
    setParams(next, { replace: true });
    setRetrying(null);
    setUpdatingBank(false);
    setDecision(null);
  };
  const submitted = () => {
    setRetrying(null);
    setUpdatingBank(false);
    setDecision(null);
  };

  return (
    <Page title={t('kyc.title')} width="medium">
      <h1 className="page-title">{t('kyc.title')}</h1>
      {status.isPending && <LoadingState label={t('kyc.loading')} skeletonLines={4} />}
      {status.isError && (
        <ErrorState message={describeError(status.error)} onRetry={() => void status.refetch()} />
      )}
      {data && !data.required && <KycOutcome outcome="notRequired" />}
      {data?.required && (
        <>
          <p className="kyc-intro">{t('kyc.intro')}</p>
          {decision && <DecisionNotice decision={decision} />}
          {data.complete && <KycOutcome outcome="complete" />}
          <KycStepNav status={data} active={active} onOpen={open} />
          <section className="card kyc-step" aria-labelledby="kyc-step-title">
            <div className="kyc-step__head">
              <p className="kyc-step__count">{t('kyc.stepOf', { n: KYC_DOC_TYPES.indexOf(active) + 1 })}</p>
              <h2 className="section-title" id="kyc-step-title">
                {t(`kyc.${active}.title`)}
              </h2>
            </div>
            <StepBody
              status={data}
              doc={active}
              retrying={retrying === active}
              updatingBank={updatingBank}
              reconnecting={streamState.current === 'retrying'}
              onOpen={open}
              onRetry={() => setRetrying(active)}
              onUpdateBank={setUpdatingBank}
              onSubmitted={submitted}
            />
          </section>
        </>
      )}
    </Page>
  );
}

/**
 * A whole-page outcome that leads on to collecting earnings: no KYC needed (users outside India) or
 * all three documents verified.
 */
function KycOutcome({ outcome }: { outcome: 'notRequired' | 'complete' }) {
  const { t } = useTranslation();
  const titleId = outcome === 'complete' ? 'kyc-complete-title' : 'kyc-not-required-title';
  return (
    <section className="card card--raised kyc-outcome" aria-labelledby={titleId}>
      <h2 className="section-title" id={titleId}>
        {outcome === 'complete' && <CheckIcon className="kyc-outcome__icon" />}
        {t(`kyc.${outcome}.title`)}
      </h2>
      <p>{t(`kyc.${outcome}.body`)}</p>
      <Link className="button button--primary button--block" to="/collect-earnings">
        {t(`kyc.${outcome}.cta`)}
      </Link>
    </section>
  );
}

/** PAN → Aadhaar → bank account, each with its state; a step opens on a tap. */
function KycStepNav({
  status,
  active,
  onOpen,
}: {
  status: KycStatus;
  active: KycDocType;
  onOpen: (doc: KycDocType) => void;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('kyc.steps.label')}>
      <ol className="kyc-steps">
        {KYC_DOC_TYPES.map((doc, index) => {
          const state = docState(status, doc);
          return (
            <li key={doc}>
              <button
                type="button"
                className={`kyc-steps__item kyc-steps__item--${state}${doc === active ? ' kyc-steps__item--active' : ''}`}
                aria-current={doc === active ? 'step' : undefined}
                onClick={() => onOpen(doc)}
              >
                <span className="kyc-steps__mark" aria-hidden="true">
                  {state === 'verified' ? <CheckIcon className="kyc-steps__icon" /> : index + 1}
                </span>
                <span className="kyc-steps__label">{t(`kyc.steps.${doc}`)}</span>
                <span className="kyc-steps__state">{t(`kyc.status.${state}`)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

interface StepBodyProps {
  status: KycStatus;
  doc: KycDocType;
  retrying: boolean;
  updatingBank: boolean;
  reconnecting: boolean;
  onOpen: (doc: KycDocType) => void;
  onRetry: () => void;
  onUpdateBank: (updating: boolean) => void;
  onSubmitted: () => void;
}

function StepBody(props: StepBodyProps) {
  const { t } = useTranslation();
  const { status, doc } = props;
  const current = status[doc];
  const form = () => {
    if (doc === 'pan') return <PanForm onSubmitted={props.onSubmitted} />;
    if (doc === 'aadhaar') return <AadhaarForm onSubmitted={props.onSubmitted} />;
    return <BankForm mode="verify" defaultHolderName={status.pan?.name} onSubmitted={props.onSubmitted} />;
  };

  if (isStepLocked(status, doc)) {
    return (
      <div className="kyc-panel">
        <p className="kyc-panel__body">{t('kyc.locked.body')}</p>
        <Button variant="secondary" block onClick={() => props.onOpen('pan')}>
          {t('kyc.locked.goToPan')}
        </Button>
      </div>
    );
  }
  if (!current || (current.status === 'rejected' && props.retrying)) return form();
  if (current.status === 'pending') return <PendingPanel doc={current} reconnecting={props.reconnecting} />;
  if (current.status === 'rejected') return <RejectedPanel doc={current} onRetry={props.onRetry} />;
  const next = status.nextRequiredDoc !== doc ? status.nextRequiredDoc : null;
  return (
    <VerifiedPanel doc={current} next={props.updatingBank ? null : next} onNext={props.onOpen}>
      {doc === 'bank' &&
        (props.updatingBank ? (
          <BankForm
            mode="update"
            defaultHolderName={current.name ?? status.pan?.name}
            onSubmitted={props.onSubmitted}
            onCancel={() => props.onUpdateBank(false)}
          />
        ) : (
          <Button variant="secondary" block onClick={() => props.onUpdateBank(true)}>
            {t('kyc.bank.update')}
          </Button>
        ))}
    </VerifiedPanel>
  );
}
