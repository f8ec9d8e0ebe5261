import { schema } from '@khel/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import {
  enqueueJob,
  JOB_LEASE_MS,
  JOB_MAX_ATTEMPTS,
  type JobRow,
  retryDelayMs,
  runDueJobs,
  startJobWorker,
} from './jobs.ts';

let keyCounter = 0;
const uniqueKind = (name: string) => `test.${name}.${keyCounter++}`;

describe('retry backoff', () => {
  it('doubles from 30 s and stops growing at 6 h', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 60 * 60 * 1000);
  });
});

describe.each(DB_KINDS)('job runner on %s', (kind) => {
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
  /** Registers a handler for a kind used by this test only, so tests never run each other's jobs. */
  const handle = (handler: (job: JobRow) => Promise<void>) => {
    const name = uniqueKind('job');
    ctx.deps.jobHandlers[name] = (_deps, job) => handler(job);
    return name;
  };
  /** Runs due jobs until none is left, as a worker loop would. */
  const drain = async () => {
    while ((await runDueJobs(ctx.deps, { limit: 50 })).taken > 0) {}
  };

  it('runs a job at its time, not before, once', async () => {
    const ran: number[] = [];
    const kindName = handle(async (job) => {
      ran.push(job.id);
    });
    const job = (await enqueueJob(ctx.deps.db, {
      kind: kindName,
      runAt: new Date(ctx.now().getTime() + 60_000),
    }))!;
    await drain();
    expect(ran).toEqual([]);
    ctx.advance(60_000);
    await drain();
    await drain();
    expect(ran).toEqual([job.id]);
    const row = await jobRow(job.id);
    expect(row.doneAt).not.toBeNull();
    expect(row.attempts).toBe(1);
    expect(row.lockedUntil).toBeNull();
  });

  it('one pending job per dedupe key; the key is free again once the job is done', async () => {
    const kindName = handle(async () => {});
    const key = uniqueKind('dedupe');
    const first = await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now(), dedupeKey: key });
    expect(first).not.toBeNull();
    expect(await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now(), dedupeKey: key })).toBeNull();
    await drain();
    expect(
      await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now(), dedupeKey: key }),
    ).not.toBeNull();
  });

  it('a failure is retried after a backoff, and the error message is kept', async () => {
    let calls = 0;
    const kindName = handle(async () => {
      calls++;
      if (calls === 1) throw new Error('payment gateway timed out');
    });
    const job = (await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now() }))!;
    const before = ctx.now().getTime();
    await drain();
    const after = ctx.now().getTime();
    let row = await jobRow(job.id);
    expect(row).toMatchObject({ doneAt: null, attempts: 1, lastError: 'payment gateway timed out' });
    // The test clock runs on real time (plus the test's jumps), so the failure happened between these.
    expect(row.runAt.getTime()).toBeGreaterThanOrEqual(before + retryDelayMs(1));
    expect(row.runAt.getTime()).toBeLessThanOrEqual(after + retryDelayMs(1));
    await drain();
    expect(calls).toBe(1);
    ctx.advance(retryDelayMs(1));
    await drain();
    row = await jobRow(job.id);
    expect(calls).toBe(2);
    expect(row.doneAt).not.toBeNull();
    expect(row.attempts).toBe(2);
  });

  it(`a job failing ${JOB_MAX_ATTEMPTS} times is given up`, async () => {
    const kindName = handle(async () => {
      throw new Error('always broken');
    });
    const job = (await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now() }))!;
    await ctx.deps.db
      .update(schema.jobs)
      .set({ attempts: JOB_MAX_ATTEMPTS - 1 })
      .where(eq(schema.jobs.id, job.id));
    await drain();
    const row = await jobRow(job.id);
    expect(row.attempts).toBe(JOB_MAX_ATTEMPTS);
    expect(row.cancelledAt).not.toBeNull();
    expect(row.doneAt).toBeNull();
  });

  it('a job whose worker died is taken again only after its lease ends', async () => {
    const ran: number[] = [];
    const kindName = handle(async (job) => {
      ran.push(job.id);
    });
    const job = (await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now() }))!;
    // What a worker that took the job and then crashed leaves behind.
    await ctx.deps.db
      .update(schema.jobs)
      .set({ attempts: 1, lockedUntil: new Date(ctx.now().getTime() + JOB_LEASE_MS) })
      .where(eq(schema.jobs.id, job.id));
    await drain();
    expect(ran).toEqual([]);
    ctx.advance(JOB_LEASE_MS);
    await drain();
    expect(ran).toEqual([job.id]);
    expect((await jobRow(job.id)).attempts).toBe(2);
  });

  it('workers in parallel run every job exactly once (FOR UPDATE SKIP LOCKED)', async () => {
    const runs = new Map<number, number>();
    const kindName = handle(async (job) => {
      runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 2));
    });
    const ids: number[] = [];
    for (let i = 0; i < 40; i++)
      ids.push((await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now() }))!.id);
    const worker = async () => {
      let taken = 0;
      for (;;) {
        const batch = await runDueJobs(ctx.deps, { limit: 3 });
        if (batch.taken === 0) return taken;
        taken += batch.taken;
      }
    };
    const perWorker = await Promise.all([worker(), worker(), worker(), worker()]);
    expect(perWorker.reduce((a, b) => a + b, 0)).toBe(40);
    expect([...runs.keys()].sort((a, b) => a - b)).toEqual(ids);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    const rows = await ctx.deps.db.select().from(schema.jobs).where(inArray(schema.jobs.id, ids));
    expect(rows.every((r) => r.doneAt !== null && r.attempts === 1)).toBe(true);
  });

  it('startJobWorker polls and runs due jobs until stopped', async () => {
    const ran: number[] = [];
    const kindName = handle(async (job) => {
      ran.push(job.id);
    });
    // Every poll starts by reading the clock (runDueJobs), so the worker's clock counts its polls. Timers
    // are fake: the test moves their time on (vi.waitFor advances it by its interval on each check), and
    // it also follows real time, as postgres.js opens its connections from a timer.
    let polls = 0;
    const deps = {
      ...ctx.deps,
      clock: () => {
        polls++;
        return ctx.deps.clock();
      },
    };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      const worker = startJobWorker(deps, { intervalMs: 20, recurring: [] });
      try {
        const job = (await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now() }))!;
        await vi.waitFor(() => expect(ran).toEqual([job.id]), { timeout: 10_000, interval: 20 });
      } finally {
        await worker.stop();
      }
      const pollsWhenStopped = polls;
      const late = (await enqueueJob(ctx.deps.db, { kind: kindName, runAt: ctx.now() }))!;
      // Fifty intervals later on the worker's clock: a stopped worker polls no more.
      await vi.advanceTimersByTimeAsync(50 * 20);
      expect(polls).toBe(pollsWhenStopped);
      expect(ran).not.toContain(late.id);
    } finally {
      vi.useRealTimers();
    }
    await drain();
  });
});
