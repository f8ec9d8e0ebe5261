/** A progress bar of tasks done (`label` says it in words, e.g. '2 of 5 tasks done'). */
export function TaskProgress({ done, total, label }: { done: number; total: number; label: string }) {
  const percent = total === 0 ? 0 : Math.round((Math.min(done, total) / total) * 100);
  return (
    <div className="quest-progress">
      <p className="quest-progress__label">{label}</p>
      <div
        className="quest-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        aria-label={label}
      >
        <span className="quest-progress__fill" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
