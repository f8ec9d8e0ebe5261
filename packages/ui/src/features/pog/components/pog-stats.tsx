import { POG_SCORE_CATEGORIES, type PogBadge, type PogMintRecord, type PogScores } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { badgeBoard, radarLabelAt, radarPoints, scoreShares, shortHash } from '../lib/pog-view.ts';

const RADAR_SIZE = 240;
const RINGS = [0.25, 0.5, 0.75, 1];

/** The five scores as a radar drawn in SVG, with the values beside each axis. */
export function ScoreRadar({ scores }: { scores: PogScores }) {
  const { t } = useTranslation();
  const shares = scoreShares(scores);
  const list = POG_SCORE_CATEGORIES.map((c) => `${t(`pog.score.${c}`)} ${scores[c]}`).join(', ');
  return (
    <svg
      className="pog-radar"
      viewBox={`0 0 ${RADAR_SIZE} ${RADAR_SIZE}`}
      role="img"
      aria-label={t('pog.score.chart', { list })}
    >
      {RINGS.map((ring) => (
        <polygon
          key={ring}
          className="pog-radar__ring"
          points={radarPoints(
            shares.map(() => ring),
            RADAR_SIZE,
          )}
        />
      ))}
      {POG_SCORE_CATEGORIES.map((category, i) => {
        const end = radarPoints(
          shares.map((_, j) => (j === i ? 1 : 0)),
          RADAR_SIZE,
        ).split(' ')[i];
        const [x, y] = (end ?? '0,0').split(',');
        return (
          <line
            key={category}
            className="pog-radar__axis"
            x1={RADAR_SIZE / 2}
            y1={RADAR_SIZE / 2}
            x2={x}
            y2={y}
          />
        );
      })}
      <polygon className="pog-radar__shape" points={radarPoints(shares, RADAR_SIZE)} />
      {POG_SCORE_CATEGORIES.map((category, i) => {
        const at = radarLabelAt(i, RADAR_SIZE);
        return (
          <text
            key={category}
            className="pog-radar__label"
            x={at.x.toFixed(1)}
            y={at.y.toFixed(1)}
            textAnchor="middle"
            dominantBaseline="middle"
          >
            <tspan x={at.x.toFixed(1)} dy="-0.5em">
              {t(`pog.score.${category}`)}
            </tspan>
            <tspan x={at.x.toFixed(1)} dy="1.1em" className="pog-radar__value">
              {scores[category]}
            </tspan>
          </text>
        );
      })}
    </svg>
  );
}

/** Every badge: the earned ones lit, the others with how to earn them; grouped by type. */
export function BadgeGrid({ badges, showHow = true }: { badges: readonly PogBadge[]; showHow?: boolean }) {
  const { t } = useTranslation();
  const board = badgeBoard(badges);
  return (
    <div className="pog-badges">
      {(['OverallActivity', 'SocialActivity'] as const).map((type) => (
        <section key={type} className="pog-badges__group" aria-label={t(`pog.badge.type.${type}`)}>
          <h3 className="pog-badges__type">{t(`pog.badge.type.${type}`)}</h3>
          <ul className="pog-badges__list">
            {board
              .filter((b) => b.type === type)
              .map((b) => (
                <li
                  key={b.id}
                  className={`pog-badge${b.earned ? ' pog-badge--earned' : ''}`}
                  data-badge={b.id}
                >
                  <span className="pog-badge__icon" aria-hidden="true">
                    {b.earned ? '★' : '☆'}
                  </span>
                  <span className="pog-badge__text">
                    <strong>{t(`pog.badge.name.${b.id}`)}</strong>
                    <span className="pog-badge__state">
                      {b.earned ? t('pog.badge.earned') : t('pog.badge.locked')}
                    </span>
                    {!b.earned && showHow && (
                      <span className="pog-badge__how">{t(`pog.badge.how.${b.id}`)}</span>
                    )}
                  </span>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** Where and when the card was minted: chain, token, the short hash and the explorer link if any. */
export function MintRecord({ mint }: { mint: PogMintRecord | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  if (!mint) return <p className="pog-muted">{t('pog.record.notMinted')}</p>;
  return (
    <dl className="pog-record">
      <div>
        <dt>{t('pog.record.chain')}</dt>
        <dd>
          {t(`pog.record.${mint.chain}`)} · {mint.network}
        </dd>
      </div>
      <div>
        <dt>{t('pog.record.token')}</dt>
        <dd>#{mint.tokenId}</dd>
      </div>
      <div>
        <dt>{t('pog.record.tx')}</dt>
        <dd>
          {mint.explorerUrl ? (
            <a href={mint.explorerUrl} target="_blank" rel="noopener noreferrer" title={mint.txHash}>
              <code>{shortHash(mint.txHash)}</code> · {t('pog.record.explorer')} ↗
            </a>
          ) : (
            <code title={mint.txHash}>{shortHash(mint.txHash)}</code>
          )}
        </dd>
      </div>
      <div>
        <dt>{t('pog.record.mintedAt')}</dt>
        <dd>{formatDate(mint.mintedAt)}</dd>
      </div>
    </dl>
  );
}
