import type { ReactNode } from 'react';

export interface SummaryRow {
  label: string;
  value: ReactNode;
  total?: boolean;
}

/** Label/value rows of a quote, a preview or a receipt. */
export function Summary({ rows, label }: { rows: readonly (SummaryRow | false | null)[]; label?: string }) {
  return (
    <dl className="summary" aria-label={label}>
      {rows
        .filter((r): r is SummaryRow => Boolean(r))
        .map((row) => (
          <div key={row.label} className={`summary__row${row.total ? ' summary__row--total' : ''}`}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
    </dl>
  );
}
