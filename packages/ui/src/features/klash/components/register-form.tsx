import type { KlashRegisterBody, KlashTournamentDetails, Money } from '@khel/core/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../api/get-balance.ts';
import { Button } from '../../../components/button.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText } from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useConfirmClose } from '../../../providers/app-feedback.ts';
import { useMyClan } from '../api/get-my-clan.ts';
import { useRegisterForTournament } from '../api/register-for-tournament.ts';
import { isShortOfKcash, NotEnoughKcash } from './not-enough-kcash.tsx';
import { TeamForm, useTeamDraft } from './team-form.tsx';

/** The confirmation: the team, the fee and the K-Cash it comes from; Confirm, or back to the team. */
function ConfirmStep({
  body,
  fee,
  available,
  register,
  short,
  confirmText,
  onConfirm,
  onEdit,
}: {
  body: KlashRegisterBody | null;
  fee: Money;
  available: Money | undefined;
  register: ReturnType<typeof useRegisterForTournament>;
  short: boolean;
  confirmText: string;
  onConfirm: () => void;
  /** Back to the team form (team tournaments). */
  onEdit: (() => void) | null;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const free = BigInt(fee.amount) === 0n;
  const notEnough = short || isShortOfKcash(register.error);
  return (
    <div className="klash-register">
      <h3 className="klash-section__title">{t('klash.register.confirmTitle')}</h3>
      <Summary
        label={t('klash.register.confirmTitle')}
        rows={[
          body?.team ? { label: t('klash.register.teamName'), value: body.team.name } : null,
          {
            label: t('klash.register.fee'),
            value: free ? t('klash.register.free') : countedText(fee),
            total: true,
          },
          !free && available ? { label: t('klash.register.balance'), value: countedText(available) } : null,
        ]}
      />
      {!free && <p className="field__hint">{t('klash.register.escrowNote')}</p>}
      {notEnough && <NotEnoughKcash />}
      {register.isError && !notEnough && <Notice tone="error">{describeError(register.error)}</Notice>}
      <Button variant="primary" block busy={register.isPending} disabled={short} onClick={onConfirm}>
        {confirmText}
      </Button>
      {onEdit && (
        <Button variant="ghost" block onClick={onEdit} disabled={register.isPending}>
          {t('klash.register.edit')}
        </Button>
      )}
    </div>
  );
}

/**
 * Registering: solo with one tap (then the fee's confirmation), a team with its name and members by
 * phone or email. The confirmation shows the fee and the K-Cash it comes from; short of K-Cash, 'Uh-oh!
 * Not Enough K-Cash' (the fee is K-Cash only) and Buy K-Cash. One Idempotency-Key per attempt, made when the
 * confirmation opens and sent again on a retry, so a fee is never taken twice.
 */
export function RegisterForm({
  tournament,
  onPrimaryAction,
  onRegistered,
}: {
  tournament: KlashTournamentDetails;
  onPrimaryAction?: PrimaryActionListener | undefined;
  onRegistered?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const balance = useBalance();
  const register = useRegisterForTournament(tournament.id);
  const intent = useIntentKey();
  // The entry fee is a payment: the Mini App asks before it is closed while it goes through.
  useConfirmClose(register.isPending);
  const team = tournament.mode === 'team';
  const clan = useMyClan({ enabled: team }).data ?? null;
  const draft = useTeamDraft(tournament.teamSize, clan);
  const [step, setStep] = useState<'form' | 'confirm'>(team ? 'form' : 'confirm');
  const [body, setBody] = useState<KlashRegisterBody | null>(team ? null : {});

  const fee = tournament.entryFee;
  const free = BigInt(fee.amount) === 0n;
  const available = balance.data?.kcashTotal;
  const short = !free && available !== undefined && BigInt(available.amount) < BigInt(fee.amount);

  const review = (event?: FormEvent) => {
    event?.preventDefault();
    const checked = draft.check();
    if (!checked) return;
    intent.end();
    register.reset();
    setBody(checked);
    setStep('confirm');
  };
  const confirm = () => {
    if (!body || register.isPending || short) return;
    register.mutate(
      { body, idempotencyKey: intent.begin() },
      {
        onSuccess: () => {
          intent.end();
          onRegistered?.();
        },
      },
    );
  };
  const confirmText = free
    ? t('klash.register.confirmFree')
    : t('klash.register.confirm', { amount: countedText(fee) });

  useReportPrimaryAction(
    onPrimaryAction,
    step === 'confirm'
      ? {
          key: 'confirm',
          text: confirmText,
          run: confirm,
          busy: register.isPending,
          enabled: !short,
          ...(team
            ? {
                secondary: {
                  text: t('klash.register.edit'),
                  run: () => setStep('form'),
                  enabled: !register.isPending,
                },
              }
            : {}),
        }
      : { key: 'review', text: t('klash.register.review'), run: review, busy: false, enabled: true },
  );

  if (step === 'form')
    return (
      <form className="klash-register" onSubmit={review} noValidate>
        <TeamForm {...draft.formProps} />
        <Button type="submit" variant="primary" block>
          {t('klash.register.review')}
        </Button>
      </form>
    );

  return (
    <ConfirmStep
      body={body}
      fee={fee}
      available={available}
      register={register}
      short={short}
      confirmText={confirmText}
      onConfirm={confirm}
      onEdit={team ? () => setStep('form') : null}
    />
  );
}
