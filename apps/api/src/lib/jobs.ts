import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { AppDeps, JobRow, RecurringJob } from './context.ts';
import { errorFields, type Logger } from './logger.ts';

export type { JobHandler, JobRow, RecurringJob } from './context.ts';

/**
 * How long a taken job stays reserved for its worker without a renewal: a worker that dies holds its
 * job (a recurring schedule included) for at most this long before another worker may take it.
 */
export const JOB_LEASE_MS = 30_000;
/** How often a running job's lease is renewed: a third of the lease, so one lost renewal costs nothing. */
export const JOB_HEARTBEAT_MS = JOB_LEASE_MS / 3;
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

/** Adds many jobs in one statement (each skipped when a pending job has its dedupeKey); none is a no-op. */
export async function enqueueJobs(db: Executor, jobs: EnqueueOptions[]): Promise<void> {
  if (jobs.length === 0) return;
  await db
    .insert(schema.jobs)
    .values(
      jobs.map((j) => ({
        kind: j.kind,
        payload: j.payload ?? {},
        runAt: j.runAt,
        dedupeKey: j.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing();
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
  /** Most jobs run in one call (default 10); each is taken only when the one before it has finished. */
  limit?: number;
  /** Length of a lease (default JOB_LEASE_MS). */
  leaseMs?: number;
  /** How often a running job's lease is renewed, in real milliseconds (default JOB_HEARTBEAT_MS). */
  heartbeatMs?: number;
}

export interface RunDueJobsResult {
  taken: number;
  done: number;
  failed: number;
  /** Jobs whose lease another worker took over while they ran: their outcome was not recorded. */
  lost: number;
}

/**
 * Takes the next due job, if any: one statement locks it FOR UPDATE SKIP LOCKED and leases it
 * (locked_until = now + lease, attempts + 1), so parallel workers never take the same job.
 */
async function takeDueJob(deps: AppDeps, leaseMs: number): Promise<{ job: JobRow; leaseUntil: Date } | null> {
  const t = schema.jobs;
  const now = deps.clock();
  const leaseUntil = new Date(now.getTime() + leaseMs);
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
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await deps.db
    .update(t)
    .set({ lockedUntil: leaseUntil, attempts: sql`${t.attempts} + 1` })
    .where(inArray(t.id, due))
    .returning();
  return job ? { job, leaseUntil } : null;
}

interface HeldLease {
  /** Stops renewing and waits for a renewal in flight; answers the lease's current end. Idempotent. */
  stop(): Promise<Date>;
}

/**
 * Renews a running job's lease every `heartbeatMs` to clock + `leaseMs`. A renewal applies only while
 * `locked_until` still holds the value this worker last wrote: that value is the lease's token. A
 * worker that took the job over wrote a later one (it could take the job only once our lease had
 * ended, and its lease ends a full lease after that), so once taken over we can neither renew nor
 * finish the job. A failed renewal (database unreachable) is logged and tried again at the next beat.
 */
function holdLease(
  deps: AppDeps,
  jobId: number,
  leaseUntil: Date,
  options: { leaseMs: number; heartbeatMs: number; log: Logger },
): HeldLease {
  const t = schema.jobs;
  let current = leaseUntil;
  let stopped = false;
  let beating: Promise<void> = Promise.resolve();
  const beat = async () => {
    const next = new Date(deps.clock().getTime() + options.leaseMs);
    if (stopped || next <= current) return;
    const renewed = await deps.db
      .update(t)
      .set({ lockedUntil: next })
      .where(and(eq(t.id, jobId), eq(t.lockedUntil, current)))
      .returning({ id: t.id });
    if (renewed.length === 1) current = next;
    else {
      stopped = true;
      clearInterval(timer);
      options.log.warn('job lease lost to another worker');
    }
  };
  const timer = setInterval(() => {
    beating = beating.then(beat).catch((err) => options.log.warn('job lease not renewed', errorFields(err)));
  }, options.heartbeatMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await beating;
      return current;
    },
  };
}

/**
 * Runs due jobs, up to `limit`, one after another. Each is leased only when it is about to run (so no
 * job waits behind another with its lease running) for JOB_LEASE_MS, and the lease is renewed while
 * its handler runs: a job may run for as long as its worker is alive, and a job whose worker died is
 * due again at most JOB_LEASE_MS later. Recording the outcome checks that this worker still holds the
 * lease, so a worker that was taken over changes nothing. A failure is retried with exponential
 * backoff; JOB_MAX_ATTEMPTS failures give the job up.
 */
export async function runDueJobs(deps: AppDeps, options: RunDueJobsOptions = {}): Promise<RunDueJobsResult> {
  const t = schema.jobs;
  const limit = options.limit ?? 10;
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  const heartbeatMs = options.heartbeatMs ?? JOB_HEARTBEAT_MS;
  const result: RunDueJobsResult = { taken: 0, done: 0, failed: 0, lost: 0 };
  while (result.taken < limit) {
    const next = await takeDueJob(deps, leaseMs);
    if (!next) break;
    result.taken++;
    const { job } = next;
    const log = deps.logger.child({ jobId: job.id, kind: job.kind, attempt: job.attempts });
    const every = recurringIntervalOf(job);
    const lease = holdLease(deps, job.id, next.leaseUntil, { leaseMs, heartbeatMs, log });
    const held = async () => and(eq(t.id, job.id), eq(t.lockedUntil, await lease.stop()));
    const lost = () => {
      result.lost++;
      log.warn('job lease lost: another worker runs the job, this outcome is not recorded');
    };
    try {
      const handler = deps.jobHandlers[job.kind];
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      try {
        await handler(deps, job);
      } finally {
        await lease.stop();
      }
      const doneAt = deps.clock();
      const recorded = await deps.db
        .update(t)
        .set(
          every === null
            ? { doneAt, lockedUntil: null, lastError: null }
            : { runAt: new Date(doneAt.getTime() + every), attempts: 0, lockedUntil: null, lastError: null },
        )
        .where(await held())
        .returning({ id: t.id });
      if (recorded.length === 0) lost();
      else {
        result.done++;
        log.info('job done');
      }
    } catch (err) {
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
      const recorded = await deps.db
        .update(t)
        .set({
          lockedUntil: null,
          lastError: message,
          ...(giveUp ? { cancelledAt: failedAt } : { runAt: new Date(failedAt.getTime() + delay) }),
        })
        .where(await held())
        .returning({ id: t.id });
      if (recorded.length === 0) lost();
      else {
        result.failed++;
        log[giveUp ? 'error' : 'warn'](giveUp ? 'job given up' : 'job failed, will retry', fields);
      }
    }
  }
  return result;
}

export interface JobWorker {
  /** Stops polling and waits for the jobs in progress (the current `runDueJobs` call). */
  stop(): Promise<void>;
}

/**
 * Polls for due jobs every `intervalMs` (and straight away again while a call ran `batchSize` jobs).
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
