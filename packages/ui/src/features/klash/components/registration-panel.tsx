import type { KlashRegisterBody, KlashRegistration, KlashTournamentDetails } from '@khel/core/contract';
import { ERROR_CODES, errorCodeOf } from '@khel/core/domain';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBalance } from '../../../api/get-balance.ts';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { Summary } from '../../../components/money/summary.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText } from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useMyClan } from '../api/get-my-clan.ts';
import { useRegisterForTournament } from '../api/register-for-tournament.ts';
import { useWithdrawFromTournament } from '../api/withdraw-from-tournament.ts';
import { checkMembers, type MemberDraft, type MemberProblem } from '../lib/klash-view.ts';
import { useCountdownText } from './countdown.tsx';
import { feeText } from './tournament-card.tsx';

/** 'Uh-oh! Not Enough K-Cash or rKHEL' with the way to more K-Cash. */
export function NotEnoughKcash() {
  const { t } = useTranslation();
  return (
    <Notice tone="error" as="div" className="klash-not-enough">
      <p>{t('klash.register.notEnough')}</p>
      <Link className="button button--secondary button--small" to="/buy-kcash/">
        {t('klash.register.buyKcash')}
      </Link>
    </Notice>
  );
}

/** Whether a failed registration was refused for want of K-Cash. */
export function isShortOfKcash(error: unknown): boolean {
  return isApiError(error) && errorCodeOf(error.data) === ERROR_CODES.insufficientFunds;
}

/** The reader's entry: who, the team's roster, the fee paid, and Withdraw while registration is open. */
function MyEntry({
  tournament,
  registration,
}: {
  tournament: KlashTournamentDetails;
  registration: KlashRegistration;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const withdraw = useWithdrawFromTournament(tournament.id);
  const intent = useIntentKey();
  const [asking, setAsking] = useState(false);
  const paid = BigInt(registration.feePaid.amount) > 0n;
  const canWithdraw = tournament.registration === 'open' || tournament.registration === 'full';
  return (
    <div className="klash-register" data-entry={registration.entryId}>
      <Notice tone="success" as="div">
        <p>
          <strong>✅ {t('klash.register.registered')}</strong>
        </p>
        <p>{t('klash.register.registeredAs', { name: registration.name })}</p>
      </Notice>
      {registration.team && (
        <ul className="klash-roster" aria-label={t('klash.register.membersTitle')}>
          {registration.isCaptain && <li>⭐ {t('klash.register.captain')}</li>}
          {registration.team.members.map((m) => (
            <li key={m.masked}>
              {m.type === 'phone' ? '📱' : '✉️'} {m.masked}
              <span className="klash-muted">
                {' · '}
                {m.joined ? t('klash.register.memberJoined') : t('klash.register.memberInvited')}
              </span>
            </li>
          ))}
        </ul>
      )}
      {paid && (
        <p className="klash-muted">
          {t('klash.register.feePaid', { amount: countedText(registration.feePaid) })}
        </p>
      )}
      {canWithdraw &&
        registration.isCaptain &&
        (asking ? (
          <div className="klash-register">
            <p>{t('klash.register.withdrawConfirm')}</p>
            <div className="klash-match__actions">
              <Button variant="ghost" onClick={() => setAsking(false)} disabled={withdraw.isPending}>
                {t('klash.register.keep')}
              </Button>
              <Button
                variant="danger"
                busy={withdraw.isPending}
                onClick={() =>
                  withdraw.mutate(intent.begin(), {
                    onSuccess: () => {
                      intent.end();
                      setAsking(false);
                    },
                  })
                }
              >
                {t('klash.register.withdrawYes')}
              </Button>
            </div>
          </div>
        ) : (
          <Button variant="ghost" onClick={() => setAsking(true)}>
            {t('klash.register.withdraw')}
          </Button>
        ))}
      {withdraw.isError && <Notice tone="error">{describeError(withdraw.error)}</Notice>}
    </div>
  );
}

const emptyMembers = (count: number): MemberDraft[] =>
  Array.from({ length: count }, () => ({ type: 'phone', value: '' }));

/** The team's name and its other members, each by phone or by email (the captain is the reader). */
function TeamForm({
  teamSize,
  name,
  onName,
  members,
  onMembers,
  problems,
  nameMissing,
  clan,
  forClan,
  onForClan,
}: {
  teamSize: number;
  name: string;
  onName: (name: string) => void;
  members: MemberDraft[];
  onMembers: (members: MemberDraft[]) => void;
  problems: (MemberProblem | null)[];
  nameMissing: boolean;
  clan: { id: string; name: string } | null;
  forClan: boolean;
  onForClan: (yes: boolean) => void;
}) {
  const { t } = useTranslation();
  const set = (i: number, next: Partial<MemberDraft>) =>
    onMembers(members.map((m, j) => (j === i ? { ...m, ...next } : m)));
  const problemText = (p: MemberProblem | null | undefined) =>
    p === 'phoneInvalid'
      ? t('klash.register.phoneInvalid')
      : p === 'emailInvalid'
        ? t('klash.register.emailInvalid')
        : p === 'duplicate'
          ? t('klash.register.duplicate')
          : undefined;
  return (
    <>
      <Field
        label={t('klash.register.teamName')}
        placeholder={t('klash.register.teamNamePlaceholder')}
        value={name}
        maxLength={40}
        onChange={(e) => onName(e.target.value)}
        error={nameMissing ? t('klash.register.teamNameMissing') : undefined}
      />
      <fieldset className="bare-fieldset klash-register">
        <legend className="klash-section__title">{t('klash.register.membersTitle')}</legend>
        <p className="field__hint">{t('klash.register.membersHint', { count: teamSize - 1 })}</p>
        <ol className="klash-members">
          {members.map((member, i) => {
            const n = i + 2;
            return (
              <li key={i} className="klash-register">
                <div className="chips">
                  <span className="visually-hidden">{t('klash.register.member', { n })}</span>
                  {(['phone', 'email'] as const).map((type) => (
                    <button
                      key={type}
                      type="button"
                      className="chip"
                      aria-pressed={member.type === type}
                      onClick={() => set(i, { type, value: '' })}
                    >
                      {type === 'phone'
                        ? `📱 ${t('klash.register.byPhone')}`
                        : `✉️ ${t('klash.register.byEmail')}`}
                    </button>
                  ))}
                </div>
                <Field
                  label={
                    member.type === 'phone'
                      ? t('klash.register.phoneLabel', { n })
                      : t('klash.register.emailLabel', { n })
                  }
                  type={member.type === 'phone' ? 'tel' : 'email'}
                  autoComplete="off"
                  inputMode={member.type === 'phone' ? 'tel' : 'email'}
                  placeholder={
                    member.type === 'phone'
                      ? t('klash.register.phonePlaceholder')
                      : t('klash.register.emailPlaceholder')
                  }
                  value={member.value}
                  maxLength={member.type === 'phone' ? 20 : 254}
                  onChange={(e) => set(i, { value: e.target.value })}
                  error={problemText(problems[i])}
                />
              </li>
            );
          })}
        </ol>
      </fieldset>
      {clan && (
        <label className="klash-check">
          <input type="checkbox" checked={forClan} onChange={(e) => onForClan(e.target.checked)} />
          <span>{t('klash.register.clan', { name: clan.name })}</span>
        </label>
      )}
    </>
  );
}

/**
 * Registering: solo with one tap (then the fee's confirmation), a team with its name and members by
 * phone or email. The confirmation shows the fee and the K-Cash it comes from; short of K-Cash, 'Uh-oh!
 * Not Enough K-Cash or rKHEL' and Buy K-Cash. One Idempotency-Key per attempt, made when the
 * confirmation opens and sent again on a retry, so a fee is never taken twice.
 */
function RegisterForm({
  tournament,
  onPrimaryAction,
  onRegistered,
}: {
  tournament: KlashTournamentDetails;
  onPrimaryAction?: PrimaryActionListener | undefined;
  onRegistered?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const balance = useBalance();
  const register = useRegisterForTournament(tournament.id);
  const intent = useIntentKey();
  const team = tournament.mode === 'team';
  const clan = useMyClan({ enabled: team }).data ?? null;
  const [step, setStep] = useState<'form' | 'confirm'>(team ? 'form' : 'confirm');
  const [teamName, setTeamName] = useState('');
  const [members, setMembers] = useState(() => emptyMembers(Math.max(0, tournament.teamSize - 1)));
  const [forClan, setForClan] = useState(false);
  const [problems, setProblems] = useState<(MemberProblem | null)[]>([]);
  const [nameMissing, setNameMissing] = useState(false);
  const [body, setBody] = useState<KlashRegisterBody | null>(team ? null : {});

  const fee = tournament.entryFee;
  const free = BigInt(fee.amount) === 0n;
  const available = balance.data?.kcashTotal;
  const short = !free && available !== undefined && BigInt(available.amount) < BigInt(fee.amount);
  const notEnough = short || isShortOfKcash(register.error);

  const review = (event?: FormEvent) => {
    event?.preventDefault();
    const checked = checkMembers(members);
    const missing = teamName.trim() === '';
    setNameMissing(missing);
    setProblems(checked.ok ? [] : checked.problems);
    if (missing || !checked.ok) return;
    intent.end();
    register.reset();
    setBody({
      team: {
        name: teamName.trim(),
        members: checked.members,
        ...(forClan && clan ? { clanId: clan.id } : {}),
      },
    });
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
      ? { key: 'confirm', text: confirmText, run: confirm, busy: register.isPending, enabled: !short }
      : { key: 'review', text: t('klash.register.review'), run: review, busy: false, enabled: true },
  );

  if (step === 'form')
    return (
      <form className="klash-register" onSubmit={review} noValidate>
        <TeamForm
          teamSize={tournament.teamSize}
          name={teamName}
          onName={setTeamName}
          members={members}
          onMembers={setMembers}
          problems={problems}
          nameMissing={nameMissing}
          clan={clan}
          forClan={forClan}
          onForClan={setForClan}
        />
        <Button type="submit" variant="primary" block>
          {t('klash.register.review')}
        </Button>
      </form>
    );

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
      <Button variant="primary" block busy={register.isPending} disabled={short} onClick={confirm}>
        {confirmText}
      </Button>
      {team && (
        <Button variant="ghost" block onClick={() => setStep('form')} disabled={register.isPending}>
          {t('klash.register.edit')}
        </Button>
      )}
    </div>
  );
}

/**
 * The registration box of a tournament's page: the reader's entry (and Withdraw), the form, or why they
 * cannot register (sign in, not open yet with a countdown, full, closed, cancelled with the refund).
 */
export function RegistrationPanel({
  tournament,
  onPrimaryAction,
  onRegistered,
  signedIn: givenSignedIn,
}: {
  tournament: KlashTournamentDetails;
  onPrimaryAction?: PrimaryActionListener | undefined;
  onRegistered?: (() => void) | undefined;
  /** Whether the reader is signed in (the session's answer unless given: tests render it signed in). */
  signedIn?: boolean | undefined;
}) {
  const { t } = useTranslation();
  const sessionSignedIn = useIsSignedIn();
  const signedIn = givenSignedIn ?? sessionSignedIn;
  const { platform } = useApi();
  const openModal = useUiStore((s) => s.openModal);
  const countdown = useCountdownText();
  const mine = tournament.myRegistration;
  const [registering, setRegistering] = useState(false);
  const balance = useBalance({ enabled: signedIn });
  const available = balance.data?.kcashTotal;
  const short = available !== undefined && BigInt(available.amount) < BigInt(tournament.entryFee.amount);
  const canStart =
    tournament.status !== 'cancelled' &&
    signedIn &&
    mine?.status !== 'registered' &&
    tournament.registration === 'open';
  // The form reports its own steps once it shows.
  useReportPrimaryAction(
    registering ? undefined : onPrimaryAction,
    canStart
      ? {
          key: 'start',
          text: tournament.mode === 'team' ? t('klash.register.team') : t('klash.register.solo'),
          run: () => setRegistering(true),
          busy: false,
          enabled: !short,
        }
      : null,
  );

  let body: ReactNode;
  if (tournament.status === 'cancelled') {
    body = (
      <>
        <Notice tone="info">{t('klash.page.cancelled')}</Notice>
        {mine?.refunded && BigInt(mine.feePaid.amount) > 0n && (
          <p>{t('klash.page.feeRefunded', { amount: countedText(mine.feePaid) })}</p>
        )}
      </>
    );
  } else if (mine && mine.status === 'registered') {
    body = <MyEntry tournament={tournament} registration={mine} />;
  } else if (tournament.registration === 'closed') {
    body = <p className="klash-muted">{t('klash.register.closed')}</p>;
  } else if (!signedIn) {
    body = (
      <>
        <p>{t('klash.register.signInPrompt')}</p>
        {platform === 'website' && (
          <Button variant="primary" block onClick={() => openModal('login')}>
            {t('klash.signIn')}
          </Button>
        )}
      </>
    );
  } else if (tournament.registration === 'not_open') {
    body = <p>{t('klash.register.notOpen', { time: countdown(tournament.registrationOpensAt) })}</p>;
  } else if (tournament.registration === 'full') {
    body = <Notice tone="info">{t('klash.register.full')}</Notice>;
  } else if (registering) {
    body = (
      <RegisterForm tournament={tournament} onPrimaryAction={onPrimaryAction} onRegistered={onRegistered} />
    );
  } else {
    body = (
      <>
        {mine?.status === 'withdrawn' && <p className="klash-muted">{t('klash.register.withdrawn')}</p>}
        <div className="klash-prize">🎟 {feeText(tournament, t('klash.card.free'))}</div>
        {short && <NotEnoughKcash />}
        <Button variant="primary" block onClick={() => setRegistering(true)} disabled={short}>
          {tournament.mode === 'team' ? t('klash.register.team') : t('klash.register.solo')}
        </Button>
      </>
    );
  }
  return (
    <section className="klash-section" aria-labelledby="klash-registration">
      <h2 className="klash-section__title" id="klash-registration">
        🎟 {t('klash.register.title')}
      </h2>
      {body}
    </section>
  );
}
