import { schema } from '@khel/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs, scheduleRecurringJob } from '../../lib/jobs.ts';
import { planOnIndexes } from '../../lib/query-plan.test-support.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import {
  botStartPruneVictims,
  OUTBOX_PRUNE_EVERY_MS,
  OUTBOX_PRUNE_JOB,
  outboxPruneVictims,
  pruneOutbox,
} from './outbox-retention.ts';

const DAY = 86_400_000;
const o = schema.outbox;

describe.each(DB_KINDS)('outbox retention on %s', (kind) => {
  let ctx: TestContext;
  let userId: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    userId = crypto.randomUUID();
    await ctx.deps.db.insert(schema.users).values({ id: userId, telegramId: `outbox-retention-${userId}` });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  let seq = 0;
  /** `n` rows in a state, finished (or due) at `at`; returns their ids. */
  const addRows = async (n: number, status: 'pending' | 'sent' | 'skipped' | 'failed', at: Date) => {
    const rows = await ctx.deps.db
      .insert(o)
      .values(
        Array.from({ length: n }, () => ({
          kind: 'quest_completed' as const,
          userId,
          dedupeKey: `retention-test:${kind}:${seq++}`,
          status,
          availableAt: at,
          createdAt: at,
          sentAt: status === 'sent' ? at : null,
        })),
      )
      .returning({ id: o.id });
    return rows.map((r) => r.id);
  };
  const left = async (ids: number[]) =>
    (await ctx.deps.db.select({ id: o.id }).from(o).where(inArray(o.id, ids))).length;

  it('a recurring job deletes rows done with past OUTBOX_RETENTION_DAYS in bounded batches, never a pending one', async () => {
    expect(ctx.deps.env.OUTBOX_RETENTION_DAYS).toBe(14);
    expect(ctx.deps.recurringJobs).toContainEqual({ kind: OUTBOX_PRUNE_JOB, everyMs: OUTBOX_PRUNE_EVERY_MS });
    const t0 = ctx.now();
    const oldSent = await addRows(25, 'sent', t0);
    const oldDead = [...(await addRows(2, 'skipped', t0)), ...(await addRows(2, 'failed', t0))];
    // Pending rows stay however old they are, whether overdue or due long after they were written.
    const pending = [
      ...(await addRows(2, 'pending', new Date(t0.getTime() - 60 * DAY))),
      ...(await addRows(1, 'pending', new Date(t0.getTime() + 30 * DAY))),
    ];
    const young = await addRows(3, 'sent', new Date(t0.getTime() + 2 * DAY));

    // Not yet: 14 days less a minute.
    ctx.advance(14 * DAY - 60_000);
    expect(await pruneOutbox(ctx.deps.db, new Date(ctx.now().getTime() - 14 * DAY))).toBe(0);

    // Past retention: batches of 10, at most 2 in a call, leave the rest to the next call.
    ctx.advance(60_001);
    const before = new Date(ctx.now().getTime() - 14 * DAY);
    expect(await pruneOutbox(ctx.deps.db, before, { batchSize: 10, maxBatches: 2 })).toBe(20);
    expect(await left([...oldSent, ...oldDead])).toBe(9);

    // The job, through the job runner, takes the rest.
    await scheduleRecurringJob(
      ctx.deps.db,
      { kind: OUTBOX_PRUNE_JOB, everyMs: OUTBOX_PRUNE_EVERY_MS },
      ctx.now(),
    );
    expect(await runDueJobs(ctx.deps, { limit: 5 })).toMatchObject({ taken: 1, done: 1 });
    expect(await left([...oldSent, ...oldDead])).toBe(0);
    expect(await left(pending)).toBe(3);
    expect(await left(young)).toBe(3);
    const [job] = await ctx.deps.db
      .select()
      .from(schema.jobs)
      .where(and(eq(schema.jobs.kind, OUTBOX_PRUNE_JOB), sql`${schema.jobs.doneAt} is null`));
    expect(job!.runAt.getTime() - ctx.now().getTime()).toBe(OUTBOX_PRUNE_EVERY_MS);
  });

  it('the same job deletes the /starts kept without an account past TELEGRAM_BOT_START_RETENTION_DAYS', async () => {
    expect(ctx.deps.env.TELEGRAM_BOT_START_RETENTION_DAYS).toBe(30);
    const starts = schema.telegramBotStarts;
    await scheduleRecurringJob(
      ctx.deps.db,
      { kind: OUTBOX_PRUNE_JOB, everyMs: OUTBOX_PRUNE_EVERY_MS },
      ctx.now(),
    );
    ctx.advance(OUTBOX_PRUNE_EVERY_MS);
    const base = 7_700_000_000 + (kind === 'pglite' ? 0 : 1_000);
    const startedAt = (daysAgo: number) => new Date(ctx.now().getTime() - daysAgo * DAY);
    await ctx.deps.db.insert(starts).values([
      { telegramUserId: base + 1, chatId: base + 1, startedAt: startedAt(31) },
      { telegramUserId: base + 2, chatId: base + 2, startedAt: startedAt(30 + 1 / 1_440) },
      { telegramUserId: base + 3, chatId: base + 3, startedAt: startedAt(30 - 1 / 1_440) },
      { telegramUserId: base + 4, chatId: base + 4, startedAt: startedAt(1) },
    ]);
    const kept = async () =>
      (
        await ctx.deps.db
          .select({ id: starts.telegramUserId })
          .from(starts)
          .where(
            inArray(
              starts.telegramUserId,
              [1, 2, 3, 4].map((n) => base + n),
            ),
          )
          .orderBy(starts.telegramUserId)
      ).map((r) => r.id - base);

    expect(await runDueJobs(ctx.deps, { limit: 5 })).toMatchObject({ taken: 1, done: 1 });
    // Older than 30 days: gone; 30 days less a minute: kept.
    expect(await kept()).toEqual([3, 4]);
  });

  it('each batch is a range of outbox_finished_idx (and of telegram_bot_starts_started_idx)', async () => {
    const plan = await planOnIndexes(ctx.deps.db, outboxPruneVictims(ctx.now())(1_000));
    expect(plan).toContain('outbox_finished_idx');
    expect(plan).not.toMatch(/\bSort\b/);
    const startsPlan = await planOnIndexes(ctx.deps.db, botStartPruneVictims(ctx.now())(1_000));
    expect(startsPlan).toContain('telegram_bot_starts_started_idx');
    expect(startsPlan).not.toMatch(/\bSort\b/);
  });
});
