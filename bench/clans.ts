/**
 * Clans benchmark (issue 12): what clan search and the global clans board ("top 100 + my rank") cost with 1 000 and
 * with 100 000 clans on PostgreSQL, printed as ratios against baselines measured in the same run: `SELECT 1` on the
 * same client, a bare Hono app answering a constant envelope through `app.request()`, and the small database.
 *
 * Setup: two throwaway databases (one per size) on the server at BENCH_DATABASE_URL / TEST_DATABASE_URL (else
 * postgres://postgres@127.0.0.1:5432/postgres), dropped at the end. Each gets N bare chiefs and N clans in one
 * INSERT … SELECT (names "<colour> <animal> <n>", 16 × 16 word pairs, so a word matches 1/16 of the clans; scores
 * 30 000 · r², so many clans share a score; created over 90 days), each chief a member, and one signed-in reader
 * in the clan at the middle of the board (outside the top 100 on both). Then, the sizes taking turns within every
 * round so the shared machine's drifting load weighs on both alike, the median of BENCH_CLANS_ROUNDS (200) rounds:
 *
 * - `GET /platform-clans/search?q=wolves` (1/16 of the clans match; first page of 20) and `?q=<n>` (a few match);
 * - `GET /leaderboards/clan` as the reader (the top 100 and the reader's clan with its rank), and the service
 *   `globalClanBoard` alone.
 *
 * Last it times the score job (`recomputeClanScores`) on each size, first (every clan written: the loaded scores have
 * no activity behind them, so they all become 0) and again (nothing changed). It asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:clans
 */
import { globalClanBoard } from '@khel/api/modules/clans/boards.ts';
import { recomputeClanScores } from '@khel/api/modules/clans/score.ts';
import { createTestContext, signInitData, type TestContext } from '@khel/api/test-support';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { ADMIN_URL, positive } from './support.ts';

const SIZES = [1_000, 100_000];
const ROUNDS = Math.round(positive('BENCH_CLANS_ROUNDS', 200));
const DAY_S = 86_400;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timed<T>(label: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now();
  const out = await fn();
  console.log(`    ${label}: ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  return out;
}

interface Loaded {
  size: number;
  ctx: TestContext;
  readerId: string;
  headers: Record<string, string>;
  rareQuery: string;
}

async function load(size: number): Promise<Loaded> {
  const ctx = await createTestContext('postgres', ADMIN_URL);
  const { db } = ctx.deps;
  console.log(`${size.toLocaleString('en')} clans: setup`);
  await timed('chiefs, clans and members', () =>
    db.transaction(async (tx) => {
      // A throwaway database filled by construction: skip the foreign-key triggers while loading.
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`select setseed(0.42)`);
      await tx.execute(
        sql`insert into users (id) select ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid from generate_series(1, ${size}) n`,
      );
      const since = Math.floor(Date.now() / 1000) - 90 * DAY_S;
      await tx.execute(sql`
        insert into clans (id, name, city, country, chief_id, member_cap, member_count, score, tier, best_tier, created_at)
        select ('00000000-0000-4000-9000-' || lpad(to_hex(n), 12, '0'))::uuid,
          (array['Red','Blue','Green','Black','White','Gold','Silver','Iron','Storm','Shadow','Fire','Ice','Night','Sun','Stone','Wild'])[1 + n % 16]
            || ' ' || (array['Wolves','Tigers','Eagles','Cobras','Lions','Sharks','Hawks','Bears','Foxes','Ravens','Panthers','Dragons','Vipers','Falcons','Rhinos','Owls'])[1 + (n / 16) % 16]
            || ' ' || n,
          'Pune', 'IN', ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 50, 1, s.score,
          case when s.score >= 20000 then 'Diamond' when s.score >= 5000 then 'Gold' when s.score >= 1000 then 'Silver' else 'Bronze' end,
          'Bronze', to_timestamp(${since} + random() * ${90 * DAY_S})
        from generate_series(1, ${size}) n, lateral (select floor(30000 * power(random(), 2))::bigint + 0 * n as score) s`);
      await tx.execute(sql`
        insert into clan_members (user_id, clan_id, role, joined_at)
        select chief_id, id, 'Chief', created_at from clans`);
    }),
  );
  const signIn = await ctx.app.request('/authentication/telegram', {
    method: 'POST',
    headers: {
      authorization: `tma ${signInitData({ id: 920_000 + size, first_name: 'Bench' }, new Date())}`,
    },
  });
  const { data } = (await signIn.json()) as { data: { accessToken: string; user: { id: string } } };
  // The reader joins the clan in the middle of the board.
  const [middle] = (await rows(
    ctx,
    sql`select id from clans order by score desc, created_at, id offset ${Math.floor(size / 2)} limit 1`,
  )) as { id: string }[];
  await db.execute(
    sql`insert into clan_members (user_id, clan_id, role) values (${data.user.id}, ${middle!.id}, 'Member')`,
  );
  await db.execute(sql`update clans set member_count = member_count + 1 where id = ${middle!.id}`);
  // As autovacuum leaves a table in steady state (visibility map set, statistics current).
  await db.execute(sql`vacuum analyze`);
  return {
    size,
    ctx,
    readerId: data.user.id,
    headers: { authorization: `Bearer ${data.accessToken}` },
    rareQuery: String(Math.floor(size / 3)),
  };
}

async function rows(ctx: TestContext, query: ReturnType<typeof sql>): Promise<unknown[]> {
  const r = (await ctx.deps.db.execute(query)) as unknown;
  return Array.isArray(r) ? r : (r as { rows: unknown[] }).rows;
}

/** Median ms of each op over ROUNDS rounds after a warm-up; the ops take turns within every round. */
async function medianMsPaired(ops: (() => Promise<void>)[]): Promise<number[]> {
  for (let i = 0; i < 20; i++) for (const op of ops) await op();
  const ms = ops.map(() => [] as number[]);
  for (let i = 0; i < ROUNDS; i++)
    for (const [k, op] of ops.entries()) {
      const t0 = performance.now();
      await op();
      ms[k]!.push(performance.now() - t0);
    }
  return ms.map(median);
}

async function get(ctx: TestContext, path: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.request(path, { headers });
  if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function main() {
  let loaded: Loaded[];
  try {
    loaded = [];
    for (const size of SIZES) loaded.push(await load(size));
  } catch (error) {
    console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  try {
    const bare = new Hono().get('/echo', (c) =>
      c.json({ success: true, status: 200, data: { ok: true }, message: 'OK' }),
    );
    const search = await (async () => {
      const res = await loaded[0]!.ctx.app.request('/platform-clans/search?q=wolves');
      return res.status === 200;
    })();
    if (!search)
      console.log('GET /platform-clans/search is not mounted in this checkout: search rows skipped');

    // Baselines once per round (they do not depend on the size), each workload on every size; all take turns.
    const baselines: { name: string; run: () => Promise<void> }[] = [
      {
        name: 'SELECT 1 (same client)',
        run: async () => {
          await loaded.at(-1)!.ctx.deps.db.execute(sql`select 1`);
        },
      },
      {
        name: 'bare Hono GET, app.request()',
        run: async () => {
          await (await bare.request('/echo')).arrayBuffer();
        },
      },
    ];
    const workloads: { name: string; run: (l: Loaded) => () => Promise<void> }[] = [
      ...(search
        ? [
            {
              name: 'GET /platform-clans/search?q=wolves',
              run: (l: Loaded) => () => get(l.ctx, '/platform-clans/search?q=wolves'),
            },
            {
              name: 'GET /platform-clans/search?q=<n>',
              run: (l: Loaded) => () => get(l.ctx, `/platform-clans/search?q=${l.rareQuery}`),
            },
          ]
        : []),
      {
        name: 'GET /leaderboards/clan (top 100 + mine)',
        run: (l) => () => get(l.ctx, '/leaderboards/clan', l.headers),
      },
      {
        name: 'globalClanBoard() service',
        run: (l) => async () => {
          const board = await globalClanBoard(l.ctx.deps, l.readerId);
          if (!board.mine || board.top.length !== 100) throw new Error('unexpected board');
        },
      },
    ];
    const ms = await medianMsPaired([
      ...baselines.map((b) => b.run),
      ...workloads.flatMap((w) => loaded.map((l) => w.run(l))),
    ]);
    const [select1, bareMs] = ms as [number, number];
    const at = (w: number, size: number) => ms[baselines.length + w * loaded.length + size]!;
    const mine = await globalClanBoard(loaded.at(-1)!.ctx.deps, loaded.at(-1)!.readerId);
    console.log(
      `\npostgres: median of ${ROUNDS} rounds (every row and size takes its turn in each round); the reader's clan ranks ${mine.mine?.rank.toLocaleString('en')} of ${mine.total.toLocaleString('en')}`,
    );
    console.log(`  baselines: SELECT 1 ${select1.toFixed(2)} ms   bare Hono ${bareMs.toFixed(2)} ms`);
    const n = (size: number) => size.toLocaleString('en');
    for (const [k, w] of workloads.entries()) {
      const cells = loaded.map(
        (l, s) =>
          `${n(l.size)}: ${at(k, s).toFixed(2)} ms (${(at(k, s) / select1).toFixed(0)} × SELECT 1, ${(at(k, s) / bareMs).toFixed(0)} × bare Hono)`,
      );
      const ratio = at(k, loaded.length - 1) / at(k, 0);
      console.log(`  ${w.name}`);
      console.log(
        `    ${cells.join('   ')}   ratio ${n(SIZES.at(-1)!)} ÷ ${n(SIZES[0]!)}: ${ratio.toFixed(2)} ×`,
      );
    }
    // Last, as it rewrites the loaded scores from the (empty) activity records: every clan to 0.
    for (const l of loaded) {
      console.log(`score job on ${l.size.toLocaleString('en')} clans (every member recomputed, set-based)`);
      await timed('first run (every clan written)', () => recomputeClanScores(l.ctx.deps));
      await timed('again (nothing changed)', () => recomputeClanScores(l.ctx.deps));
    }
  } finally {
    for (const l of loaded) await l.ctx.close();
  }
}

await main();
