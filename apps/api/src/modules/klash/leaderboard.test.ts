import type { KlashPrizesInput } from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { HOUR, klashGame, tournamentInput } from './klash.test-support.ts';
import { cancelTournament, openTournament, upsertTournament } from './klash.ts';
import { fullSortView } from './leaderboard.test-support.ts';
import { leaderboardView, recordScores } from './leaderboard.ts';
import { startTournament } from './lifecycle.ts';
import { rebuildScoreCounts } from './standings.ts';

const ACTOR = { operatorId: null, name: 'test' };

/** A small deterministic generator (mulberry32), so a failure names the seed that made it. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(DB_KINDS)('Klash leaderboard standings on %s', (kind) => {
  let ctx: TestContext;
  let game: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    game = await klashGame(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A live leaderboard of `size` solo entries (bare accounts); returns its row and the entries' captains. */
  async function liveBoard(size: number, prizes: KlashPrizesInput) {
    const now = ctx.now();
    const before = new Date(now.getTime() - 4 * HOUR);
    const input = tournamentInput(ctx, game, {
      format: 'leaderboard',
      capacity: size,
      registrationOpensAt: new Date(now.getTime() - 6 * HOUR).toISOString(),
      registrationClosesAt: new Date(now.getTime() - 3 * HOUR).toISOString(),
      startsAt: new Date(now.getTime() - 2 * HOUR).toISOString(),
      prizes,
    });
    return ctx.deps.db.transaction(async (tx) => {
      await upsertTournament(tx, input, ACTOR, before);
      const t = await openTournament(tx, input.slug, ACTOR, before);
      await tx.execute(sql`
        with players as (
          insert into users (username, is_verified)
          select ${input.slug} || '_' || g, true from generate_series(1, ${size}) g
          returning id, username
        )
        insert into klash_entries (tournament_id, captain_user_id, name, registered_at)
        select ${t.id}::uuid, id, username, ${before.toISOString()}::timestamptz from players`);
      await tx
        .update(schema.klashTournaments)
        .set({ registeredCount: size })
        .where(eq(schema.klashTournaments.id, t.id));
      await startTournament(tx, t.id, new Date(now.getTime() - 2 * HOUR));
      const entries = await tx
        .select({ id: schema.klashEntries.id, captain: schema.klashEntries.captainUserId })
        .from(schema.klashEntries)
        .where(eq(schema.klashEntries.tournamentId, t.id));
      return { id: t.id, slug: input.slug, entries };
    });
  }

  /** Rounds of random scores through the operator path (improvements, lower ones ignored, repeats). */
  async function score(
    board: Awaited<ReturnType<typeof liveBoard>>,
    next: () => number,
    draw: () => number,
    rounds: number,
  ) {
    for (let round = 0; round < rounds; round++) {
      const scores = board.entries.filter(() => next() < 0.6).map((e) => ({ entryId: e.id, score: draw() }));
      if (scores.length > 1) scores.push({ ...scores[0]!, score: draw() });
      await ctx.deps.db.transaction((tx) => recordScores(tx, board.slug, scores, ctx.now()));
      ctx.advance(1000 * Math.floor(1 + next() * 3));
    }
  }

  async function expectSameAsFullSort(board: Awaited<ReturnType<typeof liveBoard>>, next: () => number) {
    const { db } = ctx.deps;
    const pick = () => board.entries[Math.floor(next() * board.entries.length)]!.captain;
    const viewers = [null, pick(), pick(), pick(), pick(), '00000000-0000-4000-8000-000000000000'];
    for (const limit of [1, 10, 100])
      for (const viewer of viewers)
        expect(await leaderboardView(db, board.id, limit, viewer)).toEqual(
          await fullSortView(db, board.id, limit, viewer),
        );
  }

  const PERCENTILE: KlashPrizesInput = {
    kind: 'percentile',
    pool: '1000003',
    bands: [
      { fromPercent: 0, toPercent: 7, shareBasisPoints: 5001 },
      { fromPercent: 7, toPercent: 33, shareBasisPoints: 2999 },
      { fromPercent: 33, toPercent: 100, shareBasisPoints: 2000 },
    ],
  };
  const RANKS: KlashPrizesInput = {
    kind: 'rank',
    ranks: Array.from({ length: 30 }, (_, i) => ({ rank: i + 1, amount: String(1_000_003 - i * 7_919) })),
  };

  for (const [label, prizes] of [
    ['percentile bands', PERCENTILE],
    ['rank prizes', RANKS],
  ] as const)
    for (const [spread, max] of [
      ['few distinct scores (large ties)', 6],
      ['scores across every bucket level', 1_000_000_000],
    ] as const)
      it(`answers exactly what ranking the whole field answers: ${label}, ${spread}`, async () => {
        const seed = Math.floor(Math.random() * 2 ** 31);
        const next = random(seed);
        const board = await liveBoard(180 + Math.floor(next() * 60), prizes);
        const draw = () => (max < 10 ? Math.floor(next() * max) : Math.floor(next() ** 3 * max));
        await score(board, next, draw, 4);
        try {
          await expectSameAsFullSort(board, next);
          // A repair from the entries finds the counts the writes kept.
          const kept = await ctx.deps.db
            .select()
            .from(schema.klashScoreCounts)
            .where(sql`${schema.klashScoreCounts.tournamentId} = ${board.id} and count > 0`);
          await ctx.deps.db.transaction((tx) => rebuildScoreCounts(tx, board.id));
          const rebuilt = await ctx.deps.db
            .select()
            .from(schema.klashScoreCounts)
            .where(eq(schema.klashScoreCounts.tournamentId, board.id));
          const key = (r: { level: number; bucket: number }) => `${r.level}:${r.bucket}`;
          expect(new Map(kept.map((r) => [key(r), r.count]))).toEqual(
            new Map(rebuilt.map((r) => [key(r), r.count])),
          );
        } catch (error) {
          throw new Error(`seed ${seed}: ${(error as Error).message}`);
        }
      });

  it('shows no one on a cancelled board, and a board with no score yet is empty', async () => {
    const next = random(7);
    const board = await liveBoard(20, RANKS);
    const empty = await leaderboardView(ctx.deps.db, board.id, 100, board.entries[0]!.captain);
    expect(empty).toMatchObject({ total: 0, rows: [], me: null });
    await score(board, next, () => Math.floor(next() * 50), 2);
    expect((await leaderboardView(ctx.deps.db, board.id, 100, null)).total).toBeGreaterThan(0);
    await ctx.deps.db.transaction((tx) => cancelTournament(tx, board.slug, 'test', ACTOR, ctx.now()));
    const view = await leaderboardView(ctx.deps.db, board.id, 100, board.entries[0]!.captain);
    expect(view).toEqual(await fullSortView(ctx.deps.db, board.id, 100, board.entries[0]!.captain));
    expect(view).toMatchObject({ total: 0, rows: [], me: null });
  });
});
