import type { MyQuest } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { Link } from '../../../routing/index.ts';
import { useTodayQuests } from '../api/get-today-quests.ts';
import { rewardsOf } from '../lib/quest-view.ts';
import { questHref } from './quest-card.tsx';
import { RewardChips } from './reward-chips.tsx';

/** What is left until `resetsAt`: days and hours when a day or more, else hours and minutes. */
export function resetIn(resetsAt: string, now: number): { days: number; hours: number; minutes: number } {
  const ms = Math.max(0, Date.parse(resetsAt) - now);
  return {
    days: Math.floor(ms / 86_400_000),
    hours: Math.floor(ms / 3_600_000) % 24,
    minutes: Math.floor(ms / 60_000) % 60,
  };
}

/** The minute now, moving while the card is shown (the reset countdowns); a period that ends asks again. */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function TodayRow({ mine, now }: { mine: MyQuest; now: number }) {
  const { t, i18n } = useTranslation();
  const { quest, progress } = mine;
  const recurrence = quest.recurrence ?? 'daily';
  const left = quest.resetsAt ? resetIn(quest.resetsAt, now) : null;
  const done = progress.status === 'COMPLETED';
  const action = done
    ? t('feed.today.completed')
    : progress.status === 'STARTED'
      ? t('feed.today.continue')
      : t('feed.today.start');
  return (
    <li>
      <Link className={`today-quest${done ? ' today-quest--done' : ''}`} to={questHref(quest.slug)}>
        <span className={`today-quest__kind today-quest__kind--${recurrence}`}>
          {t(`feed.today.recurrence.${recurrence}`)}
        </span>
        <span className="today-quest__title">{localized(quest, 'title', i18n.language)}</span>
        <span className="today-quest__rewards">
          <RewardChips rewards={rewardsOf(quest.rewards)} />
        </span>
        <span className="today-quest__foot">
          <span className="today-quest__reset">
            {left &&
              (left.days > 0
                ? t('feed.today.newInDays', { days: left.days, hours: left.hours })
                : t('feed.today.newInHours', { hours: left.hours, minutes: left.minutes }))}
          </span>
          <span className={`today-quest__action${done ? ' today-quest__action--done' : ''}`}>
            {done && <span aria-hidden="true">✓ </span>}
            {action}
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * Today's quests on /home (issue 26): the daily, weekly and monthly quests running now, dailies first, each with
 * its reward, whether the gamer did it this period and when the next round opens (GET /userquest/today).
 */
export function TodayQuests() {
  const { t } = useTranslation();
  const today = useTodayQuests();
  const describeError = useErrorMessage();
  const now = useMinute();
  const list = today.data ?? [];
  const done = list.filter((m) => m.progress.status === 'COMPLETED').length;
  // A period that ended while the card was shown: its progress is asked again.
  const ended = list.some((m) => m.quest.resetsAt && Date.parse(m.quest.resetsAt) <= now);
  const { refetch } = today;
  useEffect(() => {
    if (ended) void refetch();
  }, [ended, refetch]);
  return (
    <section
      className="card today"
      aria-labelledby="feed-today-title"
      aria-busy={today.isPending || undefined}
    >
      <div className="today__head">
        <h2 className="section-title" id="feed-today-title">
          {t('feed.today.title')}
        </h2>
        {list.length > 0 && (
          <p className="today__count">{t('feed.today.done', { done, count: list.length })}</p>
        )}
      </div>
      {today.isPending && <Spinner size="sm" />}
      {today.isError && (
        <ErrorState message={describeError(today.error)} onRetry={() => void today.refetch()} />
      )}
      {today.data &&
        (list.length === 0 ? (
          <EmptyState message={t('feed.today.empty')} />
        ) : (
          <>
            <p className="today__lead">{t('feed.today.lead')}</p>
            <ul className="today__list">
              {list.map((m) => (
                <TodayRow key={m.quest.id} mine={m} now={now} />
              ))}
            </ul>
          </>
        ))}
    </section>
  );
}
