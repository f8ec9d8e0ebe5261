import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BOX_HEIGHT,
  BOX_WIDTH,
  type BracketMatchView,
  type BracketSide,
  fitName,
  HEADER_HEIGHT,
  layoutBracket,
  type PlacedMatch,
  ROW_HEIGHT,
} from '../lib/bracket-layout.ts';
import { hueOf, initialsOf } from '../lib/faces.ts';

/** "Final", "Semi-finals", "Quarter-finals", else "Round n". */
export function useRoundName(): (round: number, rounds: number) => string {
  const { t } = useTranslation();
  return (round, rounds) => {
    const fromEnd = rounds - round;
    if (fromEnd === 0) return t('klash.bracket.final');
    if (fromEnd === 1) return t('klash.bracket.semiFinal');
    if (fromEnd === 2) return t('klash.bracket.quarterFinal');
    return t('klash.bracket.round', { round });
  };
}

function SideAvatar({ side, x, y, clipId }: { side: BracketSide; x: number; y: number; clipId: string }) {
  const r = 11;
  if (side.avatarUrl)
    return (
      <image
        href={side.avatarUrl}
        x={x - r}
        y={y - r}
        width={r * 2}
        height={r * 2}
        clipPath={`url(#${clipId})`}
        preserveAspectRatio="xMidYMid slice"
      />
    );
  const hue = hueOf(side.name);
  return (
    <g>
      <circle cx={x} cy={y} r={r} fill={`hsl(${hue} 70% 42%)`} />
      <text x={x} y={y + 4} textAnchor="middle" className="bracket__initials">
        {initialsOf(side.name)}
      </text>
    </g>
  );
}

function SideRow({
  side,
  x,
  y,
  won,
  lost,
  mine,
  clipId,
}: {
  side: BracketSide | null;
  x: number;
  y: number;
  won: boolean;
  lost: boolean;
  mine: boolean;
  clipId: string;
}) {
  const { t } = useTranslation();
  const mid = y + ROW_HEIGHT / 2;
  const cls = `bracket__side${won ? ' bracket__side--won' : ''}${lost ? ' bracket__side--lost' : ''}${mine ? ' bracket__side--mine' : ''}`;
  if (!side)
    return (
      <text x={x + 12} y={mid + 4} className="bracket__tbd">
        {t('klash.bracket.tbd')}
      </text>
    );
  return (
    <g className={cls} data-entry={side.entryId ?? undefined}>
      {won && (
        <rect
          x={x + 1}
          y={y + 1}
          width={BOX_WIDTH - 2}
          height={ROW_HEIGHT - 1}
          rx={9}
          className="bracket__won-bg"
        />
      )}
      <clipPath id={clipId}>
        <circle cx={x + 20} cy={mid} r={11} />
      </clipPath>
      <SideAvatar side={side} x={x + 20} y={mid} clipId={clipId} />
      <text x={x + 38} y={mid + 4} className="bracket__name">
        {fitName(side.name)}
      </text>
      {won && (
        <text x={x + BOX_WIDTH - 44} y={mid + 4} className="bracket__crown">
          🏆
        </text>
      )}
      <text x={x + BOX_WIDTH - 12} y={mid + 5} textAnchor="end" className="bracket__score">
        {side.score ?? '–'}
      </text>
    </g>
  );
}

function MatchBox({
  placed,
  myEntryId,
  clipBase,
}: {
  placed: PlacedMatch;
  myEntryId: string | null;
  clipBase: string;
}) {
  const { match, x, y, onChampionPath } = placed;
  const [a, b] = match.sides;
  const winner = match.winnerEntryId;
  const mine = myEntryId !== null && (a?.entryId === myEntryId || b?.entryId === myEntryId);
  const cls = `bracket__match${onChampionPath ? ' bracket__match--champion' : ''}${mine ? ' bracket__match--mine' : ''}${match.disputed ? ' bracket__match--disputed' : ''}`;
  const row = (side: BracketSide | null, index: number) => (
    <SideRow
      side={side}
      x={x}
      y={y + index * ROW_HEIGHT}
      won={winner !== null && side?.entryId === winner}
      lost={winner !== null && side !== null && side.entryId !== winner}
      mine={myEntryId !== null && side?.entryId === myEntryId}
      clipId={`${clipBase}-${match.id}-${index}`}
    />
  );
  return (
    <g className={cls} data-match={match.id}>
      <rect x={x} y={y} width={BOX_WIDTH} height={BOX_HEIGHT} rx={10} className="bracket__box" />
      <line
        x1={x + 8}
        x2={x + BOX_WIDTH - 8}
        y1={y + ROW_HEIGHT}
        y2={y + ROW_HEIGHT}
        className="bracket__divider"
      />
      {row(a, 0)}
      {row(b, 1)}
      {match.disputed && (
        <text x={x + BOX_WIDTH - 6} y={y - 4} textAnchor="end" className="bracket__flag">
          ⚠
        </text>
      )}
    </g>
  );
}

/**
 * A single-elimination bracket as a picture (SVG): rounds as columns, avatars, scores, the winners'
 * rows lit and the champion's path traced in gold; the reader's own matches outlined. Wider than a
 * phone, so it scrolls sideways in its frame. A list of the results follows for screen readers.
 */
export function BracketPicture({
  matches,
  myEntryId = null,
}: {
  matches: readonly BracketMatchView[];
  myEntryId?: string | null;
}) {
  const { t } = useTranslation();
  const roundName = useRoundName();
  const clipBase = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const layout = layoutBracket(matches);
  if (layout.rounds === 0) return <p className="klash-muted">{t('klash.bracket.notDrawn')}</p>;
  const names = (m: BracketMatchView) =>
    m.sides.map((s) => (s ? `${s.name}${s.score !== null ? ` ${s.score}` : ''}` : t('klash.bracket.tbd')));
  const winnerName = (m: BracketMatchView) =>
    m.sides.find((s) => s !== null && s.entryId === m.winnerEntryId)?.name;
  return (
    <figure className="bracket">
      <div className="bracket__scroll">
        <svg
          className="bracket__svg"
          width={layout.width}
          height={layout.height}
          viewBox={`0 0 ${layout.width} ${layout.height}`}
          role="img"
          aria-label={t('klash.bracket.label', { count: layout.rounds })}
        >
          {layout.columns.map((x, i) => (
            <text
              key={x}
              x={x + BOX_WIDTH / 2}
              y={HEADER_HEIGHT - 12}
              textAnchor="middle"
              className="bracket__round"
            >
              {roundName(i + 1, layout.rounds)}
            </text>
          ))}
          {layout.connectors.map((c) => (
            <path
              key={c.id}
              d={c.d}
              className={`bracket__line${c.decided ? ' bracket__line--decided' : ''}${c.onChampionPath ? ' bracket__line--champion' : ''}`}
            />
          ))}
          {layout.matches.map((placed) => (
            <MatchBox key={placed.match.id} placed={placed} myEntryId={myEntryId} clipBase={clipBase} />
          ))}
        </svg>
      </div>
      <ol className="visually-hidden">
        {matches.map((m) => {
          const [a, b] = names(m);
          const won = winnerName(m);
          return (
            <li key={m.id}>
              {roundName(m.round, layout.rounds)}: {a} – {b}
              {won ? ` (${t('klash.bracket.winner', { name: won })})` : ''}
            </li>
          );
        })}
      </ol>
    </figure>
  );
}
