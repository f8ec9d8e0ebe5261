import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { numberText } from '../../../lib/display-locale.ts';
import { faceGradient, initialsOf } from '../lib/faces.ts';

export interface ScoreRowView {
  entryId: string;
  rank: number;
  name: string;
  avatarUrl: string | null;
  score: number;
  /** The prize this rank takes, already written out ("1,200 K-Cash"); null when none. */
  prize: string | null;
}

function Face({ row, size }: { row: ScoreRowView; size: 'small' | 'large' }) {
  if (row.avatarUrl)
    return <img className={`klash-face klash-face--${size}`} src={row.avatarUrl} alt="" loading="lazy" />;
  return (
    <span
      className={`klash-face klash-face--${size}`}
      style={{ background: faceGradient(row.name) }}
      aria-hidden="true"
    >
      {initialsOf(row.name)}
    </span>
  );
}

/** The width of a score's bar: its share of the best score, never thinner than a sliver. */
export function barShare(score: number, best: number): number {
  if (best <= 0) return 0.04;
  return Math.max(0.04, Math.min(1, score / best));
}

/**
 * A score leaderboard as a picture: the top three on a podium (2, 1, 3 from the left, as a podium
 * stands), then everyone else as bars as long as their score against the best, with the prize each
 * rank takes; the reader's row lit. `live` adds the pulsing "Live" tag.
 */
export function LeaderboardPicture({
  rows,
  myEntryId = null,
  live = false,
}: {
  rows: readonly ScoreRowView[];
  myEntryId?: string | null;
  live?: boolean;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <p className="klash-muted">{t('klash.board.empty')}</p>;
  const best = Math.max(...rows.map((r) => r.score));
  const top = rows.filter((r) => r.rank <= 3).slice(0, 3);
  const podium = [top[1], top[0], top[2]].filter((r): r is ScoreRowView => r !== undefined);
  const rest = rows.filter((r) => !top.includes(r));
  return (
    <figure className="klash-board">
      {live && (
        <figcaption className="klash-live">
          <span className="klash-live__dot" aria-hidden="true" />
          {t('klash.board.live')}
        </figcaption>
      )}
      <ol className="klash-podium" aria-label={t('klash.board.podium')}>
        {podium.map((r) => (
          <li
            key={r.entryId}
            className={`klash-podium__place klash-podium__place--${Math.min(r.rank, 3)}${r.entryId === myEntryId ? ' klash-podium__place--mine' : ''}`}
            data-entry={r.entryId}
          >
            {r.rank === 1 && (
              <span className="klash-podium__crown" aria-hidden="true">
                👑
              </span>
            )}
            <Face row={r} size="large" />
            <span className="klash-podium__name">{r.name}</span>
            <span className="klash-podium__score">{t('klash.board.points', { count: r.score })}</span>
            {r.prize && <span className="klash-prize-chip">{r.prize}</span>}
            <span className="klash-podium__step">
              <span className="visually-hidden">{t('klash.board.rank', { rank: r.rank })}</span>
              <span aria-hidden="true">{numberText(r.rank)}</span>
            </span>
          </li>
        ))}
      </ol>
      {rest.length > 0 && (
        <ol className="klash-bars">
          {rest.map((r) => (
            <li
              key={r.entryId}
              className={`klash-bar${r.entryId === myEntryId ? ' klash-bar--mine' : ''}`}
              style={{ '--share': barShare(r.score, best) } as CSSProperties}
              data-entry={r.entryId}
            >
              <span className="klash-bar__fill" aria-hidden="true" />
              <span className="klash-bar__rank">#{numberText(r.rank)}</span>
              <Face row={r} size="small" />
              <span className="klash-bar__name">
                {r.name}
                {r.entryId === myEntryId && <span className="klash-bar__you"> · {t('klash.board.you')}</span>}
              </span>
              {r.prize && <span className="klash-prize-chip klash-prize-chip--small">{r.prize}</span>}
              <span className="klash-bar__score">{t('klash.board.points', { count: r.score })}</span>
            </li>
          ))}
        </ol>
      )}
    </figure>
  );
}
