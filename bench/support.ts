/**
 * What the benches share: reading settings, running an operation in concurrent loops for a fixed
 * time, and printing rows of figures with their ratios. Benches print; they assert nothing.
 */

export function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    console.error(`${name} must be a positive number, got ${JSON.stringify(raw)}`);
    process.exit(1);
  }
  return value;
}

export const SECONDS = positive('BENCH_SECONDS', 2);
export const WARMUP_SECONDS = positive('BENCH_WARMUP_SECONDS', 0.5);
export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.TEST_DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/postgres';

export interface Figures {
  ops: number;
  errors: number;
  firstError?: string;
  opsPerSecond: number;
  p50: number;
  p95: number;
  /** CPU time of this Node process (user + system) per completed op: how much of it is the client and the app. */
  cpuMsPerOp: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * Runs `op` in `concurrency` loops for a warm-up, then for SECONDS, and reports completed operations
 * per second of wall time and the latency percentiles of the timed phase. A failed op counts as an
 * error, not as an operation.
 */
export async function measure(
  concurrency: number,
  op: (worker: number) => Promise<void>,
  timing: { seconds?: number; warmupSeconds?: number } = {},
): Promise<Figures> {
  const phase = async (seconds: number) => {
    const latencies: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const end = started + seconds * 1000;
    await Promise.all(
      Array.from({ length: concurrency }, async (_, worker) => {
        while (performance.now() < end) {
          const t0 = performance.now();
          try {
            await op(worker);
            latencies.push(performance.now() - t0);
          } catch (err) {
            errors++;
            firstError ??= err instanceof Error ? err.message : String(err);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const { user, system } = process.cpuUsage(cpu);
    return { latencies, errors, firstError, elapsed, cpuMs: (user + system) / 1000 };
  };
  await phase(timing.warmupSeconds ?? WARMUP_SECONDS);
  const { latencies, errors, firstError, elapsed, cpuMs } = await phase(timing.seconds ?? SECONDS);
  const sorted = Float64Array.from(latencies).sort();
  return {
    ops: latencies.length,
    errors,
    ...(firstError ? { firstError } : {}),
    opsPerSecond: latencies.length / elapsed,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    cpuMsPerOp: latencies.length > 0 ? cpuMs / latencies.length : Number.NaN,
  };
}

export interface Row {
  section: string;
  label: string;
  concurrency: number;
  figures: Figures;
  /** Text ratios: `0.18 × SELECT 1` … */
  ratios: string[];
}

export const fmtRate = (n: number) =>
  n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1).replace(/\.0$/, '');
export const fmtMs = (n: number) => (Number.isNaN(n) ? '-' : n < 10 ? n.toFixed(2) : n.toFixed(1));
export const ratio = (value: number, base: number | undefined, name: string) =>
  base ? `${(value / base).toFixed(3)} × ${name}` : `(no ${name} figure)`;

export function printTable(title: string, rows: Row[]) {
  const header = ['', 'c', 'ops/s', 'p50 ms', 'p95 ms', 'CPU ms/op', 'errors', 'ratio'];
  const lines = rows.map((r) => [
    r.label,
    String(r.concurrency),
    fmtRate(r.figures.opsPerSecond),
    fmtMs(r.figures.p50),
    fmtMs(r.figures.p95),
    r.figures.cpuMsPerOp < 0.1 ? r.figures.cpuMsPerOp.toFixed(3) : fmtMs(r.figures.cpuMsPerOp),
    String(r.figures.errors),
    r.ratios.join('; '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const right = new Set([1, 2, 3, 4, 5, 6]);
  const fmt = (cells: string[]) =>
    cells
      .map((cell, i) => (right.has(i) ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}`);
  let section = '';
  console.log(fmt(header));
  for (const [i, row] of rows.entries()) {
    if (row.section !== section) {
      section = row.section;
      console.log(`-- ${section}`);
    }
    console.log(fmt(lines[i]!));
  }
  const failing = rows.filter((r) => r.figures.errors > 0);
  for (const r of failing)
    console.log(
      `! ${r.label} (c=${r.concurrency}): ${r.figures.errors} errors, first: ${r.figures.firstError}`,
    );
}

/** Rounds of the paired measurements (each side BENCH_SECONDS a round: rounds of 0.4 s gave ratios below 1). */
export const ROUNDS = Math.round(positive('BENCH_ROUNDS', 3));

/**
 * Measures two operations in alternating rounds (a, b, a, b, …) of BENCH_SECONDS each after their warm-up, so
 * that a machine whose load drifts during the run weighs on both alike. Returns each side's median round and the
 * median of the per-round ratios a ÷ b (ops/s).
 */
export async function measurePaired(
  concurrency: number,
  a: (worker: number) => Promise<void>,
  b: (worker: number) => Promise<void>,
  rounds = ROUNDS,
): Promise<{ a: Figures; b: Figures; ratio: number }> {
  const timing = { seconds: SECONDS, warmupSeconds: WARMUP_SECONDS };
  const as: Figures[] = [];
  const bs: Figures[] = [];
  for (let i = 0; i < rounds; i++) {
    as.push(await measure(concurrency, a, timing));
    bs.push(await measure(concurrency, b, timing));
  }
  const median = <T>(values: T[], key: (v: T) => number) =>
    [...values].sort((x, y) => key(x) - key(y))[Math.floor(values.length / 2)]!;
  const ratios = as.map((f, i) => f.opsPerSecond / bs[i]!.opsPerSecond);
  return {
    a: median(as, (f) => f.opsPerSecond),
    b: median(bs, (f) => f.opsPerSecond),
    ratio: median(ratios, (r) => r),
  };
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The median ms of each op over `rounds` rounds in which the ops take turns (after a few warm-up rounds), so load
 * that drifts during the run weighs on all alike.
 */
export async function medianMsPaired(ops: (() => Promise<unknown>)[], rounds: number): Promise<number[]> {
  for (let i = 0; i < Math.min(10, rounds); i++) for (const op of ops) await op();
  const ms = ops.map(() => [] as number[]);
  for (let i = 0; i < rounds; i++)
    for (const [k, op] of ops.entries()) {
      const t0 = performance.now();
      await op();
      ms[k]!.push(performance.now() - t0);
    }
  return ms.map(median);
}
