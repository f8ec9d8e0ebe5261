import type { UtmLinkWithStats } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';

const METRICS = ['clicks', 'visits', 'signUps', 'questCompletions'] as const;

/** A link's results as four small bars (SVG), each labelled with its number. */
export function LinkResults({ link }: { link: UtmLinkWithStats }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...METRICS.map((m) => link.stats[m]));
  const rowHeight = 22;
  return (
    <figure className="utm-bars">
      <svg
        viewBox={`0 0 100 ${rowHeight * METRICS.length}`}
        preserveAspectRatio="none"
        className="utm-bars__svg"
        role="img"
        aria-label={t('utm.list.resultsOf', { code: link.code })}
      >
        {METRICS.map((m, i) => (
          <rect
            key={m}
            className={`utm-bars__bar utm-bars__bar--${m}`}
            x={0}
            y={i * rowHeight + 4}
            height={rowHeight - 8}
            width={Math.max(link.stats[m] > 0 ? 2 : 0, (link.stats[m] / max) * 100)}
            rx={1}
          />
        ))}
      </svg>
      <figcaption className="utm-bars__legend">
        {METRICS.map((m) => (
          <span key={m} className={`utm-bars__item utm-bars__item--${m}`} data-metric={m}>
            <span className="utm-bars__swatch" aria-hidden="true" />
            {t(`utm.list.${m}`)} <strong>{link.stats[m]}</strong>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
