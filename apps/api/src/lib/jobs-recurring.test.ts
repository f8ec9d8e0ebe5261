import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../test-support.ts';
import { JOB_MAX_ATTEMPTS, runDueJobs, scheduleRecurringJob } from './jobs.ts';

const HOUR = 60 * 60 * 1000;
let counter = 0;

describe.each(DB_KINDS)('recurring jobs on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const rowsOf = (jobKind: string) =>
    ctx.deps.db.select().from(schema.jobs).where(eq(schema.jobs.kind, jobKind));
  /** Runs due jobs at the given moment (the API's clock otherwise). */
  const runAt = (at: Date) => runDueJobs({ ...ctx.deps, clock: () => at }, { limit: 50 });

  it('schedules one row however many workers ask at once, and runs it once per interval', async () => {
    const jobKind = `test.recurring.${counter++}`;
    let runs = 0;
    ctx.deps.jobHandlers[jobKind] = async () => {
      runs++;
    };
    const t0 = ctx.now();
    await Promise.all(
      Array.from({ length: 5 }, () =>
        scheduleRecurringJob(ctx.deps.db, { kind: jobKind, everyMs: HOUR }, t0),
      ),
    );
    expect(await rowsOf(jobKind)).toHaveLength(1);

    await runAt(t0);
    expect(runs).toBe(1);
    await runAt(new Date(t0.getTime() + HOUR - 1));
    expect(runs).toBe(1);
    await runAt(new Date(t0.getTime() + HOUR + 5_000));
    expect(runs).toBe(2);
    const [row] = await rowsOf(jobKind);
    expect(row).toMatchObject({ doneAt: null, cancelledAt: null, attempts: 0, lockedUntil: null });
    expect(row!.runAt.getTime()).toBe(t0.getTime() + 2 * HOUR + 5_000);

    // A shorter interval in a newer release takes effect at the next start.
    await scheduleRecurringJob(ctx.deps.db, { kind: jobKind, everyMs: HOUR / 4 }, t0);
    const [shorter] = await rowsOf(jobKind);
    expect(shorter!.payload).toEqual({ recurringEveryMs: HOUR / 4 });
    expect(shorter!.runAt.getTime()).toBe(t0.getTime() + HOUR / 4);
    await expect(scheduleRecurringJob(ctx.deps.db, { kind: jobKind, everyMs: 0 }, t0)).rejects.toThrow(
      'needs a positive interval',
    );
  });

  it('a failing run is retried with backoff no later than the next interval, and never given up', async () => {
    const jobKind = `test.recurring.${counter++}`;
    let fail = true;
    let succeeded = 0;
    ctx.deps.jobHandlers[jobKind] = async () => {
      if (fail) throw new Error('not now');
      succeeded++;
    };
    let at = ctx.now();
    await scheduleRecurringJob(ctx.deps.db, { kind: jobKind, everyMs: 10 * 60 * 1000 }, at);
    for (let i = 0; i < JOB_MAX_ATTEMPTS + 3; i++) {
      const [before] = await rowsOf(jobKind);
      at = before!.runAt;
      await runAt(at);
      const [after] = await rowsOf(jobKind);
      expect(after!.cancelledAt).toBeNull();
      expect(after!.lastError).toBe('not now');
      expect(after!.attempts).toBe(i + 1);
      expect(after!.runAt.getTime() - at.getTime()).toBeLessThanOrEqual(10 * 60 * 1000);
    }
    fail = false;
    const [due] = await rowsOf(jobKind);
    await runAt(due!.runAt);
    expect(succeeded).toBe(1);
    const [ok] = await rowsOf(jobKind);
    expect(ok).toMatchObject({ attempts: 0, lastError: null, doneAt: null, cancelledAt: null });
  });
});
