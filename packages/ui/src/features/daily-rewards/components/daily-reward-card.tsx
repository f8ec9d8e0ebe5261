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
import { useBuyStreakFreeze } from '../api/buy-streak-freeze.ts';
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

/** A streak freeze: a snowflake (drawn here, as the flame). */
function FreezeIcon({ className = 'daily__freeze-icon', size = 18 }: { className?: string; size?: number }) {
  return (
    <svg className={className} viewBox="0 0 20 20" width={size} height={size} aria-hidden="true">
      <path
        d="M10 1.5v17M2.6 5.75l14.8 8.5M2.6 14.25l14.8-8.5M7.5 2.8 10 5l2.5-2.2M7.5 17.2 10 15l2.5 2.2"
        fill="none"
        stroke="#6cc7ff"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The week's ladder as 7 chips: day, K-Points, claimed, covered by a streak freeze, or today. */
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
          className={`daily__chip${step.claimed ? ' daily__chip--claimed' : ''}${step.frozen ? ' daily__chip--frozen' : ''}${step.today ? ' daily__chip--today' : ''}${popDay === step.day ? ' daily__chip--pop' : ''}`}
          aria-current={step.today ? 'date' : undefined}
        >
          <span className="daily__day">{t('feed.daily.day', { day: step.day })}</span>
          {icon}
          <span className="daily__amount">{formatMoneyAmount(step.reward, displayLanguage())}</span>
          <span className="visually-hidden">
            {countedText(step.reward)}{' '}
            {step.claimed ? t('feed.daily.claimedStep') : step.frozen ? t('feed.daily.frozenStep') : ''}
          </span>
          {step.frozen && <FreezeIcon className="daily__check" size={14} />}
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

export interface StreakFreezePanelProps {
  reward: DailyReward;
  /** A purchase is on its way. */
  buying: boolean;
  /** The last purchase's failure (null: none). */
  error: unknown;
  /** The last purchase went through (said to screen readers). */
  bought: boolean;
  onBuy: () => void;
}

/** The freezes held (a snowflake per freeze, the count for screen readers), and the button that buys one. */
export function StreakFreezePanel({ reward, buying, error, bought, onBuy }: StreakFreezePanelProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const { held, max, price } = reward.freezes;
  return (
    <div className="daily__freezes">
      <p className="daily__freezes-held">
        <span className="daily__freezes-icons" aria-hidden="true">
          {Array.from({ length: max }, (_, i) => (
            <FreezeIcon
              key={i}
              className={`daily__freeze-icon${i < held ? '' : ' daily__freeze-icon--empty'}`}
            />
          ))}
          <span className="daily__freezes-count">
            {held}/{max}
          </span>
        </span>
        <span className="visually-hidden">{t('feed.daily.freezesHeld', { count: held, max })}</span>
      </p>
      <p className="daily__freezes-hint">{t('feed.daily.freezesHint')}</p>
      {held < max ? (
        <Button variant="secondary" size="small" busy={buying} onClick={onBuy}>
          {t('feed.daily.buyFreeze', { amount: countedText(price) })}
        </Button>
      ) : (
        <p className="daily__freezes-full">{t('feed.daily.freezesFull')}</p>
      )}
      {bought && (
        <p className="visually-hidden" role="status">
          {t('feed.daily.freezeBought')}
        </p>
      )}
      {error != null && <Notice tone="error">{describeError(error)}</Notice>}
    </div>
  );
}

/** StreakFreezePanel with its purchase: one Idempotency-Key per intent, so a second tap or a retry buys once. */
function StreakFreezes({ reward }: { reward: DailyReward }) {
  const buy = useBuyStreakFreeze();
  const intent = useIntentKey();
  const [bought, setBought] = useState(false);
  const onBuy = () => {
    const key = intent.begin();
    setBought(false);
    buy.mutate(key, {
      onSuccess: () => {
        intent.end();
        setBought(true);
      },
    });
  };
  return (
    <StreakFreezePanel
      reward={reward}
      buying={buy.isPending}
      error={buy.isError ? buy.error : null}
      bought={bought}
      onBuy={onBuy}
    />
  );
}

/**
 * The daily reward (GET /rewards/daily): the streak, the week's ladder, the claim (one Idempotency-Key per
 * intent, so a second tap or a retry pays once), and the streak freezes: held, bought (idempotent too), and
 * what a claim did with them (a freeze that covered yesterday, one earned on a 7th day). `onClaimed` is told
 * each gain (the Mini App answers with a haptic); `icon` is the K-Points mark.
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
            <div className="daily__done" role="status">
              {reward.data.freezeUsed && (
                <p className="daily__moment">
                  <FreezeIcon /> {t('feed.daily.freezeUsed', { count: reward.data.streak })}
                </p>
              )}
              {reward.data.freezeEarned && (
                <p className="daily__moment">
                  <FreezeIcon /> {t('feed.daily.freezeEarned', { count: reward.data.streak })}
                </p>
              )}
              <p>
                {popDay !== null
                  ? t('feed.daily.claimedNow', { amount: countedText(reward.data.todayReward) })
                  : t('feed.daily.comeBack')}
              </p>
            </div>
          ) : (
            <>
              {reward.data.freezeReady && <p className="daily__ready">{t('feed.daily.freezeReady')}</p>}
              <Button variant="primary" block busy={claim.isPending} onClick={onClaim}>
                {t('feed.daily.claim', { amount: countedText(reward.data.todayReward) })}
              </Button>
            </>
          )}
          {BigInt(reward.data.levelBonus.amount) > 0n && (
            <p className="daily__bonus">
              {t('feed.daily.levelBonus', { amount: countedText(reward.data.levelBonus) })}
            </p>
          )}
          {claim.isError && <Notice tone="error">{describeError(claim.error)}</Notice>}
          <StreakFreezes reward={reward.data} />
        </>
      )}
    </section>
  );
}
