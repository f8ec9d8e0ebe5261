/**
 * The campaign list and the POG feeds at their demo size and at 100 × it (issue 23), on PostgreSQL, asserting
 * nothing. Each size is a throwaway database of its own (the lists are global):
 *
 * - campaigns: the demo has 5 campaigns and at most 9 entrants on one; "demo" here is 5 campaigns (4 live, 1
 *   upcoming) of 10 entrants each, "100 ×" 500 campaigns (400 live, 100 upcoming) of 1 000 entrants each (a third
 *   finished), written through the catalogue (`upsertCampaign`) and one INSERT … SELECT of entries;
 * - POG: no demo data; "demo" is the 200 minted cards `bench:pog` pages through, "100 ×" 20 000, with scores
 *   (1 % Legendary) and likes (half of them in the last 7 days) from INSERT … SELECT.
 *
 * Then VACUUM ANALYZE (the steady state autovacuum keeps). Rows: the in-process median ms of each read at both sizes, the two sizes taking turns in every round
 * (BENCH_SCALE_ROUNDS, 100), with large ÷ small (the goal: ≤ 1.5 ×); then EXPLAIN ANALYZE of each read's
 * statements at the large size; then requests/s from the separate load-generator process, every round measuring a
 * bare Hono `select 1` (the baseline) and each read at both sizes in turn.
 *
 *   pnpm --filter @khel/bench bench:scale-reads
 */
import { upsertCampaign } from '@khel/api/modules/campaigns/catalogue.ts';
import { campaignJson, TEST_ACTOR } from '@khel/api/modules/campaigns/lifecycle.test-support.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import { type SQL, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { listen, load } from './load.ts';
import { ADMIN_URL, median, medianMsPaired, positive, SECONDS } from './support.ts';

const ROUNDS = Math.round(positive('BENCH_SCALE_ROUNDS', 100));
const HTTP_ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
const HOUR = 3_600_000;
const FIXED = { variant: 'FIXED_SLOT_FIXED_REWARD', slots: 3, amount: '5000' } as const;

const READS = [
  ['campaign list', '/campaigns/by-state?status=LIVE&upcoming=true&limit=5'],
  ['POG list', '/pog/list'],
  ['POG feed all (hottest)', '/pog/feeds/all'],
  ['POG feed legendary', '/pog/feeds/legendary'],
] as const;

async function seeded(scale: number): Promise<TestContext> {
  const ctx = await createTestContext('postgres', ADMIN_URL);
  const db = ctx.deps.db;
  const now = ctx.now();
  const campaigns = 5 * scale;
  const entrants = 10 * scale;
  await db.transaction(async (tx) => {
    for (let i = 0; i < campaigns; i++) {
      const upcoming = i % 5 === 4;
      await upsertCampaign(
        tx,
        campaignJson(`bench-${i}`, now, FIXED, {
          startsAt: new Date(now.getTime() + (upcoming ? 1 + i : -1) * HOUR).toISOString(),
          endsAt: new Date(now.getTime() + (48 + i) * HOUR).toISOString(),
        }),
        TEST_ACTOR,
        { publish: true, now },
      );
    }
  });
  const cards = 200 * scale;
  const users = Math.max(entrants, cards);
  await db.execute(sql`insert into users (username, is_verified)
    select 'bench_' || g, true from generate_series(1, ${users}) g`);
  await db.execute(sql`
    insert into campaign_entries (campaign_id, user_id, status, started_at, finished_at)
    select c.id, u.id, case when u.n % 3 = 0 then 'FINISHED' else 'STARTED' end, ${now.toISOString()}::timestamptz,
      case when u.n % 3 = 0 then ${now.toISOString()}::timestamptz end
    from campaigns c
    cross join (select id, row_number() over (order by id) as n from users where username like 'bench\\_%'
      order by id limit ${entrants}) u`);
  await db.execute(sql`
    with u as (select id, row_number() over (order by id) as n from users where username like 'bench\\_%'
      order by id limit ${cards})
    insert into pog_cards (user_id, name, name_key, state, theme, chain, tx_hash, minted_at, likes)
    select id, 'bench' || n, 'bench' || n, 'Minted', 'Toon', 'evm', '0x' || md5(n::text),
      ${now.toISOString()}::timestamptz - (n || ' minutes')::interval, (n * 7919) % 50
    from u`);
  await db.execute(sql`
    insert into pog_scores (user_id, human, play, skill, commerce, social, total, variant)
    select c.user_id, 0, 0, 0, 0, 0, t.total,
      case when t.total >= 990 then 'Legendary' when t.total >= 900 then 'Epic' when t.total >= 600 then 'Rare'
        else 'Common' end
    from pog_cards c cross join lateral (select (c.serial * 7919) % 1000 as total) t`);
  // Likes: each card's `likes` of them, by distinct users, half of them in the last 7 days.
  await db.execute(sql`
    insert into pog_likes (card_id, user_id, created_at)
    select c.id, u.id, ${now.toISOString()}::timestamptz - ((u.n % 14) || ' days')::interval
    from pog_cards c
    join lateral (select id, row_number() over (order by id) as n from users
      where username like 'bench\\_%' order by id limit c.likes) u on true`);
  // The seeded likes bypass setLike: count their recent ones as the migration's backfill does (once the column exists).
  const [hot] = (await db.execute(sql`select count(*)::int as n from information_schema.columns
    where table_name = 'pog_cards' and column_name = 'recent_likes'`)) as unknown as { n: number }[];
  if (hot?.n)
    await db.execute(sql`update pog_cards c set recent_likes = r.n
      from (select card_id, count(*)::int as n from pog_likes where created_at > now() - interval '7 days' group by 1) r
      where r.card_id = c.id`);
  // The steady state autovacuum keeps (statistics, and the visibility map index-only scans rely on).
  await db.execute(sql`vacuum analyze`);
  return ctx;
}

async function explain(ctx: TestContext, label: string, statement: SQL) {
  const plan = (await ctx.deps.db.execute(
    sql`explain (analyze, buffers, costs off) ${statement}`,
  )) as unknown as Record<string, string>[] | { rows: Record<string, string>[] };
  console.log(`\nEXPLAIN ANALYZE at 100 ×, ${label}:`);
  for (const row of Array.isArray(plan) ? plan : plan.rows) console.log(`  ${row['QUERY PLAN']}`);
}

/** The statements each read runs (their SQL as the modules build it), captured from the driver's log. */
async function capture(ctx: TestContext, path: string): Promise<{ sql: string; params: unknown[] }[]> {
  const seen: { sql: string; params: unknown[] }[] = [];
  const db = ctx.deps.db as unknown as { session: { client: { options: { debug: unknown } } } };
  const options = db.session?.client?.options;
  if (!options) return seen;
  const before = options.debug;
  options.debug = (_conn: number, query: string, params: unknown[]) => seen.push({ sql: query, params });
  try {
    await ctx.app.request(path);
  } finally {
    options.debug = before;
  }
  return seen;
}

async function main() {
  let small: TestContext;
  const started = performance.now();
  try {
    small = await seeded(1);
  } catch (error) {
    console.log(
      `postgres: not reachable or setup failed (${(error as Error).message.split('\n')[0]}); skipped`,
    );
    return;
  }
  const large = await seeded(100);
  console.log(`setup ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const get = (ctx: TestContext, path: string) => async () => {
    const res = await ctx.app.request(path);
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };

  console.log(`\nmedian ms of ${ROUNDS} rounds in process (app.request), the sizes taking turns`);
  console.log(`${''.padEnd(26)}${'demo ms'.padStart(10)}${'100 × ms'.padStart(10)}  100 × ÷ demo`);
  for (const [label, path] of READS) {
    const [a, b] = (await medianMsPaired([get(small, path), get(large, path)], ROUNDS)) as [number, number];
    console.log(
      `${label.padEnd(26)}${a.toFixed(2).padStart(10)}${b.toFixed(2).padStart(10)}  ${(b / a).toFixed(2)} ×`,
    );
  }

  if (process.argv.includes('--explain'))
    for (const [label, path] of READS)
      for (const [i, statement] of (await capture(large, path)).entries()) {
        if (/^(begin|commit|select 1)/i.test(statement.sql)) continue;
        const query = statement.sql.replace(/\$(\d+)/g, (_m, n) => {
          const v = statement.params[Number(n) - 1];
          return v === null ? 'null' : `'${String(v).replace(/'/g, "''")}'`;
        });
        await explain(large, `${label}, statement ${i + 1}`, sql.raw(query));
      }

  const bare = new Hono().get('/select1', async (c) => {
    await large.deps.db.execute(sql`select 1`);
    return c.json({ success: true, status: 200, data: { ok: true }, message: 'ok' });
  });
  const servers = [await listen(bare.fetch), await listen(small.app.fetch), await listen(large.app.fetch)];
  try {
    console.log(
      `\nrequests/s from a separate load-generator process, c = 10, ${SECONDS} s a row, ${HTTP_ROUNDS} rounds (baseline first in each)`,
    );
    const sums = new Map<string, number[]>();
    for (let round = 0; round < HTTP_ROUNDS; round++) {
      const rows: [string, string][] = [['bare Hono GET select 1', `${servers[0]!.url}/select1`]];
      for (const [label, path] of READS)
        rows.push(
          [`${label}, demo`, `${servers[1]!.url}${path}`],
          [`${label}, 100 ×`, `${servers[2]!.url}${path}`],
        );
      let base = 0;
      for (const [label, url] of rows) {
        const r = await load(url, 10);
        if (!base) base = r.requestsPerSecond;
        sums.set(label, [...(sums.get(label) ?? []), r.requestsPerSecond / base]);
        console.log(
          `  round ${round + 1}  ${label.padEnd(34)} ${r.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${r.p50?.toFixed(1)} ms  errors ${r.errors}  ${(r.requestsPerSecond / base).toFixed(3)} × select 1`,
        );
      }
    }
    console.log('\nmedian of the rounds, × select 1 of the same round; 100 × ÷ demo');
    for (const [label] of READS) {
      const d = median(sums.get(`${label}, demo`)!);
      const l = median(sums.get(`${label}, 100 ×`)!);
      console.log(
        `  ${label.padEnd(26)} demo ${d.toFixed(3)} ×   100 × ${l.toFixed(3)} ×   100 × ÷ demo ${l > 0 ? `${(d / l).toFixed(2)} × the time` : 'no answer completed in a row at 100 ×'}`,
      );
    }
  } finally {
    for (const s of servers) s.close();
    await small.close();
    await large.close();
  }
}

await main();
process.exit(0);
