/**
 * Tables that grow (issue 23): what the hot reads and writes of `ledger_transfers` and one batch of the
 * outbox and analytics retention jobs cost on a small table and on a large one, printed as the ratio
 * large ÷ small measured in interleaved rounds (goal: near 1, i.e. the cost does not follow the table's
 * size), with the plan of each read on the large table. It prints figures; it asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:growth
 *
 * Two throwaway PostgreSQL databases (migrated copies, dropped at the end) are loaded with `SMALL` and
 * `BENCH_GROWTH_ROWS` (1 000 000) rows per table by INSERT … SELECT generate_series (the ledger's balance
 * trigger off while loading, on for the measured transfers). BENCH_DATABASE_URL / TEST_DATABASE_URL:
 * admin URL of the server; BENCH_GROWTH_ROUNDS (5) rounds of BENCH_GROWTH_REPEAT (200) runs each.
 */
import { analyticsPruneVictims, pruneAnalyticsEvents } from '@khel/api/modules/analytics/retention.ts';
import { outboxPruneVictims, pruneOutbox } from '@khel/api/modules/notifications/outbox-retention.ts';
import { createTestPostgresDatabase, type Database } from '@khel/db';
import { type SQL, sql } from 'drizzle-orm';
import { ADMIN_URL, positive } from './support.ts';

const SMALL = 10_000;
const LARGE = Math.round(positive('BENCH_GROWTH_ROWS', 1_000_000));
const ROUNDS = Math.round(positive('BENCH_GROWTH_ROUNDS', 5));
const REPEAT = Math.round(positive('BENCH_GROWTH_REPEAT', 200));
const USERS = 2_000;
const DAY_MS = 86_400_000;

const rowsOf = async <T>(db: Database, query: SQL) => {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
};

class RolledBack extends Error {}
/** Runs `work` in a transaction that is then rolled back, so the table is the same for the next run. */
async function rolledBack(db: Database, work: (tx: Database) => Promise<unknown>) {
  try {
    await db.transaction(async (tx) => {
      await work(tx as unknown as Database);
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
}

/** `rows` ledger transfers (treasury → one of USERS accounts), done outbox rows and client events. */
async function load(db: Database, rows: number) {
  await db.execute(sql`insert into users (id) select gen_random_uuid() from generate_series(1, ${USERS})`);
  await db.execute(sql`insert into ledger_accounts (owner_user_id, currency, kind)
    select id, 'KCASH', 'user_kcash_earned' from users`);
  await db.execute(sql`create table bench_accounts as
    select id, (row_number() over (order by id))::int as n from ledger_accounts where kind = 'user_kcash_earned'`);
  await db.execute(sql`alter table ledger_transfers disable trigger ledger_transfers_apply`);
  await db.execute(sql`insert into ledger_transfers (idempotency_key, batch_id, debit_account_id,
      credit_account_id, amount, currency, kind, debit_balance_after, credit_balance_after, created_at)
    select 'load:' || g, gen_random_uuid(), (select id from ledger_accounts where owner_user_id is null
        and kind = 'treasury' and currency = 'KCASH' order by id limit 1),
      a.id, 1, 'KCASH', 'dev_grant', 0, 0, now() - interval '1 second' * (${rows} - g)
    from generate_series(1, ${rows}) g join bench_accounts a on a.n = 1 + g % ${USERS}`);
  await db.execute(sql`alter table ledger_transfers enable trigger ledger_transfers_apply`);
  // Outbox rows sent over the last 60 days: those older than 14 days (three quarters) are past retention.
  await db.execute(sql`insert into outbox (kind, user_id, dedupe_key, status, available_at, sent_at, created_at)
    select 'quest_completed', u.id, 'load:' || g, 'sent', t, t, t
    from generate_series(1, ${rows}) g
    join (select id, (row_number() over (order by id))::int as n from users) u on u.n = 1 + g % ${USERS}
    cross join lateral (select now() - interval '60 days' * (1 - g::float8 / ${rows})) as at(t)`);
  // Client events over the last 120 days (the oldest quarter past a 90-day retention), and the rollup's
  // state as if it had just run.
  await db.execute(sql`insert into analytics_events (event_name, event_id, details, channel, occurred_at, received_at)
    select 'page_view', 'load:' || g, '{}'::jsonb, 'website', t, t
    from generate_series(1, ${rows}) g
    cross join lateral (select now() - interval '120 days' * (1 - g::float8 / ${rows})) as at(t)`);
  await db.execute(sql`insert into analytics_rollup_state (id, rolled_through, ingested_through, refreshed_at)
    values (1, now(), now(), now())`);
  await db.execute(sql`vacuum analyze ledger_transfers`);
  await db.execute(sql`vacuum analyze outbox`);
  await db.execute(sql`vacuum analyze analytics_events`);
}

interface Probe {
  name: string;
  /** The read whose plan is printed, if any. */
  plan?: SQL;
  run: (db: Database, i: number) => Promise<unknown>;
}

const treasury = sql`(select id from ledger_accounts where owner_user_id is null and kind = 'treasury'
  and currency = 'KCASH' order by id limit 1)`;
const historyPage = sql`select id, amount, kind, created_at from ledger_transfers
  where credit_account_id = (select id from bench_accounts where n = 42) order by id desc limit 21`;
const treasuryPage = sql`select id, amount, kind, created_at from ledger_transfers
  where debit_account_id = ${treasury} order by id desc limit 21`;
const replay = (i: number) =>
  sql`select * from ledger_transfers where idempotency_key = ${`load:${1 + (i % SMALL)}`}`;

const PROBES: Probe[] = [
  {
    name: 'ledger: replay lookup by idempotency key',
    plan: replay(7),
    run: (db, i) => db.execute(replay(i)),
  },
  {
    name: "ledger: a user's history page (21 lines)",
    plan: historyPage,
    run: (db) => db.execute(historyPage),
  },
  { name: "ledger: the treasury's history page", plan: treasuryPage, run: (db) => db.execute(treasuryPage) },
  {
    name: 'ledger: one transfer through the balance trigger',
    run: (db, i) =>
      rolledBack(db, (tx) =>
        tx.execute(sql`insert into ledger_transfers (idempotency_key, batch_id, debit_account_id,
            credit_account_id, amount, currency, kind, debit_balance_after, credit_balance_after)
          select ${`bench:${i}`}, gen_random_uuid(), d.id, c.id, 1, 'KCASH', 'dev_grant', d.balance - 1, c.balance + 1
          from ledger_accounts d, ledger_accounts c
          where d.id = ${treasury} and c.id = (select id from bench_accounts where n = 7)`),
      ),
  },
  {
    name: 'outbox retention: one batch of 1 000 (rolled back)',
    plan: sql`delete from outbox where id = any(array(${outboxPruneVictims(new Date(Date.now() - 14 * DAY_MS))(1_000)}))`,
    run: (db) =>
      rolledBack(db, (tx) => pruneOutbox(tx, new Date(Date.now() - 14 * DAY_MS), { maxBatches: 1 })),
  },
  {
    name: 'analytics retention: one batch of 5 000 (rolled back)',
    // The horizon the job computes here: 90 days before today's midnight.
    plan: sql`delete from analytics_events where id = any(array(${analyticsPruneVictims(
      new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - 90 * DAY_MS),
    )(5_000)}))`,
    run: (db) =>
      rolledBack(db, (tx) =>
        pruneAnalyticsEvents({ db: tx, clock: () => new Date() }, 90, { maxBatches: 1 }),
      ),
  },
];

async function timeProbe(db: Database, probe: Probe): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < REPEAT; i++) await probe.run(db, i);
  return (performance.now() - started) / REPEAT;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const small = await createTestPostgresDatabase(ADMIN_URL, { migrated: true });
  const large = await createTestPostgresDatabase(ADMIN_URL, { migrated: true });
  try {
    for (const [handle, rows] of [
      [small, SMALL],
      [large, LARGE],
    ] as const) {
      const started = performance.now();
      await load(handle.db, rows);
      const [size] = await rowsOf<{ size: string }>(
        handle.db,
        sql`select pg_size_pretty(pg_total_relation_size('ledger_transfers')) as size`,
      );
      console.log(
        `loaded ${rows.toLocaleString('en')} rows per table in ${((performance.now() - started) / 1000).toFixed(0)} s (ledger_transfers ${size!.size})`,
      );
    }
    // One run of each first (caches, plans), then interleaved rounds.
    for (const probe of PROBES) for (const h of [small, large]) await probe.run(h.db, 0);
    const times = new Map(PROBES.map((p) => [p.name, { small: [] as number[], large: [] as number[] }]));
    for (let round = 0; round < ROUNDS; round++)
      for (const probe of PROBES) {
        const t = times.get(probe.name)!;
        t.small.push(await timeProbe(small.db, probe));
        t.large.push(await timeProbe(large.db, probe));
      }
    console.log(
      `\nmedian ms per run (${ROUNDS} rounds of ${REPEAT}); ${SMALL.toLocaleString('en')} vs ${LARGE.toLocaleString('en')} rows`,
    );
    for (const probe of PROBES) {
      const t = times.get(probe.name)!;
      const [s, l] = [median(t.small), median(t.large)];
      console.log(
        `${probe.name.padEnd(56)} ${s.toFixed(3).padStart(8)} ${l.toFixed(3).padStart(8)}  ${(l / s).toFixed(2)} ×`,
      );
    }
    console.log(`\nplans on the ${LARGE.toLocaleString('en')}-row tables:`);
    for (const probe of PROBES) {
      if (!probe.plan) continue;
      let plan: Record<string, string>[] = [];
      await rolledBack(large.db, async (tx) => {
        plan = await rowsOf(tx, sql`explain (analyze, buffers, costs off, timing off) ${probe.plan}`);
      });
      console.log(`\n${probe.name}`);
      for (const line of plan.map((r) => Object.values(r)[0]!))
        if (/Scan|Buffers|Limit|Sort|Delete|Rows Removed/.test(line)) console.log(`  ${line.trim()}`);
    }
  } finally {
    await small.close();
    await large.close();
  }
}

await main();
