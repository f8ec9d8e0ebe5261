import '../progression.css';
import type { Season } from '@khel/core/contract';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LevelChip } from '../../../components/level-chip.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { countedText } from '../../../lib/money-text.ts';
import { useSeason } from '../api/get-progression.ts';

/** Days and hours left until `endsAt` (at least 0). */
export function timeLeft(endsAt: string, now: number): { days: number; hours: number } {
  const ms = Math.max(0, Date.parse(endsAt) - now);
  return { days: Math.floor(ms / 86_400_000), hours: Math.floor(ms / 3_600_000) % 24 };
}

/** The minute now, moving while the card is shown (the countdown). */
function useMinute(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function SeasonBody({ season, icon }: { season: Season; icon?: ReactNode }) {
  const { t } = useTranslation();
  const now = useMinute();
  const left = timeLeft(season.endsAt, now);
  return (
    <>
      <div className="season__head">
        <h2 className="section-title" id="season-title">
          {t('feed.season.title', { number: season.number })}
        </h2>
        <p className="season__countdown">
          {season.status === 'ENDED' || Date.parse(season.endsAt) <= now
            ? t('feed.season.ended')
            : t('feed.season.endsIn', { days: left.days, hours: left.hours })}
        </p>
      </div>
      {season.previous && (
        <p className="season__result" role="status">
          <span className="season__trophy" aria-hidden="true">
            🏆
          </span>
          {season.previous.reward
            ? t('feed.season.result', {
                number: season.previous.number,
                rank: season.previous.rank,
                amount: countedText(season.previous.reward),
              })
            : t('feed.season.resultNoReward', { number: season.previous.number, rank: season.previous.rank })}
        </p>
      )}
      <p className="season__me">
        {season.me
          ? t('feed.season.me', { rank: season.me.rank, xp: season.me.xp, count: season.participants })
          : t('feed.season.join')}
      </p>
      {season.top.length > 0 && (
        <ol className="season__top" aria-label={t('feed.season.top')}>
          {season.top.slice(0, 3).map((entry) => (
            <li key={entry.rank}>
              <span className="season__rank">#{numberText(entry.rank)}</span>
              <span className="season__name">
                {entry.name}
                <LevelChip
                  level={entry.level}
                  short={t('feed.level.short', { level: entry.level })}
                  full={t('feed.level.badge', { level: entry.level })}
                />
              </span>
              <span className="season__xp">{t('feed.level.xp', { xp: entry.xp })}</span>
            </li>
          ))}
        </ol>
      )}
      <details className="level__more">
        <summary>{t('feed.season.rewards')}</summary>
        <ul className="level__rules">
          {season.bands.map((band) => (
            <li key={band.fromRank}>
              <span>
                {band.fromRank === band.toRank
                  ? `#${numberText(band.fromRank)}`
                  : `#${numberText(band.fromRank)}–${numberText(band.toRank)}`}
              </span>
              <span className="level__rule-xp level__reward">
                {icon}
                {band.fromRank === band.toRank
                  ? countedText(band.reward)
                  : t('feed.season.each', { amount: countedText(band.reward) })}
              </span>
            </li>
          ))}
        </ul>
        <p className="level__empty">{t('feed.season.rules', { amount: countedText(season.pool) })}</p>
      </details>
    </>
  );
}

/**
 * The season (GET /progression/season): its number and countdown, the gamer's result in the season before (for a
 * week after it ended: the place and what it paid), the gamer's rank and XP in it, the top three,
 * and under "Rewards by rank" the bands and the pool, fixed for the whole season. Nothing before the first season.
 */
export function SeasonCard({ icon }: { icon?: ReactNode }) {
  const { t } = useTranslation();
  const season = useSeason();
  const describeError = useErrorMessage();
  if (season.data === null) return null;
  return (
    <section className="card season" aria-labelledby="season-title">
      {season.isPending && (
        <p role="status">
          <Spinner size="sm" /> {t('common.loading')}
        </p>
      )}
      {season.isError && (
        <ErrorState message={describeError(season.error)} onRetry={() => void season.refetch()} />
      )}
      {season.data && <SeasonBody season={season.data} icon={icon} />}
    </section>
  );
}
