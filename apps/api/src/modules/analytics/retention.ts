import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler } from '../../lib/context.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';
import { CLOCK_SKEW_PAST_MS } from './event-columns.ts';
import { LATE_COMMIT_MARGIN_MS, ROLLUP_STATE_ID } from './rollup.ts';

/** The recurring job that deletes raw client events older than ANALYTICS_EVENTS_RETENTION_DAYS. */
export const ANALYTICS_PRUNE_JOB = 'analytics.prune';
export const ANALYTICS_PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Rows per DELETE. */
export const ANALYTICS_PRUNE_BATCH = 5_000;
/** Batches per run: at most 500 000 events a run, 72 million a day; a backlog is worked off over runs. */
export const ANALYTICS_PRUNE_MAX_BATCHES = 100;

const DAY_MS = 86_400_000;
const utcMidnight = (t: number) => new Date(Math.floor(t / DAY_MS) * DAY_MS);

/**
 * Where pruning may go up to (exclusive, a UTC midnight): `retentionDays` before today, and never past what
 * the rollup has closed. A client event occurs at most CLOCK_SKEW_PAST_MS before it is received,
 * and the rollup has counted what was received before its last run less the late-commit margin, so every
 * day before the returned one is final in `analytics_daily`. Null before the rollup's first run.
 */
export function pruneHorizon(now: Date, retentionDays: number, rolledThrough: Date | null): Date | null {
  if (!rolledThrough) return null;
  const byRetention = utcMidnight(now.getTime()).getTime() - retentionDays * DAY_MS;
  const closed = utcMidnight(rolledThrough.getTime() - LATE_COMMIT_MARGIN_MS - CLOCK_SKEW_PAST_MS);
  return new Date(Math.min(byRetention, closed.getTime()));
}

/**
 * Deletes raw client events (channel other than `server`) that occurred before the horizon, once the days
 * before it are final: first `pruned_before` moves there (under the rollup's row lock, so no rollup run
 * rebuilds those days from then on), then the events go in batches, each one range of
 * `analytics_events_client_occurred_idx` from the oldest. The server events (one per user and kind: sign
 * up, first quest, first collect) are kept: they make the rollup record each once. Returns how many went.
 */
export async function pruneAnalyticsEvents(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  retentionDays: number,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const s = schema.analyticsRollupState;
  const horizon = await deps.db.transaction(async (tx) => {
    const [state] = await tx.select().from(s).where(eq(s.id, ROLLUP_STATE_ID)).for('update');
    const next = pruneHorizon(deps.clock(), retentionDays, state?.rolledThrough ?? null);
    if (!next) return null;
    const at = state?.prunedBefore && state.prunedBefore > next ? state.prunedBefore : next;
    await tx.update(s).set({ prunedBefore: at }).where(eq(s.id, ROLLUP_STATE_ID));
    return at;
  });
  if (!horizon) return 0;
  return deleteInBatches(deps.db, sql`analytics_events`, analyticsPruneVictims(horizon), {
    batchSize: options.batchSize ?? ANALYTICS_PRUNE_BATCH,
    maxBatches: options.maxBatches ?? ANALYTICS_PRUNE_MAX_BATCHES,
  });
}

/** The ids of one batch: client events that occurred before `before`, the oldest first (one index range). */
export const analyticsPruneVictims = (before: Date) => (limit: number) =>
  sql`select id from analytics_events
      where channel is distinct from 'server' and occurred_at < ${before.toISOString()}::timestamptz
      order by occurred_at limit ${limit} for update skip locked`;

/** Job handler of ANALYTICS_PRUNE_JOB. */
export const pruneAnalyticsEventsJob: JobHandler = async (deps) => {
  const pruned = await pruneAnalyticsEvents(deps, deps.env.ANALYTICS_EVENTS_RETENTION_DAYS);
  if (pruned > 0) deps.logger.info('analytics events pruned', { pruned });
};
