import { recurrencePeriod } from '@khel/core/domain';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from './quests.test-support.ts';
import { grantQuestRewards } from './rewards.ts';
import { validateTask } from './user-quests.ts';

/**
 * A burst of gamers finishing one daily quest at once, on PostgreSQL only (PGlite runs one transaction at a
 * time and would hide every race): every finisher is paid once, and no finisher waits on another's open
 * completion: nothing a completion writes (the period's row, the rewards from a treasury shard nobody holds, the
 * K-Points board's job) is a row another finisher needs.
 */
describe('a daily quest finished by many at once on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const timed = async <T>(run: () => Promise<T>) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };

  it('answers the burst while another finisher’s completion is still open, and pays each once', async () => {
    const q = await newQuest(
      ctx,
      [{ title: 'Code of the day', config: { type: 'special_code', code: 'BURST' } }],
      {
        recurrence: 'daily',
        rewards: { kpoints: '100', kcash: '5000' },
      },
    );
    const [task] = await tasksOfQuest(ctx, q.slug);
    const startedGamer = async () => {
      const u = await signedInUser(ctx);
      await start(ctx, u.auth, q.id);
      return u;
    };
    const lone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const u = await startedGamer();
      lone.push(await timed(() => validate(ctx, u.auth, q.id, task!.id, 'BURST')));
    }
    const loneMs = lone.sort((a, b) => a - b)[1]!;

    // One finisher's completion holds its transaction open, having written what a completion writes (its quest
    // row locked, the rewards moved from the treasury, the K-Points board's job), until the burst is over or the bound.
    const heldGamer = await startedGamer();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let heldCompleted!: () => void;
    const heldIsCompleted = new Promise<void>((resolve) => {
      heldCompleted = resolve;
    });
    const period = recurrencePeriod('daily', ctx.now()).key;
    const held = validateTask(
      ctx.deps,
      heldGamer.user,
      { questId: q.id, taskId: task!.id, value: 'BURST' },
      {
        kind: 'quest',
        hooks: {
          onCompleted: async (tx, userId, quest, now) => {
            await grantQuestRewards(tx, userId, quest, now, period);
            heldCompleted();
            await released;
          },
        },
      },
    );
    await heldIsCompleted;

    const burst = await Promise.all(Array.from({ length: 24 }, startedGamer));
    let releasedAt = Number.POSITIVE_INFINITY;
    const bound = 100 * loneMs;
    const timer = setTimeout(() => {
      releasedAt = performance.now();
      release();
    }, bound);
    const began = performance.now();
    const answers = await Promise.all(burst.map((u) => validate(ctx, u.auth, q.id, task!.id, 'BURST')));
    const burstMs = performance.now() - began;
    // Nobody waited for the open completion: the burst ended before the bound released it.
    expect(releasedAt).toBe(Number.POSITIVE_INFINITY);
    expect(burstMs).toBeLessThan(bound);
    clearTimeout(timer);
    release();
    await held;
    expect(answers.map((a) => a.body.data?.quest?.status)).toEqual(burst.map(() => 'COMPLETED'));
    const rows = await ctx.deps.db
      .select()
      .from(schema.questPeriodCompletions)
      .where(eq(schema.questPeriodCompletions.questId, q.id));
    expect(rows).toHaveLength(3 + burst.length);
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  }, 120_000);
});
