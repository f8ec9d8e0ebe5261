/**
 * Operators' analytics benchmark (issue 14): what the analytics funnel costs with 100 000 and 1 000 000 stored
 * events (and 10 000 000 with BENCH_ANALYTICS_10M=1 or --10m), on PostgreSQL, printed as ratios against baselines
 * measured in the same run: `SELECT 1` on the same client and the same figure at the smallest size.
 *
 * Setup, per size, on a throwaway database at BENCH_DATABASE_URL / TEST_DATABASE_URL (else
 * postgres://postgres@127.0.0.1:5432/postgres), dropped after that size: N events made by one INSERT … SELECT over
 * generate_series, spread evenly over 30 days in arrival order (as a live table fills), 20 % session_start, 60 %
 * page_view, 15 % session_end and 5 % the API's own sign_up / first_quest_complete / first_earning_collect events,
 * users drawn from N / 20, channels, devices and locations mixed; then ANALYZE. Then it times:
 *
 * - the first rollup (`runAnalyticsRollup`: every day rebuilt), once;
 * - `GET /operator/analytics/funnel` for the 30 days through the API (operator token, the rollup read): the median of
 *   BENCH_ANALYTICS_ROUNDS (50) rounds; this is what an operator waits for;
 * - the same funnel counted straight from the raw events (what the rollup saves), median of 5;
 * - an incremental rollup run after 1 000 new events arrive for today (what the job does every minute), median of 5.
 *
 * It asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:analytics            # 100 000 and 1 000 000 events
 *   pnpm --filter @khel/bench bench:analytics -- --10m   # and 10 000 000 (several minutes on 2 cores)
 */
import { runAnalyticsRollup } from '@khel/api/modules/analytics/rollup.ts';
import { createOperator } from '@khel/api/modules/operators/operators.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import { sql } from 'drizzle-orm';
import { ADMIN_URL, positive } from './support.ts';

const WITH_10M = process.argv.includes('--10m') || process.env.BENCH_ANALYTICS_10M === '1';
const SIZES = WITH_10M ? [100_000, 1_000_000, 10_000_000] : [100_000, 1_000_000];
const ROUNDS = Math.round(positive('BENCH_ANALYTICS_ROUNDS', 50));
const DAY_MS = 86_400_000;
const SPAN_DAYS = 30;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};

async function timeMs(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function medianMs(rounds: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push(await timeMs(fn));
  return median(times);
}

interface Row {
  size: number;
  loadS: number;
  firstRollupMs: number;
  selectOneMs: number;
  apiFunnelMs: number;
  rawFunnelMs: number;
  incrementalMs: number;
}

/** N events ending now, spread over 30 days in arrival order. */
async function loadEvents(ctx: TestContext, size: number, end: Date) {
  const start = new Date(end.getTime() - SPAN_DAYS * DAY_MS).toISOString();
  const users = Math.max(1, Math.floor(size / 20));
  await ctx.deps.db.execute(sql`
    insert into analytics_events
      (event_name, event_id, details, occurred_at, received_at, user_id, analytic_session_id, channel, device, location, method)
    select
      e.name,
      'bench-' || g,
      '{}'::jsonb,
      e.at, e.at,
      case when e.server or g % 3 <> 0
        then ('00000000-0000-4000-8000-' || lpad(to_hex(g % ${users}), 12, '0'))::uuid end,
      's-' || (g / 5),
      case when e.server then 'server' when g % 4 = 0 then 'app' else 'website' end,
      case when e.server then null when g % 10 < 7 then 'Mobile' when g % 10 < 9 then 'DeskTop' else 'Others' end,
      case when g % 5 < 3 then 'India' when g % 5 = 3 then 'Brazil' else 'Others' end,
      case when e.name = 'sign_up' then (array['phone', 'telegram', 'google', 'whatsapp'])[1 + g % 4] end
    from generate_series(1, ${size}) as g,
    lateral (
      select
        ${start}::timestamptz + (g::float8 / ${size}) * interval '${sql.raw(String(SPAN_DAYS))} days' as at,
        case
          when g % 100 < 20 then 'session_start'
          when g % 100 < 80 then 'page_view'
          when g % 100 < 95 then 'session_end'
          when g % 100 < 98 then 'sign_up'
          when g % 100 < 99 then 'first_quest_complete'
          else 'first_earning_collect'
        end as name,
        g % 100 >= 95 as server
    ) as e`);
  await ctx.deps.db.execute(sql`analyze analytics_events`);
}

/** The 30-day funnel counted from the raw events, no rollup. */
const rawFunnel = (ctx: TestContext, from: Date, to: Date) =>
  ctx.deps.db.execute(sql`
    select
      count(*) filter (where event_name = 'session_start' and channel is distinct from 'server') as visits,
      count(*) filter (where event_name = 'sign_up' and channel = 'server') as sign_ups,
      count(*) filter (where event_name = 'first_quest_complete' and channel = 'server') as first_quests,
      count(*) filter (where event_name = 'first_earning_collect' and channel = 'server') as first_collects
    from analytics_events
    where occurred_at >= ${from.toISOString()}::timestamptz and occurred_at < ${to.toISOString()}::timestamptz`);

async function measure(size: number): Promise<Row> {
  const ctx = await createTestContext('postgres', ADMIN_URL);
  try {
    const now = ctx.now();
    const op = await createOperator(ctx.deps.db, 'bench');
    const headers = { authorization: `Operator ${op.token}` };
    console.log(`${size.toLocaleString('en')} events: loading`);
    const loadS = (await timeMs(() => loadEvents(ctx, size, now))) / 1000;
    console.log(`  loaded in ${loadS.toFixed(1)} s`);
    const firstRollupMs = await timeMs(() => runAnalyticsRollup(ctx.deps));
    const to = now.toISOString().slice(0, 10);
    const from = new Date(now.getTime() - (SPAN_DAYS - 1) * DAY_MS).toISOString().slice(0, 10);
    const path = `/operator/analytics/funnel?from=${from}&to=${to}`;
    const check = await ctx.app.request(path, { headers });
    if (check.status !== 200) throw new Error(`funnel answered ${check.status}`);
    const answer = (await check.json()) as { data: { steps: { step: string; count: number }[] } };
    console.log(`  funnel: ${answer.data.steps.map((s) => `${s.step} ${s.count}`).join(', ')}`);

    const selectOneMs = await medianMs(ROUNDS, () => ctx.deps.db.execute(sql`select 1`));
    const apiFunnelMs = await medianMs(ROUNDS, async () => {
      await (await ctx.app.request(path, { headers })).arrayBuffer();
    });
    const rawFrom = new Date(Date.parse(`${from}T00:00:00Z`));
    const rawTo = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
    const rawFunnelMs = await medianMs(5, () => rawFunnel(ctx, rawFrom, rawTo));
    let batch = 0;
    const incrementalMs = await medianMs(5, async () => {
      batch++;
      ctx.advance(61_000);
      const at = ctx.now().toISOString();
      await ctx.deps.db.execute(sql`
        insert into analytics_events (event_name, event_id, details, occurred_at, received_at, channel)
        select 'page_view', ${`new-${batch}-`} || g, '{}'::jsonb, ${at}::timestamptz, ${at}::timestamptz, 'website'
        from generate_series(1, 1000) g`);
      await runAnalyticsRollup(ctx.deps);
    });
    return { size, loadS, firstRollupMs, selectOneMs, apiFunnelMs, rawFunnelMs, incrementalMs };
  } finally {
    await ctx.close();
  }
}

const ms = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ms`;
const x = (v: number) => `${v.toFixed(v < 10 ? 2 : 0)} ×`;

async function main() {
  const rows: Row[] = [];
  try {
    for (const size of SIZES) rows.push(await measure(size));
  } catch (error) {
    if (rows.length === 0 && /ECONNREFUSED|connect/i.test((error as Error).message)) {
      console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
      return;
    }
    throw error;
  }
  const base = rows[0]!;
  console.log('\nGET /operator/analytics/funnel (30 days, from the rollup), median of', ROUNDS);
  for (const r of rows)
    console.log(
      `  ${r.size.toLocaleString('en').padStart(10)} events: ${ms(r.apiFunnelMs).padStart(9)}` +
        ` = ${x(r.apiFunnelMs / r.selectOneMs)} SELECT 1 (${ms(r.selectOneMs)})` +
        ` = ${x(r.apiFunnelMs / base.apiFunnelMs)} the ${base.size.toLocaleString('en')}-event figure`,
    );
  console.log('\nThe same funnel counted from the raw events (no rollup), median of 5');
  for (const r of rows)
    console.log(
      `  ${r.size.toLocaleString('en').padStart(10)} events: ${ms(r.rawFunnelMs).padStart(9)}` +
        ` = ${x(r.rawFunnelMs / r.apiFunnelMs)} the rollup read` +
        ` = ${x(r.rawFunnelMs / base.rawFunnelMs)} the ${base.size.toLocaleString('en')}-event figure`,
    );
  console.log(
    '\nRollup job: first run (every day) and an incremental run after 1 000 new events (median of 5)',
  );
  for (const r of rows)
    console.log(
      `  ${r.size.toLocaleString('en').padStart(10)} events: first ${ms(r.firstRollupMs)},` +
        ` incremental ${ms(r.incrementalMs)} = ${x(r.incrementalMs / base.incrementalMs)} the ${base.size.toLocaleString('en')}-event figure` +
        ` (load ${r.loadS.toFixed(1)} s)`,
    );
}

await main();
process.exit(0);
