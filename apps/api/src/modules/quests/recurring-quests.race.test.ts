import { recurrencePeriod } from '@khel/core/domain';
import { createTestPostgresDatabase, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { leaderboardShardOf } from '../leaderboards/leaderboards.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from './quests.test-support.ts';
import { grantQuestRewards } from './rewards.ts';
import { validateTask } from './user-quests.ts';

/**
 * A burst of gamers finishing one daily quest at once, on PostgreSQL only (PGlite runs one transaction at a
 * time and would hide every race): every finisher is paid once, and nothing a completion writes (the period's
 * row, the rewards, the K-Points board) is a row every finisher shares: a finisher waits on another's open
 * transaction only when both fall in one of the K-Points board's LEADERBOARD_SHARDS count shards.
 */
describe('a daily quest finished by many at once on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // A pool as large as the burst: a finisher waiting on the held shard keeps its connection meanwhile.
    const database = await createTestPostgresDatabase(inject('postgresAdminUrl'), {
      migrated: true,
      max: 30,
    });
    ctx = await createTestContext('postgres', inject('postgresAdminUrl'), {}, { database });
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
    // row locked, the rewards moved from the treasury, the K-Points board), until the burst is over or the bound.
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
    // The K-Points board's counts are spread over LEADERBOARD_SHARDS rows by user: a finisher shares rows with
    // the finishers of its own shard only. Those of the held finisher's shard wait for it; no one else may.
    const heldShard = leaderboardShardOf(heldGamer.user.id);
    const others = burst.filter((u) => leaderboardShardOf(u.user.id) !== heldShard);
    const sameShard = burst.filter((u) => leaderboardShardOf(u.user.id) === heldShard);
    let releasedAt = Number.POSITIVE_INFINITY;
    const bound = 100 * loneMs;
    const timer = setTimeout(() => {
      releasedAt = performance.now();
      release();
    }, bound);
    const began = performance.now();
    const waiting = Promise.all(sameShard.map((u) => validate(ctx, u.auth, q.id, task!.id, 'BURST')));
    const answers = await Promise.all(others.map((u) => validate(ctx, u.auth, q.id, task!.id, 'BURST')));
    const burstMs = performance.now() - began;
    // Nobody outside the held finisher's shard waited for the open completion.
    expect(releasedAt).toBe(Number.POSITIVE_INFINITY);
    expect(burstMs).toBeLessThan(bound);
    clearTimeout(timer);
    release();
    await held;
    answers.push(...(await waiting));
    expect(answers.map((a) => a.body.data?.quest?.status)).toEqual(burst.map(() => 'COMPLETED'));
    const rows = await ctx.deps.db
      .select()
      .from(schema.questPeriodCompletions)
      .where(eq(schema.questPeriodCompletions.questId, q.id));
    expect(rows).toHaveLength(3 + burst.length);
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  }, 120_000);
});
