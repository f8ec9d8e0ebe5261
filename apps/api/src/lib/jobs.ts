import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps, JobRow, RecurringJob } from './context.ts';
import { errorFields } from './logger.ts';

export type { JobHandler, JobRow, RecurringJob } from './context.ts';

/** How long a taken job stays reserved for its worker before another may take it. */
export const JOB_LEASE_MS = 5 * 60 * 1000;
/** After this many failed runs the job is given up (cancelled, with the last error kept). */
export const JOB_MAX_ATTEMPTS = 20;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 6 * 60 * 60 * 1000;

/** 30 s, 1 min, 2 min, … capped at 6 h: the wait after the `attempts`-th failure. */
export function retryDelayMs(attempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
}

export interface EnqueueOptions {
  kind: string;
  payload?: Record<string, unknown>;
  runAt: Date;
  /** At most one pending job per key: enqueueing again while one is pending does nothing. */
  dedupeKey?: string;
}

/** Adds a job (in the caller's transaction when given one). Returns null when a pending job has the same dedupeKey. */
export async function enqueueJob(db: Executor, options: EnqueueOptions): Promise<JobRow | null> {
  const [row] = await db
    .insert(schema.jobs)
    .values({
      kind: options.kind,
      payload: options.payload ?? {},
      runAt: options.runAt,
      dedupeKey: options.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

/** Payload field that marks a job as recurring and holds its interval in ms. */
export const RECURRING_EVERY_MS = 'recurringEveryMs';
const recurringKey = (kind: string) => `recurring:${kind}`;

function recurringIntervalOf(job: JobRow): number | null {
  const every = job.payload[RECURRING_EVERY_MS];
  return typeof every === 'number' && Number.isFinite(every) && every > 0 ? every : null;
}

/**
 * Makes sure the recurring job is scheduled: adds its row, due now, unless one is pending; a pending
 * row takes the current interval (and runs no later than one interval from now). Safe to call from
 * every worker at start.
 */
export async function scheduleRecurringJob(db: Executor, job: RecurringJob, now: Date): Promise<void> {
  if (!(job.everyMs > 0)) throw new Error(`Recurring job ${job.kind} needs a positive interval`);
  const t = schema.jobs;
  const payload = { [RECURRING_EVERY_MS]: job.everyMs };
  const added = await enqueueJob(db, {
    kind: job.kind,
    payload,
    runAt: now,
    dedupeKey: recurringKey(job.kind),
  });
  if (added) return;
  const latest = new Date(now.getTime() + job.everyMs);
  await db
    .update(t)
    .set({ payload, runAt: sql`least(${t.runAt}, ${latest.toISOString()}::timestamptz)` })
    .where(and(eq(t.dedupeKey, recurringKey(job.kind)), isNull(t.doneAt), isNull(t.cancelledAt)));
}

/** Cancels the pending job with this key, if any. Returns how many were cancelled. */
export async function cancelJob(db: Executor, dedupeKey: string, now: Date): Promise<number> {
  const rows = await db
    .update(schema.jobs)
    .set({ cancelledAt: now, lockedUntil: null })
    .where(
      and(eq(schema.jobs.dedupeKey, dedupeKey), isNull(schema.jobs.doneAt), isNull(schema.jobs.cancelledAt)),
    )
    .returning({ id: schema.jobs.id });
  return rows.length;
}

export interface RunDueJobsOptions {
  /** Most jobs taken in one call (default 10). */
  limit?: number;
  leaseMs?: number;
}

export interface RunDueJobsResult {
  taken: number;
  done: number;
  failed: number;
}

/**
 * Takes up to `limit` due jobs and runs them. Taking is one statement: the due rows are locked with
 * FOR UPDATE SKIP LOCKED and leased (locked_until), so parallel workers, in this process or in others,
 * never take the same job, and a job whose worker crashed becomes due again when its lease ends.
 * A failure is retried with exponential backoff; JOB_MAX_ATTEMPTS failures give the job up.
 */
export async function runDueJobs(deps: AppDeps, options: RunDueJobsOptions = {}): Promise<RunDueJobsResult> {
  const t = schema.jobs;
  const now = deps.clock();
  // A worker that took a job after this lease ended has a later lease, so `held` below fails for us.
  const leaseUntil = new Date(now.getTime() + (options.leaseMs ?? JOB_LEASE_MS));
  const due = deps.db
    .select({ id: t.id })
    .from(t)
    .where(
      and(
        isNull(t.doneAt),
        isNull(t.cancelledAt),
        lte(t.runAt, now),
        or(isNull(t.lockedUntil), lte(t.lockedUntil, now)),
      ),
    )
    .orderBy(asc(t.runAt), asc(t.id))
    .limit(options.limit ?? 10)
    .for('update', { skipLocked: true });
  const taken = await deps.db
    .update(t)
    .set({ lockedUntil: leaseUntil, attempts: sql`${t.attempts} + 1` })
    .where(inArray(t.id, due))
    .returning();
  taken.sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id - b.id);

  const result: RunDueJobsResult = { taken: taken.length, done: 0, failed: 0 };
  for (const job of taken) {
    const held = and(eq(t.id, job.id), eq(t.lockedUntil, leaseUntil));
    const log = deps.logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    const every = recurringIntervalOf(job);
    try {
      const handler = deps.jobHandlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      await handler(deps, job);
      const doneAt = deps.clock();
      await deps.db
        .update(t)
        .set(
          every === null
            ? { doneAt, lockedUntil: null, lastError: null }
            : { runAt: new Date(doneAt.getTime() + every), attempts: 0, lockedUntil: null, lastError: null },
        )
        .where(held);
      result.done++;
      log.info('job done');
    } catch (err) {
      result.failed++;
      // Only the error's message is kept (handlers must not put personal data in it); of a database
      // error, only its statement's name and code (its message would carry every parameter).
      const fields = errorFields(err);
      const message = (
        typeof fields.error === 'string'
          ? fields.error
          : [fields.errorName, fields.statement, fields.pgCode].filter(Boolean).join(' ')
      ).slice(0, 500);
      const giveUp = every === null && job.attempts >= JOB_MAX_ATTEMPTS;
      const failedAt = deps.clock();
      const delay = Math.min(retryDelayMs(job.attempts), every ?? Number.POSITIVE_INFINITY);
      await deps.db
        .update(t)
        .set({
          lockedUntil: null,
          lastError: message,
          ...(giveUp ? { cancelledAt: failedAt } : { runAt: new Date(failedAt.getTime() + delay) }),
        })
        .where(held);
      log[giveUp ? 'error' : 'warn'](giveUp ? 'job given up' : 'job failed, will retry', fields);
    }
  }
  return result;
}

export interface JobWorker {
  /** Stops polling and waits for the batch in progress. */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs every `intervalMs` (and straight away again while full batches keep coming).
 * Any number of workers may run against one database.
 */
export function startJobWorker(
  deps: AppDeps,
  options: { intervalMs?: number; batchSize?: number; recurring?: RecurringJob[] } = {},
): JobWorker {
  const intervalMs = options.intervalMs ?? deps.env.JOB_WORKER_INTERVAL_MS;
  const batchSize = options.batchSize ?? 10;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  // Recurring jobs are scheduled at start by every worker (one row each, whoever comes first).
  let running: Promise<void> = (async () => {
    for (const job of options.recurring ?? deps.recurringJobs ?? []) {
      try {
        await scheduleRecurringJob(deps.db, job, deps.clock());
      } catch (err) {
        deps.logger.error('recurring job not scheduled', { kind: job.kind, ...errorFields(err) });
      }
    }
  })();

  const tick = async () => {
    try {
      let batch: RunDueJobsResult;
      do {
        batch = await runDueJobs(deps, { limit: batchSize });
      } while (!stopped && batch.taken === batchSize);
    } catch (err) {
      deps.logger.error('job worker poll failed', errorFields(err));
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
