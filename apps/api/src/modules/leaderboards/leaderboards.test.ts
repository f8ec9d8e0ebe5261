import { randomUUID } from 'node:crypto';
import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { bruteForceRanks, countsOf, newBoard, newUsers } from './leaderboards.test-support.ts';
import {
  BUCKET_LEVELS,
  centralizedBoardId,
  createLeaderboard,
  leaderboardById,
  participantsOf,
  RANK_EPOCH_MS,
  rankOf,
  rebuildScoreCounts,
  recordPoints,
  topOf,
} from './leaderboards.ts';

describe.each(DB_KINDS)('leaderboards service on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** Every entry's rank from rankOf equals the brute-force order, and topOf lists that order. */
  async function expectExactRanks(boardId: string) {
    const expected = await bruteForceRanks(ctx.deps.db, boardId);
    for (const e of expected) {
      const got = await rankOf(ctx.deps.db, boardId, e.userId);
      expect(got, e.userId).toEqual({ rank: e.rank, score: e.score, reachedAt: e.reachedAt });
    }
    const top = await topOf(ctx.deps.db, boardId, 1000);
    expect(top.map((t) => [t.rank, t.userId, t.score])).toEqual(
      expected.map((e) => [e.rank, e.userId, e.score]),
    );
  }

  it('finds the centralized board', async () => {
    const id = await centralizedBoardId(ctx.deps.db);
    expect((await leaderboardById(ctx.deps.db, id))?.kind).toBe('centralized');
  });

  it('ranks exactly like a brute-force sort, for random scores, times and ties (fast-check)', async () => {
    const users = await newUsers(ctx.deps.db, 24);
    const base = Date.UTC(2025, 4, 1);
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            user: fc.integer({ min: 0, max: users.length - 1 }),
            // Small ranges make ties (same score, same second, same instant) common; large ones cross buckets.
            points: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 70_000 })),
            ms: fc.oneof(fc.integer({ min: 0, max: 2_500 }), fc.integer({ min: 0, max: 400 * 86_400_000 })),
          }),
          { minLength: 1, maxLength: 40 },
        ),
        async (events) => {
          const board = await newBoard(ctx.deps.db);
          for (const [i, ev] of events.entries())
            await ctx.deps.db.transaction((tx) =>
              recordPoints(tx, {
                leaderboardId: board.id,
                userId: users[ev.user]!,
                sourceKey: `e:${i}`,
                label: `event ${i}`,
                points: ev.points,
                at: new Date(base + ev.ms),
              }),
            );
          await expectExactRanks(board.id);
          const counts = await countsOf(ctx.deps.db, board.id);
          await ctx.deps.db.transaction((tx) => rebuildScoreCounts(tx, board.id));
          expect(await countsOf(ctx.deps.db, board.id)).toEqual(counts);
          const participants = new Set(events.map((e) => e.user)).size;
          expect(await participantsOf(ctx.deps.db, board.id)).toBe(participants);
        },
      ),
      { numRuns: kind === 'postgres' ? 15 : 25 },
    );
  });

  it('ranks times before 2020 and with the same instant by user id', async () => {
    const board = await newBoard(ctx.deps.db);
    const users = await newUsers(ctx.deps.db, 6);
    const times = [
      RANK_EPOCH_MS - 5000,
      RANK_EPOCH_MS - 1,
      0,
      RANK_EPOCH_MS + 10,
      RANK_EPOCH_MS + 10,
      RANK_EPOCH_MS,
    ];
    for (const [i, u] of users.entries())
      await ctx.deps.db.transaction((tx) =>
        recordPoints(tx, {
          leaderboardId: board.id,
          userId: u,
          sourceKey: 'k',
          label: 'k',
          points: 7,
          at: new Date(times[i]!),
        }),
      );
    await expectExactRanks(board.id);
  });

  it('applies a source once: a repeated key changes nothing', async () => {
    const board = await newBoard(ctx.deps.db);
    const [u] = await newUsers(ctx.deps.db, 1);
    const at = ctx.now();
    const add = (sourceKey: string, points: number) =>
      ctx.deps.db.transaction((tx) =>
        recordPoints(tx, { leaderboardId: board.id, userId: u!, sourceKey, label: sourceKey, points, at }),
      );
    expect(await add('task:1', 10)).toEqual({ applied: true, score: 10, reachedAt: at });
    expect(await add('task:1', 10)).toEqual({ applied: false, score: 10, reachedAt: at });
    expect(await add('task:2', 5)).toEqual({ applied: true, score: 15, reachedAt: at });
    const again = await Promise.all(Array.from({ length: 5 }, () => add('task:3', 1)));
    expect(again.filter((a) => a.applied)).toHaveLength(1);
    expect(await rankOf(ctx.deps.db, board.id, u!)).toMatchObject({ rank: 1, score: 16 });
    // Different sources for the same entry at once: each adds to the score as the row was when locked.
    const each = await Promise.all(Array.from({ length: 6 }, (_, i) => add(`bonus:${i}`, 2)));
    expect(each.map((a) => a.score).sort((x, y) => x - y)).toEqual([18, 20, 22, 24, 26, 28]);
    await expectExactRanks(board.id);
    expect(await participantsOf(ctx.deps.db, board.id)).toBe(1);
    const contributions = await ctx.deps.db
      .select()
      .from(schema.leaderboardContributions)
      .where(eq(schema.leaderboardContributions.leaderboardId, board.id));
    expect(contributions.map((c) => [c.sourceKey, c.points]).sort()).toEqual([
      ['bonus:0', 2],
      ['bonus:1', 2],
      ['bonus:2', 2],
      ['bonus:3', 2],
      ['bonus:4', 2],
      ['bonus:5', 2],
      ['task:1', 10],
      ['task:2', 5],
      ['task:3', 1],
    ]);
  });

  it('refuses negative or fractional points and rolls nothing back half-done', async () => {
    const board = await newBoard(ctx.deps.db);
    const [u] = await newUsers(ctx.deps.db, 1);
    for (const points of [-1, 1.5])
      await expect(
        ctx.deps.db.transaction((tx) =>
          recordPoints(tx, {
            leaderboardId: board.id,
            userId: u!,
            sourceKey: 'x',
            label: 'x',
            points,
            at: ctx.now(),
          }),
        ),
      ).rejects.toThrow(RangeError);
    expect(await rankOf(ctx.deps.db, board.id, u!)).toBeNull();
  });

  it.runIf(kind === 'postgres')(
    'stays exact with 200 concurrent transactions (different users and the same user), without deadlock',
    async () => {
      const board = await newBoard(ctx.deps.db);
      const users = await newUsers(ctx.deps.db, 150);
      const base = ctx.now().getTime();
      const calls = Array.from({ length: 200 }, (_, i) => ({
        userId: i < 150 ? users[i]! : users[i % 5]!,
        sourceKey: `src:${i}`,
        points: (i * 7919) % 13,
        at: new Date(base + ((i * 104_729) % 4000)),
      }));
      const results = await Promise.allSettled(
        calls.map((c) =>
          ctx.deps.db.transaction(async (tx) => {
            await tx.execute(sql`select pg_sleep(0.001)`);
            return recordPoints(tx, { leaderboardId: board.id, label: c.sourceKey, ...c });
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
      const entries = await ctx.deps.db
        .select()
        .from(schema.leaderboardEntries)
        .where(eq(schema.leaderboardEntries.leaderboardId, board.id));
      const expectedScore = new Map<string, number>();
      for (const c of calls) expectedScore.set(c.userId, (expectedScore.get(c.userId) ?? 0) + c.points);
      expect(new Map(entries.map((e) => [e.userId, e.score]))).toEqual(expectedScore);
      const counts = await countsOf(ctx.deps.db, board.id);
      await ctx.deps.db.transaction((tx) => rebuildScoreCounts(tx, board.id));
      expect(await countsOf(ctx.deps.db, board.id)).toEqual(counts);
      expect(await participantsOf(ctx.deps.db, board.id)).toBe(150);
      await expectExactRanks(board.id);
    },
    60_000,
  );

  it('keeps at most one bucket row per level an entry occupies', async () => {
    const board = await newBoard(ctx.deps.db);
    const [u] = await newUsers(ctx.deps.db, 1);
    await ctx.deps.db.transaction((tx) =>
      recordPoints(tx, {
        leaderboardId: board.id,
        userId: u!,
        sourceKey: 'a',
        label: 'a',
        points: 3,
        at: ctx.now(),
      }),
    );
    const counts = await countsOf(ctx.deps.db, board.id);
    expect(counts.length).toBeLessThanOrEqual(BUCKET_LEVELS);
    expect(counts.every((c) => c.count === 1)).toBe(true);
  });

  it('creates boards with their fields', async () => {
    const slug = `b-${randomUUID()}`;
    const row = await ctx.deps.db.transaction((tx) =>
      createLeaderboard(tx, {
        slug,
        title: 'T',
        kind: 'campaign',
        campaignId: randomUUID(),
        startsAt: ctx.now(),
        endsAt: null,
        publishedAt: null,
      }),
    );
    expect(row).toMatchObject({ slug, title: 'T', kind: 'campaign', publishedAt: null });
    expect(await participantsOf(ctx.deps.db, row!.id)).toBe(0);
  });
});
