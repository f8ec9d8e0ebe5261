const UNITS = [
  { suffix: 'B', value: 1e9 },
  { suffix: 'M', value: 1e6 },
  { suffix: 'K', value: 1e3 },
] as const;

function toNumber(value: number | bigint): number {
  return typeof value === 'bigint' ? Number(value) : value;
}

/** Rounds half away from zero to `decimals` places and drops trailing zeros: 1.50 → '1.5'. */
function trimmedFixed(value: number, decimals: number): string {
  const factor = 10 ** decimals;
  const rounded = (Math.sign(value) * Math.round(Math.abs(value) * factor + Number.EPSILON)) / factor;
  return rounded.toFixed(decimals).replace(/\.?0+$/, '');
}

/**
 * SPEC §9 abbreviations K, M, B: 999 → '999', 1_500 → '1.5K', 2_345_678 → '2.35M', 1e9 → '1B'.
 * Up to `decimals` (default 2) decimal places, trailing zeros dropped, no space before the suffix.
 * A value that rounds up to the next unit moves to it (999_999 → '1M', not '1000K').
 */
export function formatCompact(value: number | bigint, decimals = 2): string {
  const n = toNumber(value);
  if (!Number.isFinite(n)) return String(n);
  const abs = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (let i = 0; i < UNITS.length; i++) {
    const unit = UNITS[i]!;
    if (abs < unit.value) continue;
    const text = trimmedFixed(abs / unit.value, decimals);
    const bigger = UNITS[i - 1];
    if (bigger && Number(text) >= bigger.value / unit.value) {
      return `${sign}${trimmedFixed(abs / bigger.value, decimals)}${bigger.suffix}`;
    }
    return `${sign}${text}${unit.suffix}`;
  }
  const small = trimmedFixed(abs, decimals);
  if (Number(small) >= 1000) return `${sign}1K`;
  return small === '0' ? '0' : `${sign}${small}`;
}

/** SPEC §9 "Millions shown as x.xx M": always two decimals and a space, 2_500_000 → '2.50 M'. */
export function formatMillions(value: number | bigint): string {
  const n = toNumber(value) / 1e6;
  const sign = n < 0 ? '-' : '';
  const abs = Math.abs(n);
  return `${sign}${(Math.round(abs * 100 + Number.EPSILON) / 100).toFixed(2)} M`;
}
