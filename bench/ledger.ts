/**
 * Economy benchmark (DESIGN §10): ledger transfers per second and K-Store purchase requests per
 * second, each printed as a ratio to baselines measured in the same run through the same client: a
 * bare `SELECT 1` round trip on the same pool, and a bare Hono app answering a JSON POST (in process
 * through `app.request()`, and over a real @hono/node-server socket). It prints figures; it is not a
 * test, asserts no time and exits 0 whatever it finds.
 *
 *   pnpm --filter @khel/bench bench:ledger                   # PostgreSQL only
 *   pnpm --filter @khel/bench bench:ledger --pglite          # then the same on in-memory PGlite
 *   pnpm --filter @khel/bench bench:ledger --system-only     # only the system-account section
 *
 * The system-account section: transfers from the treasury to distinct users and K-Cash spends of
 * distinct users into store revenue at 1 and 50 loops in interleaved rounds, the ratio of the two rates,
 * and the share of pg_stat_activity samples (taken back to back on a connection of their own during the
 * 50-loop rounds) in which a backend waited on a row lock: with distinct users and keys, the only rows
 * those transfers share are the system accounts'.
 *
 * BENCH_DATABASE_URL / TEST_DATABASE_URL: admin URL of the PostgreSQL server (a throwaway database is
 * created on it and dropped afterwards); BENCH_SECONDS (2), BENCH_WARMUP_SECONDS (0.5), BENCH_POOL (56).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from '@khel/api';
import { createDeps } from '@khel/api/deps';
import { loadEnv } from '@khel/api/env';
import { spendKcash, systemAccount, transfer, userAccount } from '@khel/api/ledger';
import { signInitData, TEST_BOT_TOKEN } from '@khel/api/test-support';
import {
  createDatabase,
  createTestPostgresDatabase,
  type Database,
  type DatabaseHandle,
  schema,
} from '@khel/db';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import {
  ADMIN_URL,
  type Figures,
  measure,
  positive,
  printTable,
  type Row,
  ratio,
  SECONDS,
  WARMUP_SECONDS,
} from './support.ts';

// ---------- settings ----------

const POOL = Math.round(positive('BENCH_POOL', 56));
const WITH_PGLITE = process.argv.includes('--pglite');
const SYSTEM_ONLY = process.argv.includes('--system-only');

/** The system-account section: 1 loop against SYSTEM_CONCURRENCY, in SYSTEM_ROUNDS interleaved rounds. */
const SYSTEM_CONCURRENCY = 50;
const SYSTEM_ROUNDS = 4;

const TRANSFER_CONCURRENCY = [1, 8, 32];
const HOT_CONCURRENCY = [8, 32];
const PAIR_CONCURRENCY = [8, 32];
const PURCHASE_CONCURRENCY = [1, 16];
const SELECT_ONE_CONCURRENCY = [...new Set([...TRANSFER_CONCURRENCY, ...PURCHASE_CONCURRENCY])].sort(
  (a, b) => a - b,
);
const MAX_CONCURRENCY = Math.max(...SELECT_ONE_CONCURRENCY, SYSTEM_CONCURRENCY);

/** Plenty for every transfer and purchase of a run (K-Cash has 3 decimals: 10^12 = 1 000 000 000 K-Cash). */
const FUNDING = 10n ** 12n;
const ITEM_PRICE = 1_500n;
const ITEM_STOCK = 100_000_000;

// ---------- the run on one database ----------

/** The bench's pool, and on PostgreSQL one more connection of its own for the lock sampler. */
type BenchDatabase = DatabaseHandle & { sampler?: Database };

async function openPostgres(): Promise<BenchDatabase | null> {
  const admin = new URL(ADMIN_URL);
  // Fail fast when nothing answers (postgres.js waits 30 s by default).
  if (!admin.searchParams.has('connect_timeout')) admin.searchParams.set('connect_timeout', '5');
  let owner: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  try {
    owner = await createTestPostgresDatabase(admin.toString());
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    const shown = new URL(ADMIN_URL);
    shown.password = shown.password ? '***' : '';
    console.log(
      `ledger bench skipped: PostgreSQL at ${shown.toString()} is not reachable (${why}); start it ` +
        '(e.g. `docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:17`) ' +
        'or point BENCH_DATABASE_URL at a server.',
    );
    return null;
  }
  try {
    await owner.migrate();
  } catch (err) {
    await owner.close();
    throw err;
  }
  // One pool for everything, sized so the highest concurrency gets a connection per loop.
  const pool = createDatabase({ kind: 'postgres', url: owner.url, max: POOL });
  const sampler = createDatabase({ kind: 'postgres', url: owner.url, max: 1 });
  return {
    ...pool,
    sampler: sampler.db,
    async close() {
      await sampler.close();
      await pool.close();
      await owner.close();
    },
  };
}

type Fetch = (path: string, init?: RequestInit) => Promise<Response>;

async function expectStatus(res: Response, status: number) {
  if (res.status !== status) throw new Error(`HTTP ${res.status}: ${(await res.text()).slice(0, 200)}`);
  // Read the body in full: the client pays for it in both the baseline and the workload.
  await res.arrayBuffer();
}

/** Rows of a raw query: postgres.js returns an array, PGlite an object with `rows`. */
async function rowsOf<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Samples pg_stat_activity back to back until stopped: how many samples, and in how many a backend of
 * this database waited on a row lock (`tuple`: queued for a row; `transactionid`: for its holder).
 */
function sampleRowLockWaits(db: Database) {
  let running = true;
  const counts = { samples: 0, withWaits: 0 };
  const loop = (async () => {
    while (running) {
      const [row] = await rowsOf<{ waiting: number }>(
        db,
        sql`select count(*)::int as waiting from pg_stat_activity
             where datname = current_database() and wait_event_type = 'Lock'
               and wait_event in ('tuple', 'transactionid')`,
      );
      counts.samples++;
      if ((row?.waiting ?? 0) > 0) counts.withWaits++;
    }
  })();
  return async () => {
    running = false;
    await loop;
    return counts;
  };
}

/** Mean of the rounds' figures (each round measured with the same timing). */
function meanFigures(rounds: Figures[]): Figures {
  const mean = (pick: (f: Figures) => number) => rounds.reduce((sum, f) => sum + pick(f), 0) / rounds.length;
  const firstError = rounds.find((f) => f.firstError)?.firstError;
  return {
    ops: rounds.reduce((sum, f) => sum + f.ops, 0),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
    ...(firstError ? { firstError } : {}),
    opsPerSecond: mean((f) => f.opsPerSecond),
    p50: mean((f) => f.p50),
    p95: mean((f) => f.p95),
    cpuMsPerOp: mean((f) => f.cpuMsPerOp),
  };
}

async function runOn(database: BenchDatabase, title: string): Promise<void> {
  const setupStarted = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'khel-bench-'));
  const servers: { close(): void }[] = [];
  try {
    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
      LOG_LEVEL: 'silent',
      SEED_DEMO_DATA: 'false',
    });
    const deps = await createDeps(env, database);
    const db: Database = deps.db;

    // The API as the server mounts it, and a bare Hono app doing the least a JSON POST can.
    const api = new Hono().route('/api', createApp(deps));
    const bare = new Hono().post('/api/echo', async (c) =>
      c.json({ success: true, status: 200, data: await c.req.json(), message: 'OK' }),
    );
    const listen = async (app: Hono): Promise<Fetch> => {
      const server = await new Promise<ReturnType<typeof serve>>((ready) => {
        const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => ready(s));
      });
      servers.push(server);
      const { port } = server.address() as AddressInfo;
      return (path, init) => fetch(`http://127.0.0.1:${port}${path}`, init);
    };
    const inProcess =
      (app: Hono): Fetch =>
      async (path, init) =>
        app.request(path, init);
    const transports: { name: string; api: Fetch; bare: Fetch }[] = [
      { name: 'app.request()', api: inProcess(api), bare: inProcess(bare) },
      { name: 'HTTP socket', api: await listen(api), bare: await listen(bare) },
    ];

    // Users signed in through the real Telegram Mini App route, each funded from the treasury.
    const userCount = 2 * MAX_CONCURRENCY;
    const users: { id: string; authorization: string }[] = [];
    for (let i = 0; i < userCount; i++) {
      const initData = signInitData({ id: 7_100_000_000 + i, first_name: `Bench ${i}` }, new Date());
      const res = await transports[0]!.api('/api/authentication/telegram', {
        method: 'POST',
        headers: { authorization: `tma ${initData}` },
      });
      const body = (await res.json()) as { data?: { accessToken: string; user: { id: string } } };
      if (res.status !== 200 || !body.data) throw new Error(`sign-in failed: HTTP ${res.status}`);
      users.push({ id: body.data.user.id, authorization: `Bearer ${body.data.accessToken}` });
    }
    let keyCounter = 0;
    const grant = (userId: string, amount: bigint) =>
      db.transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `bench:${keyCounter++}:${randomUUID()}`,
          debit: systemAccount('treasury'),
          credit: userAccount(userId, 'user_kcash_bought'),
          amount,
          currency: 'KCASH',
          kind: 'dev_grant',
        }),
      );
    for (const u of users) await grant(u.id, FUNDING);
    const [item] = await db
      .insert(schema.storeItems)
      .values({
        sku: `bench-${randomUUID()}`,
        name: 'Bench Voucher',
        category: 'voucher',
        priceKcash: ITEM_PRICE,
        priceRkhel: null,
        stock: ITEM_STOCK,
      })
      .returning();
    const purchaseBody = JSON.stringify({ itemId: item!.id, quantity: 1, currency: 'KCASH' });
    console.log(
      `\n${title}: setup ${((performance.now() - setupStarted) / 1000).toFixed(1)} s ` +
        `(${userCount} users signed in and funded), then ${WARMUP_SECONDS} s warm-up + ${SECONDS} s per row`,
    );

    const rows: Row[] = [];
    const selectOne = new Map<number, number>();
    const bareHono = new Map<string, number>();

    // Baselines.
    for (const c of SELECT_ONE_CONCURRENCY) {
      const figures = await measure(c, async () => {
        await db.execute(sql`select 1`);
      });
      selectOne.set(c, figures.opsPerSecond);
      rows.push({
        section: 'baselines',
        label: 'SELECT 1 (same client)',
        concurrency: c,
        figures,
        ratios: [],
      });
    }
    for (const t of transports) {
      for (const c of PURCHASE_CONCURRENCY) {
        const figures = await measure(c, async () => {
          const res = await t.bare('/api/echo', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: purchaseBody,
          });
          await expectStatus(res, 200);
        });
        bareHono.set(`${t.name}:${c}`, figures.opsPerSecond);
        rows.push({
          section: 'baselines',
          label: `bare Hono POST JSON, ${t.name}`,
          concurrency: c,
          figures,
          ratios: [],
        });
      }
    }

    // System accounts: 1 loop against SYSTEM_CONCURRENCY, interleaved, loop w as user w (no user row shared).
    let spendCounter = 0;
    const systemWorkloads: { label: string; op: (w: number) => Promise<void> }[] = [
      {
        label: `treasury → distinct users`,
        op: async (w) => {
          await grant(users[w]!.id, 1n);
        },
      },
      {
        label: 'distinct users → store_revenue (spendKcash)',
        op: async (w) => {
          await db.transaction((tx) =>
            spendKcash(tx, {
              idempotencyKey: `bench-spend:${spendCounter++}:${randomUUID()}`,
              userId: users[w]!.id,
              amount: 1n,
              credit: systemAccount('store_revenue'),
              kind: 'store_purchase',
            }),
          );
        },
      },
    ];
    const systemSummary: string[] = [];
    for (const { label, op } of systemWorkloads) {
      const timing = { seconds: SECONDS / SYSTEM_ROUNDS, warmupSeconds: WARMUP_SECONDS / SYSTEM_ROUNDS };
      const lone: Figures[] = [];
      const many: Figures[] = [];
      const waits = { samples: 0, withWaits: 0 };
      for (let round = 0; round < SYSTEM_ROUNDS; round++) {
        lone.push(await measure(1, op, timing));
        const stop = database.sampler ? sampleRowLockWaits(database.sampler) : null;
        many.push(await measure(SYSTEM_CONCURRENCY, op, timing));
        if (stop) {
          const counted = await stop();
          waits.samples += counted.samples;
          waits.withWaits += counted.withWaits;
        }
      }
      const one = meanFigures(lone);
      const fifty = meanFigures(many);
      const section = `system accounts (${SYSTEM_ROUNDS} interleaved rounds, transfer() / spendKcash() in a transaction)`;
      rows.push({ section, label, concurrency: 1, figures: one, ratios: [] });
      rows.push({
        section,
        label,
        concurrency: SYSTEM_CONCURRENCY,
        figures: fifty,
        ratios: [ratio(fifty.opsPerSecond, one.opsPerSecond, `c = 1`)],
      });
      const share = waits.samples > 0 ? `${((100 * waits.withWaits) / waits.samples).toFixed(1)} %` : 'n/a';
      systemSummary.push(
        `${label}: c = ${SYSTEM_CONCURRENCY} ÷ c = 1 = ${(fifty.opsPerSecond / one.opsPerSecond).toFixed(2)} ×; ` +
          `row-lock waits in ${share} of ${waits.samples} pg_stat_activity samples at c = ${SYSTEM_CONCURRENCY}`,
      );
    }
    if (SYSTEM_ONLY) {
      printTable(title, rows);
      for (const line of systemSummary) console.log(line);
      return;
    }

    // Ledger transfers, each in its own transaction.
    const transferRow = (label: string, c: number, figures: Figures): Row => ({
      section: 'ledger transfer() in its own transaction',
      label,
      concurrency: c,
      figures,
      ratios: [ratio(figures.opsPerSecond, selectOne.get(c), 'SELECT 1')],
    });
    for (const c of TRANSFER_CONCURRENCY) {
      let next = 0;
      const figures = await measure(c, async () => {
        await grant(users[next++ % users.length]!.id, 1n);
      });
      rows.push(transferRow(`treasury → ${users.length} users`, c, figures));
    }
    for (const c of HOT_CONCURRENCY) {
      const hot = users[0]!.id;
      const figures = await measure(c, async () => {
        await grant(hot, 1n);
      });
      rows.push(transferRow('treasury → 1 hot user', c, figures));
    }
    for (const c of PAIR_CONCURRENCY) {
      // Loop w moves K-Cash between users 2w and 2w+1 only: no account is shared between loops.
      const figures = await measure(c, async (w) => {
        await db.transaction((tx) =>
          transfer(tx, {
            idempotencyKey: `bench:${keyCounter++}:${randomUUID()}`,
            debit: userAccount(users[2 * w]!.id, 'user_kcash_bought'),
            credit: userAccount(users[2 * w + 1]!.id, 'user_kcash_bought'),
            amount: 1n,
            currency: 'KCASH',
            kind: 'dev_grant',
          }),
        );
      });
      rows.push(transferRow('user → user, disjoint pairs', c, figures));
    }

    // Purchases through the whole API: bearer check, Idempotency-Key claim, stock, ledger, order.
    for (const t of transports) {
      for (const c of PURCHASE_CONCURRENCY) {
        const figures = await measure(c, async (w) => {
          const res = await t.api('/api/k-store/purchase', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: users[w]!.authorization,
              'idempotency-key': randomUUID(),
            },
            body: purchaseBody,
          });
          await expectStatus(res, 201);
        });
        rows.push({
          section: 'POST /api/k-store/purchase (K-Cash, 1 item)',
          label: t.name,
          concurrency: c,
          figures,
          ratios: [
            ratio(figures.opsPerSecond, bareHono.get(`${t.name}:${c}`), 'bare Hono'),
            ratio(figures.opsPerSecond, selectOne.get(c), 'SELECT 1'),
          ],
        });
      }
    }

    printTable(title, rows);
    for (const line of systemSummary) console.log(line);
  } finally {
    for (const s of servers) s.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------- main ----------

const started = performance.now();
console.log(
  `ledger bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
    `pool ${POOL}, ${SECONDS} s per row after ${WARMUP_SECONDS} s warm-up ` +
    '(c = requests in flight; ratios against baselines of this run)',
);

const postgres = await openPostgres();
if (postgres) {
  try {
    await runOn(postgres, `PostgreSQL (${new URL(ADMIN_URL).host}, throwaway database)`);
  } finally {
    await postgres.close();
  }
}
if (WITH_PGLITE) {
  const pglite = createDatabase({ kind: 'pglite' });
  try {
    await runOn(pglite, 'PGlite (in memory, one connection)');
  } finally {
    await pglite.close();
  }
}
if (postgres || WITH_PGLITE)
  console.log(`\nledger bench done in ${((performance.now() - started) / 1000).toFixed(0)} s`);
