import '../account-deletion.css';
import type { WalletBalance } from '@khel/core/contract';
import { formatDateTime } from '@khel/core/format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCancelDeletion, useDeletionState, useRequestDeletion } from '../../../api/deletion-request.ts';
import { useBalance } from '../../../api/get-balance.ts';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LinkedText } from '../../../components/linked-text.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { moneyText } from '../../../lib/money-text.ts';
import { type PrimaryAction, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import type { LegalHref } from '../../../routes/route-table.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** What is kept after the purge, and for how long. */
const POLICY_LINKS = { privacy: '/privacy-policy#retention' satisfies LegalHref };

/** SPEC §9 date display (`15/Mar/26, 10:00 am`), in the user's time zone. */
function formatDate(iso: string | null): string {
  if (!iso || Number.isNaN(Date.parse(iso))) return iso ?? '';
  return formatDateTime(iso);
}

/** An amount as a gamer reads it, `5,863 K-Cash` (exact: the balance is what is lost). */
const amountText = (money: WalletBalance['usdt']): string => moneyText(money);

/** The balances a deletion would leave behind, named (only those above zero). */
export function BalancesAtRisk() {
  const { t } = useTranslation();
  const balance = useBalance();
  if (!balance.data) return null;
  const b = balance.data;
  const lines: string[] = [];
  if (BigInt(b.kcashTotal.amount) > 0n)
    lines.push(
      t('account.deletion.lossKcash', {
        amount: amountText(b.kcashTotal),
        bought: amountText(b.kcashBought),
        earned: amountText(b.kcashEarned),
      }),
    );
  for (const money of [b.usdt, b.rkhel, b.kpoints])
    if (BigInt(money.amount) > 0n) lines.push(amountText(money));
  return (
    <section
      className="card deletion deletion--loss"
      aria-labelledby="deletion-loss-title"
      data-testid="deletion-loss"
    >
      <h2 className="section-title" id="deletion-loss-title">
        {t('account.deletion.lossTitle')}
      </h2>
      {lines.length === 0 ? (
        <p>{t('account.deletion.lossNone')}</p>
      ) : (
        <>
          <p>{t('account.deletion.lossBody')}</p>
          <ul className="deletion__list deletion__list--erased">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** The screen's main action at this moment: ask, confirm, or cancel the deletion. */
/** The screen's main action (ask, confirm with Keep my account beside it, cancel the request). */
export type DeletionPrimaryAction = PrimaryAction;

export interface DeleteAccountScreenProps {
  /**
   * Told the main action whenever it changes (null while there is none), so a front end can offer it
   * on a button of its own as well (the Mini App: Telegram's MainButton).
   */
  onPrimaryAction?: (action: DeletionPrimaryAction | null) => void;
}

/** "Are you sure?": the date the account would go, Confirm, or Keep my account. */
function ConfirmDeletion({
  dueAt,
  busy,
  onConfirm,
  onKeep,
}: {
  dueAt: string;
  busy: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="card confirm" role="alertdialog" aria-labelledby="deletion-confirm-title">
      <h2 className="section-title" id="deletion-confirm-title">
        {t('account.deletion.confirmTitle')}
      </h2>
      <p>{t('account.deletion.confirmBody', { date: formatDate(dueAt) })}</p>
      <div className="actions actions--stack">
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {t('account.deletion.confirm')}
        </Button>
        <Button variant="ghost" onClick={onKeep}>
          {t('account.deletion.keep')}
        </Button>
      </div>
    </section>
  );
}

/** Asking for the deletion (with a confirmation step first) and cancelling it, with what to say afterwards. */
function useDeletionActions() {
  const request = useRequestDeletion();
  const cancel = useCancelDeletion();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<'requested' | 'cancelled' | null>(null);
  const failure = (request.isError && request.error) || (cancel.isError && cancel.error) || null;

  const startDeletion = () => {
    setNotice(null);
    setConfirming(true);
  };
  const confirmDeletion = () => {
    cancel.reset();
    request.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setNotice('requested');
      },
    });
  };
  const cancelDeletion = () => {
    setNotice(null);
    request.reset();
    cancel.mutate(undefined, { onSuccess: () => setNotice('cancelled') });
  };
  return {
    request,
    cancel,
    confirming,
    setConfirming,
    notice,
    failure,
    startDeletion,
    confirmDeletion,
    cancelDeletion,
  };
}

/**
 * /delete-user-account: what is erased and what stays, a deletion request with a confirmation step,
 * and while it is pending the due date and a way to cancel (GET/POST/DELETE /users/me/deletion-request).
 */
export function DeleteAccountScreen({ onPrimaryAction }: DeleteAccountScreenProps = {}) {
  useTextPart('account');
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const state = useDeletionState();
  const {
    request,
    cancel,
    confirming,
    setConfirming,
    notice,
    failure,
    startDeletion,
    confirmDeletion,
    cancelDeletion,
  } = useDeletionActions();
  const graceDays = state.data?.graceDays ?? 14;
  const wouldBeDueAt = new Date(Date.now() + graceDays * DAY_MS).toISOString();

  const status = state.data?.status;
  const primary: (PrimaryAction & { key: string }) | null =
    status === 'pending'
      ? {
          key: 'cancel',
          text: t('account.deletion.cancel'),
          busy: cancel.isPending,
          enabled: true,
          run: cancelDeletion,
        }
      : status === 'none'
        ? confirming
          ? {
              key: 'confirm',
              text: t('account.deletion.confirm'),
              busy: request.isPending,
              enabled: true,
              run: confirmDeletion,
              secondary: {
                text: t('account.deletion.keep'),
                run: () => setConfirming(false),
                enabled: !request.isPending,
              },
            }
          : {
              key: 'request',
              text: t('account.deletion.request'),
              busy: false,
              enabled: true,
              run: startDeletion,
            }
        : null;
  useReportPrimaryAction(onPrimaryAction, primary);

  return (
    <Page title={t('account.deletion.title')} width="medium">
      <h1 className="page-title">{t('account.deletion.title')}</h1>
      {state.isPending && <LoadingState skeletonLines={4} />}
      {state.isError && (
        <ErrorState message={describeError(state.error)} onRetry={() => void state.refetch()} />
      )}
      {state.data?.status === 'pending' && (
        <PendingDeletion
          dueAt={state.data.dueAt}
          requestedAt={state.data.requestedAt}
          requested={notice === 'requested'}
          failure={failure}
          busy={cancel.isPending}
          onCancel={cancelDeletion}
        />
      )}
      {state.data?.status === 'pending' && <BalancesAtRisk />}
      {state.data?.status === 'none' && (
        <>
          {notice === 'cancelled' && <Notice tone="success">{t('account.deletion.cancelled')}</Notice>}
          <BalancesAtRisk />
          <WhatDeletionErases graceDays={graceDays} />
          {failure && <Notice tone="error">{describeError(failure)}</Notice>}
          {!confirming ? (
            <Button variant="danger" block onClick={startDeletion}>
              {t('account.deletion.request')}
            </Button>
          ) : (
            <ConfirmDeletion
              dueAt={wouldBeDueAt}
              busy={request.isPending}
              onConfirm={confirmDeletion}
              onKeep={() => setConfirming(false)}
            />
          )}
        </>
      )}
    </Page>
  );
}

/** A deletion is pending: when it happens, when it was asked, and the way to cancel it. */
function PendingDeletion({
  dueAt,
  requestedAt,
  requested,
  failure,
  busy,
  onCancel,
}: {
  dueAt: string | null;
  requestedAt: string | null | undefined;
  /** Asked just now: say so. */
  requested: boolean;
  failure: Error | null;
  busy: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  return (
    <section
      className="card card--raised deletion deletion--pending"
      aria-labelledby="deletion-pending-title"
    >
      <h2 className="section-title" id="deletion-pending-title">
        {t('account.deletion.pendingTitle')}
      </h2>
      <p className="deletion__due">{t('account.deletion.pendingBody', { date: formatDate(dueAt) })}</p>
      {requestedAt && (
        <p className="field__hint">{t('account.deletion.requestedOn', { date: formatDate(requestedAt) })}</p>
      )}
      {requested && <Notice tone="success">{t('account.deletion.requested')}</Notice>}
      {failure && <Notice tone="error">{describeError(failure)}</Notice>}
      <Button variant="primary" block busy={busy} onClick={onCancel}>
        {t('account.deletion.cancel')}
      </Button>
    </section>
  );
}

/** What the deletion erases and what the law keeps, after the grace period. */
function WhatDeletionErases({ graceDays }: { graceDays: number }) {
  const { t } = useTranslation();
  return (
    <section className="card deletion" aria-labelledby="deletion-erased-title">
      <p>{t('account.deletion.intro', { days: graceDays })}</p>
      <h2 className="section-title" id="deletion-erased-title">
        {t('account.deletion.erasedTitle')}
      </h2>
      <ul className="deletion__list deletion__list--erased">
        <li>{t('account.deletion.erased.names')}</li>
        <li>{t('account.deletion.erased.contact')}</li>
        <li>{t('account.deletion.erased.methods')}</li>
        <li>{t('account.deletion.erased.profile')}</li>
        <li>{t('account.deletion.erased.wallet')}</li>
      </ul>
      <h2 className="section-title">{t('account.deletion.keptTitle')}</h2>
      <ul className="deletion__list deletion__list--kept">
        <li>{t('account.deletion.kept.ledger')}</li>
        <li>{t('account.deletion.kept.why')}</li>
      </ul>
      <p className="field__hint">
        <LinkedText text={t('account.deletion.policy')} links={POLICY_LINKS} />
      </p>
    </section>
  );
}
