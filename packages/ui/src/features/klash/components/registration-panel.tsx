import type { KlashRegistration, KlashTournamentDetails } from '@khel/core/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBalance } from '../../../api/get-balance.ts';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText } from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useWithdrawFromTournament } from '../api/withdraw-from-tournament.ts';
import { useCountdownText } from './countdown.tsx';
import { NotEnoughKcash } from './not-enough-kcash.tsx';
import { RegisterForm } from './register-form.tsx';
import { feeText } from './tournament-card.tsx';

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

/** What the registration box says: cancelled, the reader's entry, closed, sign in, not open, full, the form. */
function RegistrationBody({
  tournament,
  signedIn,
  registering,
  onRegister,
  short,
  onPrimaryAction,
  onRegistered,
}: {
  tournament: KlashTournamentDetails;
  signedIn: boolean;
  registering: boolean;
  onRegister: () => void;
  /** Short of K-Cash for the fee. */
  short: boolean;
  onPrimaryAction?: PrimaryActionListener | undefined;
  onRegistered?: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const { platform } = useApi();
  const openModal = useUiStore((s) => s.openModal);
  const countdown = useCountdownText();
  const mine = tournament.myRegistration;
  if (tournament.status === 'cancelled')
    return (
      <>
        <Notice tone="info">{t('klash.page.cancelled')}</Notice>
        {mine?.refunded && BigInt(mine.feePaid.amount) > 0n && (
          <p>{t('klash.page.feeRefunded', { amount: countedText(mine.feePaid) })}</p>
        )}
      </>
    );
  if (mine && mine.status === 'registered') return <MyEntry tournament={tournament} registration={mine} />;
  if (tournament.registration === 'closed')
    return <p className="klash-muted">{t('klash.register.closed')}</p>;
  if (!signedIn)
    return (
      <>
        <p>{t('klash.register.signInPrompt')}</p>
        {platform === 'website' && (
          <Button variant="primary" block onClick={() => openModal('login')}>
            {t('klash.signIn')}
          </Button>
        )}
      </>
    );
  if (tournament.registration === 'not_open')
    return <p>{t('klash.register.notOpen', { time: countdown(tournament.registrationOpensAt) })}</p>;
  if (tournament.registration === 'full') return <Notice tone="info">{t('klash.register.full')}</Notice>;
  if (registering)
    return (
      <RegisterForm tournament={tournament} onPrimaryAction={onPrimaryAction} onRegistered={onRegistered} />
    );
  return (
    <>
      {mine?.status === 'withdrawn' && <p className="klash-muted">{t('klash.register.withdrawn')}</p>}
      <div className="klash-prize">🎟 {feeText(tournament, t('klash.card.free'))}</div>
      {short && <NotEnoughKcash />}
      <Button variant="primary" block onClick={onRegister} disabled={short}>
        {tournament.mode === 'team' ? t('klash.register.team') : t('klash.register.solo')}
      </Button>
    </>
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

  return (
    <section className="klash-section" aria-labelledby="klash-registration">
      <h2 className="klash-section__title" id="klash-registration">
        🎟 {t('klash.register.title')}
      </h2>
      <RegistrationBody
        tournament={tournament}
        signedIn={signedIn}
        registering={registering}
        onRegister={() => setRegistering(true)}
        short={short}
        onPrimaryAction={onPrimaryAction}
        onRegistered={onRegistered}
      />
    </section>
  );
}
