import type { Contribution, LeaderboardEntry } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { LevelChip } from '../../../components/level-chip.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { useContribution } from '../api/get-contribution.ts';
import { useLeaderboard } from '../api/get-leaderboard.ts';
import { initialsOf } from '../lib/campaign-view.ts';

function Avatar({ entry, size = 'small' }: { entry: LeaderboardEntry; size?: 'small' | 'large' }) {
  return entry.avatarUrl ? (
    <img className={`board-avatar board-avatar--${size}`} src={entry.avatarUrl} alt="" loading="lazy" />
  ) : (
    <span className={`board-avatar board-avatar--${size} board-avatar--initials`} aria-hidden="true">
      {initialsOf(entry.displayName)}
    </span>
  );
}

/** Ranks 1–3 on steps (2, 1, 3 from left to right, as a podium stands). */
function Podium({ top }: { top: LeaderboardEntry[] }) {
  const { t } = useTranslation();
  const order = [top[1], top[0], top[2]].filter((e): e is LeaderboardEntry => e !== undefined);
  return (
    <ol className="podium">
      {order.map((e) => (
        <li key={e.rank} className={`podium__place podium__place--${e.rank}`}>
          <span className="podium__crown" aria-hidden="true">
            {e.rank === 1 ? '👑' : ''}
          </span>
          <Avatar entry={e} size="large" />
          <span className="podium__name">
            {e.displayName}
            <LevelChip
              level={e.level}
              short={t('campaigns.leaderboard.levelShort', { level: e.level })}
              full={t('campaigns.leaderboard.levelFull', { level: e.level })}
            />
          </span>
          <span className="podium__score">{t('campaigns.leaderboard.points', { count: e.score })}</span>
          <span className="podium__step">
            <span className="visually-hidden">{t('campaigns.leaderboard.rank', { rank: e.rank })}</span>
            <span aria-hidden="true">{numberText(e.rank)}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

function Row({ entry, mine = false }: { entry: LeaderboardEntry; mine?: boolean }) {
  const { t } = useTranslation();
  return (
    <li className={`board-row${mine ? ' board-row--mine' : ''}`}>
      <span className="board-row__rank">#{numberText(entry.rank)}</span>
      <Avatar entry={entry} />
      <span className="board-row__name">
        {entry.displayName}
        <LevelChip
          level={entry.level}
          short={t('campaigns.leaderboard.levelShort', { level: entry.level })}
          full={t('campaigns.leaderboard.levelFull', { level: entry.level })}
        />
        {mine && <span className="board-row__you"> · {t('campaigns.leaderboard.you')}</span>}
      </span>
      <span className="board-row__score">{t('campaigns.leaderboard.points', { count: entry.score })}</span>
    </li>
  );
}

/** The signed-in user's place and where the points came from. */
function MyRank({ contribution }: { contribution: Contribution }) {
  const { t } = useTranslation();
  return (
    <div className="board-mine">
      <h3 className="board-mine__title">{t('campaigns.leaderboard.yourRank')}</h3>
      {contribution.entry ? (
        <ol className="board-list">
          <Row entry={contribution.entry} mine />
        </ol>
      ) : (
        <p className="board-mine__none">{t('campaigns.leaderboard.notRanked')}</p>
      )}
      {contribution.breakdown.length > 0 && (
        <details className="board-mine__breakdown">
          <summary>{t('campaigns.leaderboard.breakdown')}</summary>
          <ul>
            {contribution.breakdown.map((b) => (
              <li key={b.label}>
                <span>{b.label}</span>
                <span>{t('campaigns.leaderboard.points', { count: b.points })}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** The campaign's board: the top 3 on a podium, ranks 4–100 below, and the reader's own rank. */
export function CampaignLeaderboard({
  leaderboardId,
  signedIn,
}: {
  leaderboardId: string;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const board = useLeaderboard(leaderboardId);
  const mine = useContribution(leaderboardId, { enabled: signedIn });
  const top = board.data?.top ?? [];
  return (
    <section className="campaign-section" aria-labelledby="campaign-board">
      <div className="campaign-section__head">
        <h2 className="campaign-section__title" id="campaign-board">
          {t('campaigns.leaderboard.title')}
        </h2>
        {board.data && (
          <span className="campaign-section__note">
            {t('campaigns.leaderboard.players', { count: board.data.total })}
          </span>
        )}
      </div>
      {board.isError && (
        <ErrorState message={describeError(board.error)} onRetry={() => void board.refetch()} />
      )}
      {board.data && top.length === 0 && (
        <p className="campaign-section__empty">{t('campaigns.leaderboard.empty')}</p>
      )}
      {top.length > 0 && <Podium top={top.slice(0, 3)} />}
      {top.length > 3 && (
        <ol className="board-list">
          {top.slice(3).map((e) => (
            <Row key={e.rank} entry={e} mine={mine.data?.entry?.rank === e.rank} />
          ))}
        </ol>
      )}
      {mine.data && <MyRank contribution={mine.data} />}
    </section>
  );
}
