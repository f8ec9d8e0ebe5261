/**
 * Quest list benchmark (issue 23), on PostgreSQL, asserting nothing: what the first page of
 * `GET /quest/list/v2` (default filters: not concluded, with its total) costs with 20 published quests and with
 * BENCH_QUESTS_LARGE (10 000), each in a throwaway database of its own (the list is global): 20 a page (both
 * sizes fill it), and the default 100 a page (17 quests at the small size, 100 at the large).
 *
 * Setup per size: the quests in one INSERT … SELECT over generate_series: a third upcoming, a half live (one in
 * eight of those with no slot left: COMPLETED), the rest concluded; 5 % featured; ends spread over 30 days; no
 * tasks. Then ANALYZE. Rows:
 * - in process, median ms of `app.request('/quest/list/v2?limit=20')` and of the default page over
 *   BENCH_QUESTS_ROUNDS (200) rounds, the four taking turns, and the ratio large ÷ small (goal ≤ 2 ×);
 * - EXPLAIN ANALYZE at the large size of the list's statement before issue 23, of the page `listQuests` runs
 *   now, and of the total before and after it was capped at QUEST_LIST_TOTAL_CAP;
 * - requests/s over HTTP from a separate load-generator process (`load-generator.ts`) at c = 1 and 10, vs a
 *   bare Hono app answering `select 1` from the same pool.
 *
 *   pnpm --filter @khel/bench bench:quests
 */
import { createTestContext, type TestContext } from '@khel/api/test-support';
import { QUEST_LIST_TOTAL_CAP } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { listen, load } from './load.ts';
import { ADMIN_URL, positive, SECONDS } from './support.ts';

const SMALL = 20;
const LARGE = Math.round(positive('BENCH_QUESTS_LARGE', 10_000));
const ROUNDS = Math.round(positive('BENCH_QUESTS_ROUNDS', 200));
const HTTP_ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
const PATH = '/quest/list/v2';
/** The page size both sizes fill (the default, 100, is more quests than the small catalogue has). */
const PAGE = 20;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function seeded(size: number): Promise<TestContext> {
  const ctx = await createTestContext('postgres', ADMIN_URL);
  const now = ctx.now().toISOString();
  await ctx.deps.db.execute(sql`
    insert into quests (slug, title, description, starts_at, ends_at, total_slots, remaining_slots, featured,
      published_at, kind)
    select 'bench-quest-' || g, 'Bench quest ' || g, 'A quest of the bench.',
      case when g % 6 < 2 then ${now}::timestamptz + (1 + g % 7) * interval '1 day'
           else ${now}::timestamptz - (1 + g % 5) * interval '1 day' end,
      case when g % 6 = 5 then ${now}::timestamptz - interval '1 hour'
           else ${now}::timestamptz + (8 + g % 30) * interval '1 day' + g * interval '1 second' end,
      1000, case when g % 8 = 0 then 0 else 1000 end, g % 20 = 0, ${now}::timestamptz, 'quest'
    from generate_series(1, ${size}) g`);
  await ctx.deps.db.execute(sql`analyze`);
  return ctx;
}

async function main() {
  let small: TestContext;
  try {
    small = await seeded(SMALL);
  } catch (error) {
    console.log(
      `postgres: not reachable or setup failed (${(error as Error).message.split('\n')[0]}); skipped`,
    );
    return;
  }
  const large = await seeded(LARGE);
  const get = (ctx: TestContext, path: string) => async () => {
    const res = await ctx.app.request(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  // Same page size at both sizes (what grows with the catalogue), then the default page: 100 a page, so 100
  // quests at the large size against the 17 not concluded at the small one (what grows with the answer).
  const pages = [`${PATH}?limit=${PAGE}`, PATH];
  const ops = pages.flatMap((path) => [get(small, path), get(large, path)]);
  for (let i = 0; i < 10; i++) for (const op of ops) await op();
  const ms = ops.map(() => [] as number[]);
  for (let i = 0; i < ROUNDS; i++)
    for (const [k, op] of ops.entries()) {
      const t0 = performance.now();
      await op();
      ms[k]!.push(performance.now() - t0);
    }
  console.log(
    `GET ${PATH} (first page, default filters), median ms of ${ROUNDS} rounds, in process, taking turns`,
  );
  for (const [p, path] of pages.entries()) {
    const [a, b] = [median(ms[2 * p]!), median(ms[2 * p + 1]!)];
    console.log(
      `  ${path.padEnd(24)} ${SMALL} quests: ${a.toFixed(2)} ms   ${LARGE} quests: ${b.toFixed(2)} ms   large ÷ small ${(b / a).toFixed(2)} ×`,
    );
  }

  // The statements, at the large size: the list before issue 23 (window count, sort of every matching quest) and
  // the page and count listQuests runs now (for the default query: featured, then not; LIVE, PUBLISHED, COMPLETED).
  const now = large.now().toISOString();
  const at = sql`${now}::timestamptz`;
  const status = sql`case when q.starts_at > ${at} then 'PUBLISHED' when q.ends_at <= ${at}
    then 'CONCLUDED' when q.remaining_slots = 0 then 'COMPLETED' else 'LIVE' end`;
  const ranges = [
    sql`q.starts_at <= ${at} and q.ends_at > ${at} and q.remaining_slots is distinct from 0`,
    sql`q.starts_at > ${at} and q.ends_at > ${at}`,
    sql`q.starts_at <= ${at} and q.ends_at > ${at} and q.remaining_slots = 0`,
  ];
  const branches = [true, false].flatMap((featured, f) =>
    ranges.map(
      (range, r) => sql`(select q.id, ${f * 3 + r}::int as branch, q.ends_at, q.slug from quests q
        left join games g on g.id = q.game_id
        where q.published_at is not null and q.kind = 'quest' and q.featured = ${featured} and ${range}
        order by q.ends_at, q.slug limit ${PAGE})`,
    ),
  );
  const statements: [string, ReturnType<typeof sql>][] = [
    [
      'before issue 23: window count and sort of every matching quest',
      sql`select q.*, h.*, g.*, count(*) over () from quests q
        left join quest_hubs h on h.slug = q.hub_slug left join games g on g.id = q.game_id
        where q.published_at is not null and q.kind = 'quest' and ${status} in ('PUBLISHED', 'LIVE', 'COMPLETED')
        order by q.featured desc, case ${status} when 'LIVE' then 0 when 'PUBLISHED' then 1 when 'COMPLETED' then 2
          else 3 end, q.ends_at, q.slug
        limit ${PAGE}`,
    ],
    [
      'now: the page, one index range per (featured, status)',
      sql`select id from (${sql.join(branches, sql` union all `)}) page order by branch, ends_at, slug limit ${PAGE} offset 0`,
    ],
    [
      'before the cap: the total of every matching quest',
      sql`select count(*) from quests q left join games g on g.id = q.game_id
        where q.published_at is not null and q.kind = 'quest' and ((${sql.join(ranges, sql`) or (`)}))`,
    ],
    [
      `now: the total, counted up to QUEST_LIST_TOTAL_CAP (${QUEST_LIST_TOTAL_CAP}) + 1`,
      sql`select count(*) from (select 1 from quests q left join games g on g.id = q.game_id
        where q.published_at is not null and q.kind = 'quest' and ((${sql.join(ranges, sql`) or (`)}))
        limit ${QUEST_LIST_TOTAL_CAP + 1}) counted`,
    ],
  ];
  for (const [label, statement] of statements) {
    const plan = (await large.deps.db.execute(
      sql`explain (analyze, buffers, costs off) ${statement}`,
    )) as unknown as Record<string, string>[] | { rows: Record<string, string>[] };
    console.log(`\nEXPLAIN ANALYZE at ${LARGE} quests, ${label}:`);
    for (const row of Array.isArray(plan) ? plan : plan.rows) console.log(`  ${row['QUERY PLAN']}`);
  }

  const bare = new Hono().get('/select1', async (c) => {
    await large.deps.db.execute(sql`select 1`);
    return c.json({ success: true, status: 200, data: { ok: true }, message: 'ok' });
  });
  const servers = [await listen(bare.fetch), await listen(small.app.fetch), await listen(large.app.fetch)];
  console.log(
    `\nrequests/s from a separate load-generator process (autocannon), ${SECONDS} s a row, ${HTTP_ROUNDS} rounds, select 1 first in each`,
  );
  for (const connections of [1, 10])
    for (let round = 1; round <= HTTP_ROUNDS; round++) {
      let base = 0;
      for (const [label, url] of [
        ['bare Hono GET select 1 (baseline)', `${servers[0]!.url}/select1`],
        [`GET ${PATH}?limit=${PAGE}, ${SMALL} quests`, `${servers[1]!.url}${PATH}?limit=${PAGE}`],
        [`GET ${PATH}?limit=${PAGE}, ${LARGE} quests`, `${servers[2]!.url}${PATH}?limit=${PAGE}`],
      ] as const) {
        const r = await load(url, connections);
        if (!base) base = r.requestsPerSecond;
        console.log(
          `  round ${round}  ${label.padEnd(44)} c=${String(connections).padEnd(3)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50} ms  p99 ${r.p99} ms  errors ${r.errors}  ${(r.requestsPerSecond / base).toFixed(3)} × select 1`,
        );
      }
    }
  for (const s of servers) s.close();
  await small.close();
  await large.close();
}

await main();
