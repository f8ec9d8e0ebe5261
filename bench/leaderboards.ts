/**
 * Leaderboard benchmark (issue 11): what "top 100 + my rank" costs on a board of 10 000 entries and
 * on one of 1 000 000, printed as the ratio of the two measured in the same run (goal ≤ 5 ×; a rank
 * counted over the rows above would grow 100 ×), on PostgreSQL and then on PGlite. Two ways:
 *
 * - service: `topOf(board, 100)` then `rankOf(board, user)` for users spread over the board (top,
 *   middle, bottom, and scores shared by many), one after the other;
 * - HTTP: `GET /api/leaderboards/:id/participants` then `GET /api/leaderboards/:id/contribution` as a
 *   signed-in user placed in the middle of the board, through `app.request()`.
 *
 * Setup per database: 1 000 000 bare users (generate_series, ids in ascending order), then each board's entries in one
 * INSERT … SELECT (scores skewed low so that many users share a score: 0 … 19 999 as 20 000 · r², reached
 * over 30 days, plus 1 % of the board on one score within the same minute) and its bucket counts with
 * `rebuildScoreCounts` (foreign-key triggers off while loading). It prints medians; it asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:leaderboards        (--postgres-only / --pglite-only)
 *
 * BENCH_DATABASE_URL / TEST_DATABASE_URL: admin URL of the PostgreSQL server (a throwaway database);
 * BENCH_LEADERBOARD_ROUNDS (300) timed rounds per row.
 */
import { randomUUID } from 'node:crypto';
import {
  createLeaderboard,
  rankOf,
  rebuildScoreCounts,
  recordPoints,
  topOf,
} from '@khel/api/modules/leaderboards/leaderboards.ts';
import { createTestContext, type DbKind, signInitData, type TestContext } from '@khel/api/test-support';
import { sql } from 'drizzle-orm';
import { ADMIN_URL, positive } from './support.ts';

const SIZES = [10_000, 1_000_000];
const ROUNDS = Math.round(positive('BENCH_LEADERBOARD_ROUNDS', 300));
const KINDS: DbKind[] = process.argv.includes('--pglite-only')
  ? ['pglite']
  : process.argv.includes('--postgres-only')
    ? ['postgres']
    : ['postgres', 'pglite'];
const DAY_S = 86_400;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timed(label: string, fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  const s = (performance.now() - t0) / 1000;
  console.log(`    ${label}: ${s.toFixed(1)} s`);
  return s;
}

/**
 * Median ms of each op over ROUNDS rounds, after a warm-up; the ops take turns within every round, so
 * load that drifts during the run (the machine is shared) weighs on all of them alike.
 */
async function medianMsPaired(ops: ((i: number) => Promise<void>)[]): Promise<number[]> {
  for (let i = 0; i < 30; i++) for (const op of ops) await op(i);
  const ms = ops.map(() => [] as number[]);
  for (let i = 0; i < ROUNDS; i++)
    for (const [k, op] of ops.entries()) {
      const t0 = performance.now();
      await op(i);
      ms[k]!.push(performance.now() - t0);
    }
  return ms.map(median);
}

async function run(kind: DbKind) {
  let ctx: TestContext;
  try {
    ctx = await createTestContext(kind, ADMIN_URL);
  } catch (error) {
    console.log(`${kind}: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  try {
    const { app, deps } = ctx;
    const { db } = deps;
    console.log(`${kind}: setup`);
    const max = SIZES.at(-1)!;
    await timed(`${max.toLocaleString('en')} users`, () =>
      // Ids in ascending order (00000000-…-000000000001, …), so every index takes them at its end.
      db.execute(
        sql`insert into users (id) select lpad(to_hex(n), 32, '0')::uuid from generate_series(1, ${max}) n`,
      ),
    );
    const signIn = await app.request('/authentication/telegram', {
      method: 'POST',
      headers: { authorization: `tma ${signInitData({ id: 910_001, first_name: 'Bench' }, new Date())}` },
    });
    const { data } = (await signIn.json()) as { data: { accessToken: string; user: { id: string } } };
    const headers = { authorization: `Bearer ${data.accessToken}` };
    const boards: { size: number; boardId: string; probes: string[] }[] = [];
    for (const size of SIZES) {
      const board = await createLeaderboard(db, {
        slug: `bench-${randomUUID()}`,
        title: `Bench ${size}`,
        kind: 'campaign',
        campaignId: null,
        startsAt: new Date(Date.now() - 31 * DAY_S * 1000),
        endsAt: null,
        publishedAt: new Date(Date.now() - 31 * DAY_S * 1000),
      });
      const since = Math.floor(Date.now() / 1000) - 30 * DAY_S;
      await timed(`${size.toLocaleString('en')} entries`, () =>
        db.transaction(async (tx) => {
          // A throwaway database filled by construction: skip the foreign-key triggers while loading.
          await tx.execute(sql`set local session_replication_role = replica`);
          await tx.execute(sql`select setseed(0.42)`);
          // 99 %: scores 20 000 · r² (low scores shared by many), any second of 30 days; 1 %: score 7 777 within one minute.
          await tx.execute(sql`
            insert into leaderboard_entries (leaderboard_id, user_id, score, reached_at)
            select ${board.id}::uuid, u.id,
              case when u.n % 100 = 0 then 7777 else floor(20000 * power(random(), 2))::bigint end,
              case when u.n % 100 = 0 then to_timestamp(${since} + random() * 60)
                   else to_timestamp(${since} + random() * ${30 * DAY_S}) end
            from (select id, row_number() over (order by id) as n from users where id <> ${data.user.id}::uuid limit ${size}) u`);
        }),
      );
      await timed('bucket counts', () =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local session_replication_role = replica`);
          await rebuildScoreCounts(tx, board.id);
        }),
      );
      await db.transaction((tx) =>
        recordPoints(tx, {
          leaderboardId: board.id,
          userId: data.user.id,
          sourceKey: 'bench',
          label: 'Bench',
          points: 5000,
          at: new Date(),
        }),
      );
      await db.execute(sql`analyze leaderboard_entries`);
      await db.execute(sql`analyze leaderboard_score_counts`);
      // Users to rank: the first, some at scores shared by many, the middle, the last, the crowded 1 %.
      const probes = (
        await Promise.all(
          [19_999, 12_000, 5000, 7777, 800, 50, 1, 0].map((score) =>
            db.execute(
              sql`select user_id from leaderboard_entries where leaderboard_id = ${board.id}::uuid and score <= ${score}
                  order by score desc nulls last, reached_at, user_id limit 3`,
            ),
          ),
        )
      ).flatMap((r) =>
        ((Array.isArray(r) ? r : (r as { rows: unknown[] }).rows) as { user_id: string }[]).map(
          (x) => x.user_id,
        ),
      );
      const ranks = await Promise.all(probes.map((u) => rankOf(db, board.id, u)));
      console.log(
        `    probed ranks: ${ranks.map((r) => r?.rank.toLocaleString('en')).join(', ')} of ${(size + 1).toLocaleString('en')}`,
      );
      boards.push({ size, boardId: board.id, probes });
    }
    const service = await medianMsPaired(
      boards.map((b) => async (i: number) => {
        await topOf(db, b.boardId, 100);
        await rankOf(db, b.boardId, b.probes[i % b.probes.length]!);
      }),
    );
    const http = await medianMsPaired(
      boards.map((b) => async () => {
        for (const path of ['participants', 'contribution']) {
          const res = await app.request(`/leaderboards/${b.boardId}/${path}`, { headers });
          if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}`);
          await res.arrayBuffer();
        }
      }),
    );
    const figures = boards.map((b, k) => ({ size: b.size, service: service[k]!, http: http[k]! }));
    console.log(`${kind}: "top 100 + my rank", median of ${ROUNDS} rounds (the two boards take turns)`);
    for (const f of figures)
      console.log(
        `  ${f.size.toLocaleString('en').padStart(9)} entries: service ${f.service.toFixed(2)} ms   HTTP ${f.http.toFixed(2)} ms`,
      );
    const [small, large] = figures as [(typeof figures)[0], (typeof figures)[0]];
    console.log(
      `  ratio ${large.size.toLocaleString('en')} ÷ ${small.size.toLocaleString('en')}: service ${(large.service / small.service).toFixed(2)} ×   HTTP ${(large.http / small.http).toFixed(2)} ×   (goal ≤ 5 ×)`,
    );
  } finally {
    await ctx.close();
  }
}

for (const kind of KINDS) await run(kind);
