import { useId } from 'react';

export interface Series {
  name: string;
  className: string;
  values: number[];
}

/** Daily series as lines over a shared scale (SVG, no chart library); labels first and last day. */
export function LineChart({ days, series, label }: { days: string[]; series: Series[]; label: string }) {
  const width = 320;
  const height = 140;
  const pad = 8;
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  const x = (i: number) => pad + (days.length <= 1 ? 0 : (i / (days.length - 1)) * (width - 2 * pad));
  const y = (v: number) => height - pad - (v / max) * (height - 2 * pad);
  const titleId = useId();
  return (
    <figure className="chart">
      <svg viewBox={`0 0 ${width} ${height}`} className="chart__svg" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{label}</title>
        <line x1={pad} x2={width - pad} y1={height - pad} y2={height - pad} className="chart__axis" />
        {series.map((s) => (
          <polyline
            key={s.name}
            className={`chart__line ${s.className}`}
            fill="none"
            points={s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="chart__legend">
        <span className="chart__range">
          {days[0]} – {days.at(-1)} · max {max}
        </span>
        {series.map((s) => (
          <span key={s.name} className={`chart__key ${s.className}`}>
            <span className="chart__swatch" aria-hidden="true" />
            {s.name} <strong>{s.values.reduce((a, b) => a + b, 0)}</strong>
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** Labelled horizontal bars, longest first, each with its count (and an optional note). */
export function BarList({
  rows,
  label,
}: {
  rows: { name: string; count: number; note?: string }[];
  label: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.count));
  return (
    <ul className="bars" aria-label={label}>
      {rows.map((r) => (
        <li key={r.name} className="bars__row">
          <span className="bars__name">{r.name}</span>
          <svg viewBox="0 0 100 10" preserveAspectRatio="none" className="bars__svg" aria-hidden="true">
            <rect
              x={0}
              y={0}
              height={10}
              width={Math.max(r.count > 0 ? 1 : 0, (r.count / max) * 100)}
              rx={2}
            />
          </svg>
          <span className="bars__count">
            {r.count}
            {r.note && <span className="bars__note"> · {r.note}</span>}
          </span>
        </li>
      ))}
    </ul>
  );
}
