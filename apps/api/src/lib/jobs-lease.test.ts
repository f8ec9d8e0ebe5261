import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createTestPostgresDatabase, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import { enqueueJob, JOB_LEASE_MS, type JobRow, runDueJobs, scheduleRecurringJob } from './jobs.ts';

const HOUR = 60 * 60 * 1000;
/** A heartbeat that never comes within a test: the worker holding the job has died (or stalled). */
const DEAD = { heartbeatMs: HOUR };
let counter = 0;

/** A promise the test settles by hand. */
function gate() {
  let open!: () => void;
  let fail!: (err: Error) => void;
  const promise = new Promise<void>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  return { promise, open, fail };
}

it('a lease is at most 30 s', () => {
  expect(JOB_LEASE_MS).toBeLessThanOrEqual(30_000);
});

describe.each(DB_KINDS)('job leases on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const jobRow = async (id: number) => {
    const [row] = await ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.id, id));
    return row!;
  };
  /**
   * A kind whose first run waits at the gate (the job the first worker holds) and whose later runs
   * return at once; `runs` records each run's attempt number.
   */
  const slowFirstRun = () => {
    const jobKind = `test.lease.${counter++}`;
    const first = gate();
    const runs: number[] = [];
    let started!: () => void;
    const firstStarted = new Promise<void>((resolve) => {
      started = resolve;
    });
    ctx.deps.jobHandlers[jobKind] = async (_deps, job: JobRow) => {
      runs.push(job.attempts);
      if (runs.length === 1) {
        started();
        await first.promise;
      }
    };
    return { jobKind, first, runs, firstStarted };
  };
  /** Another worker's pass over due jobs; ours are the only due jobs of their kinds. */
  const otherWorker = () => runDueJobs(ctx.deps, { limit: 50 });

  it('a job whose worker died is taken by another once its lease ends, not before', async () => {
    const { jobKind, first, runs, firstStarted } = slowFirstRun();
    const job = (await enqueueJob(ctx.deps.db, { kind: jobKind, runAt: ctx.now() }))!;
    const dead = runDueJobs(ctx.deps, { limit: 1, ...DEAD });
    await firstStarted;
    expect((await jobRow(job.id)).lockedUntil).toEqual(new Date(ctx.now().getTime() + JOB_LEASE_MS));

    ctx.advance(JOB_LEASE_MS - 1);
    expect((await otherWorker()).taken).toBe(0);
    ctx.advance(1);
    expect(await otherWorker()).toMatchObject({ taken: 1, done: 1 });
    expect(runs).toEqual([1, 2]);

    first.open();
    expect(await dead).toEqual({ taken: 1, done: 0, failed: 0, lost: 1 });
  });

  it("a live worker's long job keeps its lease while it heartbeats", async () => {
    const { jobKind, first, runs, firstStarted } = slowFirstRun();
    const job = (await enqueueJob(ctx.deps.db, { kind: jobKind, runAt: ctx.now() }))!;
    // A heartbeat every 5 real ms: the test moves the worker's clock on and waits for the renewal.
    const live = runDueJobs(ctx.deps, { limit: 1, heartbeatMs: 5 });
    await firstStarted;
    for (let step = 0; step < 6; step++) {
      ctx.advance(JOB_LEASE_MS / 2);
      const renewedUntil = new Date(ctx.now().getTime() + JOB_LEASE_MS);
      await vi.waitFor(async () => expect((await jobRow(job.id)).lockedUntil).toEqual(renewedUntil), {
        timeout: 30_000,
        interval: 5,
      });
      expect((await otherWorker()).taken).toBe(0);
    }
    // Three leases long, and run once.
    first.open();
    expect(await live).toEqual({ taken: 1, done: 1, failed: 0, lost: 0 });
    expect(runs).toEqual([1]);
    expect(await jobRow(job.id)).toMatchObject({ attempts: 1, lockedUntil: null });
    expect((await jobRow(job.id)).doneAt).not.toBeNull();
  });

  it("a taken-over worker's late failure changes nothing", async () => {
    const { jobKind, first, runs, firstStarted } = slowFirstRun();
    const job = (await enqueueJob(ctx.deps.db, { kind: jobKind, runAt: ctx.now() }))!;
    const stalled = runDueJobs(ctx.deps, { limit: 1, ...DEAD });
    await firstStarted;
    ctx.advance(JOB_LEASE_MS);
    // The second worker's run is still going when the first one's failure arrives.
    const second = gate();
    let secondStarted!: () => void;
    const secondRunning = new Promise<void>((resolve) => {
      secondStarted = resolve;
    });
    ctx.deps.jobHandlers[jobKind] = async (_deps, j) => {
      runs.push(j.attempts);
      secondStarted();
      await second.promise;
    };
    const other = otherWorker();
    await secondRunning;
    const during = await jobRow(job.id);
    first.fail(new Error('too late'));
    expect(await stalled).toEqual({ taken: 1, done: 0, failed: 0, lost: 1 });
    expect(await jobRow(job.id)).toEqual(during);
    expect(during).toMatchObject({ attempts: 2, lastError: null, doneAt: null });

    second.open();
    expect(await other).toMatchObject({ taken: 1, done: 1, lost: 0 });
    expect(runs).toEqual([1, 2]);
    expect((await jobRow(job.id)).doneAt).not.toBeNull();
  });

  it('a recurring job held by a dead worker resumes on the second worker within one lease', async () => {
    const { jobKind, first, runs, firstStarted } = slowFirstRun();
    const t0 = ctx.now();
    await scheduleRecurringJob(ctx.deps.db, { kind: jobKind, everyMs: HOUR }, t0);
    const dead = runDueJobs(ctx.deps, { limit: 1, ...DEAD });
    await firstStarted;
    ctx.advance(JOB_LEASE_MS - 1);
    expect((await otherWorker()).taken).toBe(0);
    ctx.advance(1);
    expect(await otherWorker()).toMatchObject({ taken: 1, done: 1 });
    const [resumed] = await ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.kind, jobKind));
    expect(resumed).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null, cancelledAt: null });
    expect(resumed!.runAt).toEqual(new Date(t0.getTime() + JOB_LEASE_MS + HOUR));

    // The dead worker's run finishing late moves the schedule neither way.
    ctx.advance(1_000);
    first.open();
    expect(await dead).toMatchObject({ taken: 1, done: 0, lost: 1 });
    const [after] = await ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.kind, jobKind));
    expect(after).toEqual(resumed);
    expect(runs).toEqual([1, 2]);
  });

  it('takes only the job it is about to run: the jobs behind a long one stay free', async () => {
    const { jobKind, first, firstStarted } = slowFirstRun();
    const quickKind = `test.lease.${counter++}`;
    const quickRuns: number[] = [];
    ctx.deps.jobHandlers[quickKind] = async (_deps, job) => {
      quickRuns.push(job.id);
    };
    await enqueueJob(ctx.deps.db, { kind: jobKind, runAt: new Date(ctx.now().getTime() - 1) });
    const waiting = (await enqueueJob(ctx.deps.db, { kind: quickKind, runAt: ctx.now() }))!;
    const busy = runDueJobs(ctx.deps, { limit: 10 });
    await firstStarted;
    expect((await jobRow(waiting.id)).lockedUntil).toBeNull();
    expect(await otherWorker()).toMatchObject({ taken: 1, done: 1 });
    expect(quickRuns).toEqual([waiting.id]);
    first.open();
    expect(await busy).toMatchObject({ taken: 1, done: 1, lost: 0 });
  });
});

describe('a job worker process killed while it runs a recurring job (PostgreSQL)', () => {
  it('leaves the schedule to another worker one lease after it took it, not before', async () => {
    const database = await createTestPostgresDatabase(inject('postgresAdminUrl'), { migrated: true });
    const ctx = await createTestContext('postgres', undefined, {}, { database });
    try {
      const jobKind = 'test.crash.recurring';
      let runs = 0;
      ctx.deps.jobHandlers[jobKind] = async () => {
        runs++;
      };
      const t0 = ctx.now();
      await scheduleRecurringJob(ctx.deps.db, { kind: jobKind, everyMs: HOUR }, t0);
      const row = async () =>
        (await ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.kind, jobKind)))[0]!;

      // The child worker's clock is the test's, frozen at t0.
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          fileURLToPath(new URL('./jobs.crash-child.ts', import.meta.url)),
          database.url,
          String(t0.getTime()),
          jobKind,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let stderr = '';
      child.stderr.on('data', (d) => {
        stderr += String(d);
      });
      const exited = new Promise((resolve) => child.on('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (d) => {
          if (String(d).includes('RUNNING')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`child exited (${code}) before running: ${stderr}`)));
      });
      expect(await row()).toMatchObject({ attempts: 1, lockedUntil: new Date(t0.getTime() + JOB_LEASE_MS) });
      child.kill('SIGKILL');
      await exited;

      ctx.advance(JOB_LEASE_MS - 1);
      expect((await runDueJobs(ctx.deps, { limit: 50 })).taken).toBe(0);
      expect(runs).toBe(0);
      ctx.advance(1);
      expect(await runDueJobs(ctx.deps, { limit: 50 })).toEqual({ taken: 1, done: 1, failed: 0, lost: 0 });
      expect(runs).toBe(1);
      expect(await row()).toMatchObject({
        attempts: 0,
        lockedUntil: null,
        runAt: new Date(t0.getTime() + JOB_LEASE_MS + HOUR),
      });
    } finally {
      await ctx.close();
    }
  }, 60_000);
});
