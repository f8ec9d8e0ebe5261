import type { DailyReward } from '@khel/core/contract';
import { formatMoneyAmount } from '@khel/core/format';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { displayLanguage } from '../../../lib/display-locale.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText } from '../../../lib/money-text.ts';
import { useClaimDailyReward } from '../api/claim-daily-reward.ts';
import { useDailyReward } from '../api/get-daily-reward.ts';

/** A streak's flame (drawn here: an emoji differs per platform). */
function FlameIcon() {
  return (
    <svg className="daily__flame" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
      <path
        d="M10 1.5c.6 3-2.2 4.6-3.6 6.8C5 10.4 5.2 13 6.4 14.8a4.6 4.6 0 0 0 7.4.2c1.5-2 1.2-4.7-.4-6.7-.3 1.2-1 2-1.9 2.4.6-3.3-.5-7-1.5-9.2z"
        fill="#ff8a3d"
      />
      <path
        d="M10 9.5c1.5 1.6 2 3.6.8 5a1.9 1.9 0 0 1-3-.2c-.7-1.3 0-2.6 1-3.5.6-.5 1-1 1.2-1.3z"
        fill="#ffd36b"
      />
    </svg>
  );
}

/** The week's ladder as 7 chips: day, K-Points, claimed or today. */
export function DailyLadder({
  reward,
  icon,
  popDay,
}: {
  reward: DailyReward;
  icon?: ReactNode;
  /** The chip just claimed, which pops once. */
  popDay?: number | null;
}) {
  const { t } = useTranslation();
  return (
    <ol className="daily__ladder">
      {reward.week.map((step) => (
        <li
          key={step.day}
          className={`daily__chip${step.claimed ? ' daily__chip--claimed' : ''}${step.today ? ' daily__chip--today' : ''}${popDay === step.day ? ' daily__chip--pop' : ''}`}
          aria-current={step.today ? 'date' : undefined}
        >
          <span className="daily__day">{t('feed.daily.day', { day: step.day })}</span>
          {icon}
          <span className="daily__amount">{formatMoneyAmount(step.reward, displayLanguage())}</span>
          <span className="visually-hidden">
            {countedText(step.reward)} {step.claimed ? t('feed.daily.claimedStep') : ''}
          </span>
          {step.claimed && (
            <svg className="daily__check" viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path
                d="M3 8.5l3 3 7-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          )}
        </li>
      ))}
    </ol>
  );
}

/**
 * The daily reward (GET /rewards/daily): the streak, the week's ladder, and the claim (one
 * Idempotency-Key per intent, so a second tap or a retry pays once). `onClaimed` is told each gain
 * (the Mini App answers with a haptic); `icon` is the K-Points mark.
 */
export function DailyRewardCard({ icon, onClaimed }: { icon?: ReactNode; onClaimed?: () => void }) {
  const { t } = useTranslation();
  const reward = useDailyReward();
  const claim = useClaimDailyReward();
  const intent = useIntentKey();
  const describeError = useErrorMessage();
  const [popDay, setPopDay] = useState<number | null>(null);

  const onClaim = () => {
    const key = intent.begin();
    claim.mutate(key, {
      onSuccess: (next) => {
        intent.end();
        setPopDay(next.week.find((s) => s.today)?.day ?? null);
        onClaimed?.();
      },
    });
  };

  return (
    <section className="card daily" aria-labelledby="daily-title">
      <div className="daily__head">
        <h2 className="section-title" id="daily-title">
          {t('feed.daily.title')}
        </h2>
        {reward.data && (
          <p className="daily__streak">
            <FlameIcon />
            {reward.data.streak > 0
              ? t('feed.daily.streak', { count: reward.data.streak })
              : t('feed.daily.startStreak')}
          </p>
        )}
      </div>
      {reward.isPending && (
        <p role="status">
          <Spinner size="sm" /> {t('common.loading')}
        </p>
      )}
      {reward.isError && (
        <ErrorState message={describeError(reward.error)} onRetry={() => void reward.refetch()} />
      )}
      {reward.data && (
        <>
          <DailyLadder reward={reward.data} icon={icon} popDay={popDay} />
          {reward.data.claimedToday ? (
            <p className="daily__done" role="status">
              {popDay !== null
                ? t('feed.daily.claimedNow', { amount: countedText(reward.data.todayReward) })
                : t('feed.daily.comeBack')}
            </p>
          ) : (
            <Button variant="primary" block busy={claim.isPending} onClick={onClaim}>
              {t('feed.daily.claim', { amount: countedText(reward.data.todayReward) })}
            </Button>
          )}
          {claim.isError && <Notice tone="error">{describeError(claim.error)}</Notice>}
        </>
      )}
    </section>
  );
}
