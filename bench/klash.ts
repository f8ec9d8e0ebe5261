/**
 * Klash benchmark (issues 14 and 23), on PostgreSQL, asserting nothing.
 *
 * Setup: one throwaway database with the demo games, BENCH_KLASH_TOURNAMENTS (200) opened bracket tournaments
 * registering now, and two live leaderboards of BENCH_KLASH_SMALL (1 000) and BENCH_KLASH_LARGE (100 000) entries
 * (bare accounts and scored entries each loaded by one INSERT … SELECT: scores skewed low so many share one, a few
 * thousand distinct; then `rebuildScoreCounts`). The reader is the captain of the entry in the middle of the board.
 *
 * 1. "top 100 + my rank", in process, median ms over BENCH_KLASH_ROUNDS (200) rounds taking turns: the board's
 *    service (`leaderboardView`, score counts) and the same answer from the whole field (`fullSortView`: the SQL
 *    the board ran before issue 23: every scored entry read, ranked and split), at both sizes, with the ratio
 *    large ÷ small of each.
 * 2. Requests per second over HTTP from a separate load-generator process (`load-generator.ts`, autocannon),
 *    BENCH_SECONDS a row at 1 and 10 connections, BENCH_ROUNDS (2) rounds each measuring the baselines then the API:
 *    bare Hono answering `select 1` from the same pool, bare Hono calling `leaderboardView` itself (the same SQL),
 *    `GET /klash/tournaments?status=upcoming`, and the leaderboard (signed in) at both sizes; ratios to `select 1`
 *    and the overhead over the same SQL.
 *
 *   pnpm --filter @khel/bench bench:klash
 */
import { completeSignIn } from '@khel/api/modules/auth/sign-in.ts';
import { openTournament, upsertTournament } from '@khel/api/modules/klash/klash.ts';
import { fullSortView } from '@khel/api/modules/klash/leaderboard.test-support.ts';
import { leaderboardView } from '@khel/api/modules/klash/leaderboard.ts';
import { rebuildScoreCounts } from '@khel/api/modules/klash/standings.ts';
import { seedDemoQuests } from '@khel/api/modules/quests/catalogue.ts';
import { createTestContext } from '@khel/api/test-support';
import { schema } from '@khel/db';
import { asc, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { listen, load } from './load.ts';
import { ADMIN_URL, median, medianMsPaired, positive, SECONDS } from './support.ts';

const TOURNAMENTS = Math.round(positive('BENCH_KLASH_TOURNAMENTS', 200));
const SMALL = Math.round(positive('BENCH_KLASH_SMALL', 1_000));
const LARGE = Math.round(positive('BENCH_KLASH_LARGE', 100_000));
const ROUNDS = Math.round(positive('BENCH_KLASH_ROUNDS', 200));
const HTTP_ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
const HOUR = 3_600_000;
const ACTOR = { operatorId: null, name: 'bench' };

/** Median ms of each op; the ops take turns within every round, so a drifting load weighs on all alike. */
async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const value = await fn();
  console.log(`  ${label}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return value;
}

async function main() {
  let ctx: Awaited<ReturnType<typeof createTestContext>>;
  try {
    ctx = await createTestContext('postgres', ADMIN_URL);
  } catch (error) {
    console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  const { db } = ctx.deps;
  const now = ctx.now();
  const iso = (hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();
  const before = new Date(now.getTime() - 48 * HOUR);
  await seedDemoQuests(db, now);
  const base = {
    description: 'Bench tournament.',
    rules: '',
    coverUrl: null,
    gameSlug: 'bullie-racer',
    mode: 'solo' as const,
    teamSize: 1,
    matchMinutes: 60,
    entryFee: '0',
    endsAt: null,
  };
  console.log(`setup: ${TOURNAMENTS} tournaments, leaderboards of ${SMALL} and ${LARGE} entries`);
  await timed(`${TOURNAMENTS} bracket tournaments`, () =>
    db.transaction(async (tx) => {
      for (let i = 0; i < TOURNAMENTS; i++) {
        const slug = `bench-cup-${i}`;
        await upsertTournament(
          tx,
          {
            ...base,
            slug,
            title: `Bench Cup ${i}`,
            format: 'bracket',
            capacity: 64,
            registrationOpensAt: iso(-1),
            registrationClosesAt: iso(24 + i),
            startsAt: iso(25 + i),
            prizes: {
              kind: 'rank',
              ranks: [
                { rank: 1, amount: '1200000' },
                { rank: 2, amount: '800000' },
              ],
            },
          },
          ACTOR,
          now,
        );
        await openTournament(tx, slug, ACTOR, now);
      }
    }),
  );
  const boards: { size: number; id: string; viewer: string; token: string }[] = [];
  for (const size of [SMALL, LARGE]) {
    const slug = `bench-board-${size}`;
    const id = await timed(`board of ${size.toLocaleString('en')} (users, entries, counts)`, () =>
      db.transaction(async (tx) => {
        await upsertTournament(
          tx,
          {
            ...base,
            slug,
            title: `Bench Board ${size}`,
            format: 'leaderboard',
            capacity: size,
            registrationOpensAt: iso(-48),
            registrationClosesAt: iso(-6),
            startsAt: iso(-5),
            prizes: {
              kind: 'percentile',
              pool: '5000003',
              bands: [
                { fromPercent: 0, toPercent: 10, shareBasisPoints: 6000 },
                { fromPercent: 10, toPercent: 50, shareBasisPoints: 4000 },
              ],
            },
          },
          ACTOR,
          before,
        );
        const board = await openTournament(tx, slug, ACTOR, before);
        // Scores 0 … 4 999 skewed low (5 000 · r³), scored over the 5 hours the board has been live.
        await tx.execute(sql`
          with players as (
            insert into users (username, is_verified)
            select ${slug} || '_' || g, true from generate_series(1, ${size}) g
            returning id, username
          )
          insert into klash_entries (tournament_id, captain_user_id, name, registered_at, score, scored_at)
          select ${board.id}::uuid, id, username, ${iso(-10)}::timestamptz,
            floor(5000 * power(random(), 3))::bigint,
            ${iso(-5)}::timestamptz + random() * interval '5 hours'
          from players`);
        await tx
          .update(schema.klashTournaments)
          .set({ registeredCount: size, status: 'live', scoresUpdatedAt: now })
          .where(eq(schema.klashTournaments.id, board.id));
        await rebuildScoreCounts(tx, board.id);
        return board.id;
      }),
    );
    const e = schema.klashEntries;
    const [middle] = await db
      .select({ captain: e.captainUserId })
      .from(e)
      .where(eq(e.tournamentId, id))
      .orderBy(desc(e.score), asc(e.scoredAt), asc(e.id))
      .offset(Math.floor(size / 2))
      .limit(1);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, middle!.captain));
    const { accessToken } = await completeSignIn(ctx.deps, user!, false, 'website');
    boards.push({ size, id, viewer: user!.id, token: accessToken });
  }
  await db.execute(sql`analyze`);

  // 1. In process: "top 100 + my rank" by the counts, and by the whole field (the same SQL as before).
  console.log(`\n"top 100 + my rank", median ms of ${ROUNDS} rounds (in process, PostgreSQL)`);
  const [small, large] = boards as [(typeof boards)[0], (typeof boards)[0]];
  const [newSmall, newLarge] = await medianMsPaired(
    [
      () => leaderboardView(db, small.id, 100, small.viewer),
      () => leaderboardView(db, large.id, 100, large.viewer),
    ],
    ROUNDS,
  );
  // The whole-field answer with a reader asks for every entry's team members in one IN list: past 65 535
  // entries PostgreSQL refuses it (bind parameters), so it is timed without a reader, and tried once with one.
  let withReader = 'answers';
  try {
    await fullSortView(db, large.id, 100, large.viewer);
  } catch (error) {
    withReader =
      `fails: ${((error as Error).cause as Error | undefined)?.message ?? (error as Error).message}`.slice(
        0,
        90,
      );
  }
  const fullRounds = Math.max(5, Math.round(ROUNDS / 20));
  const [oldSmall, oldLarge] = await medianMsPaired(
    [() => fullSortView(db, small.id, 100, null), () => fullSortView(db, large.id, 100, null)],
    fullRounds,
  );
  const line = (label: string, a: number, b: number) =>
    console.log(
      `${label.padEnd(52)} ${a.toFixed(2).padStart(9)} ${b.toFixed(2).padStart(10)}  ${(b / a).toFixed(2).padStart(6)} ×`,
    );
  console.log(`${''.padEnd(52)} ${`${SMALL} ms`.padStart(9)} ${`${LARGE} ms`.padStart(10)}  large ÷ small`);
  line('score counts (leaderboardView, signed in)', newSmall!, newLarge!);
  line(`whole field (fullSortView, signed out; ${fullRounds} rounds)`, oldSmall!, oldLarge!);
  console.log(`whole field at ${LARGE} signed in: ${withReader}`);
  console.log(
    `counts vs whole field: ${(oldSmall! / newSmall!).toFixed(1)} × faster at ${SMALL}, ${(oldLarge! / newLarge!).toFixed(1)} × at ${LARGE}`,
  );

  // 2. Over HTTP from a separate load generator, against bare Hono answering `select 1` and bare Hono running the
  // same service (the same SQL, none of our middleware, token check or contract checks; the reader in a header).
  const bare = new Hono()
    .get('/select1', async (c) => {
      await db.execute(sql`select 1`);
      return c.json({ success: true, status: 200, data: { ok: true }, message: 'ok' });
    })
    .get('/same-sql/:id', async (c) =>
      c.json({
        success: true,
        status: 200,
        data: await leaderboardView(db, c.req.param('id'), 100, c.req.header('x-viewer') ?? null),
        message: 'ok',
      }),
    );
  const api = await listen(ctx.app.fetch);
  const baseline = await listen(bare.fetch);
  console.log(
    `\nrequests/s from a separate load-generator process (autocannon), ${SECONDS} s a row, ${HTTP_ROUNDS} rounds, ` +
      'each round measuring the baselines then the API (PostgreSQL, 2 shared cores)',
  );
  console.log(
    `${''.padEnd(52)} ${'c'.padStart(3)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)}  ratio`,
  );
  const perRound = new Map<string, number[]>();
  for (const connections of [1, 10])
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      const rows: [string, string, Record<string, string>][] = [
        ['bare Hono GET select 1 (baseline)', `${baseline.url}/select1`, {}],
        ...boards.map((b): [string, string, Record<string, string>] => [
          `same SQL: bare Hono leaderboardView, ${b.size} entries`,
          `${baseline.url}/same-sql/${b.id}`,
          { 'x-viewer': b.viewer },
        ]),
        ['GET /klash/tournaments?status=upcoming', `${api.url}/klash/tournaments?status=upcoming`, {}],
        ...boards.map((b): [string, string, Record<string, string>] => [
          `GET …/leaderboard, ${b.size} entries, signed in`,
          `${api.url}/klash/tournaments/${b.id}/leaderboard`,
          { authorization: `Bearer ${b.token}` },
        ]),
      ];
      const rates = new Map<string, number>();
      for (const [label, url, headers] of rows) {
        const r = await load(url, connections, headers);
        rates.set(label, r.requestsPerSecond);
        const base = rates.get(rows[0]![0])!;
        const board = boards.find((b) => label === `GET …/leaderboard, ${b.size} entries, signed in`);
        const same = board && rates.get(`same SQL: bare Hono leaderboardView, ${board.size} entries`);
        const overhead = same ? `; overhead ${(same / r.requestsPerSecond).toFixed(2)} × same SQL` : '';
        if (same)
          perRound.set(`${board!.size} c=${connections}`, [
            ...(perRound.get(`${board!.size} c=${connections}`) ?? []),
            same / r.requestsPerSecond,
          ]);
        console.log(
          `${label.padEnd(52)} ${String(connections).padStart(3)} ${r.requestsPerSecond.toFixed(0).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)}  ${(r.requestsPerSecond / base).toFixed(3)} × select 1${overhead}${r.firstError ? `  (${r.firstError})` : ''}`,
        );
      }
    }
  console.log(
    '\noverhead of the API over the same SQL (same-SQL req/s ÷ API req/s of the same round), median of rounds',
  );
  for (const [key, ratios] of perRound) console.log(`  leaderboard, ${key}: ${median(ratios).toFixed(2)} ×`);
  api.close();
  baseline.close();
  await ctx.close();
}

await main();
