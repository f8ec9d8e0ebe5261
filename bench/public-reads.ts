/**
 * Public reads (issue 23): requests per second of the routes a visitor opens without signing in, as ratios
 * of a bare Hono `select 1` route, with the API's short-lived cache off (PUBLIC_CACHE=false) and on.
 *
 * Three kinds of process, none sharing a CPU-bound event loop with another:
 * - the API, as split mode runs it (`apps/api/src/main-api.ts` through tsx, NODE_ENV=development so the demo
 *   data is seeded) on a throwaway PostgreSQL database, started once with the cache off and once with it on;
 * - a bare Hono server answering `GET /api/select-1` with the envelope of a `select 1` on its own pool;
 * - a load generator per measurement (`load-generator.ts`, autocannon): BENCH_CONCURRENCY (16) keep-alive
 *   connections for BENCH_SECONDS (2) after BENCH_WARMUP_SECONDS (0.5), printing what it counted as JSON.
 * The servers are started by `server.ts` (a free port, wait for the ready path).
 * Each of BENCH_ROUNDS (2) rounds measures the bare route, then every public route, then the bare route
 * again; a route's ratio is its requests/s over the mean of the bare route's measurements of that phase.
 * It prints figures and asserts nothing.
 *
 * With BENCH_READ_REPLICA=true the two phases are instead reads on the primary and reads on a streaming replica
 * (DATABASE_READ_URL), both with the cache off, on a primary and standby the bench starts for itself (@khel/db
 * `startReplicatedPostgres`; as root, they run as user postgres).
 *
 *   pnpm --filter @khel/bench bench:public-reads
 *   BENCH_READ_REPLICA=true pnpm --filter @khel/bench bench:public-reads
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './load.ts';
import { startServer } from './server.ts';
import { ADMIN_URL, positive, SECONDS } from './support.ts';

const ROUNDS = Math.round(positive('BENCH_ROUNDS', 2));
const CONCURRENCY = Math.round(positive('BENCH_CONCURRENCY', 16));
const self = fileURLToPath(import.meta.url);

/** The public reads of the issue, with the demo data's names. */
const ROUTES = [
  '/api/quest/list/v2',
  '/api/quest/filter',
  '/api/game',
  '/api/campaigns/by-state',
  '/api/klash/tournaments?status=upcoming',
  '/api/leaderboards/centralized',
  '/api/leaderboards/clan',
  '/api/content?lang=hi',
  '/api/content/article/first-week-on-khel?lang=en',
];

// ---------- child mode ----------

async function bareServer() {
  const [{ serve }, { Hono }, { createDatabase }, { sql }] = await Promise.all([
    import('@hono/node-server'),
    import('hono'),
    import('@khel/db'),
    import('drizzle-orm'),
  ]);
  const db = createDatabase({ kind: 'postgres', url: process.env.DATABASE_URL!, max: 10 });
  const app = new Hono().get('/api/select-1', async (c) => {
    await db.db.execute(sql`select 1`);
    return c.json({ success: true, status: 200, data: { one: 1 }, message: 'OK' });
  });
  serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: '127.0.0.1' });
}

// ---------- the run ----------

const fmt = (n: number) => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));

async function measurePhase(label: string, apiBase: string, bareBase: string) {
  const bare: number[] = [];
  const perRoute = new Map<string, { rates: number[]; errors: number; firstError?: string }>();
  for (let round = 0; round < ROUNDS; round++) {
    bare.push((await load(`${bareBase}/api/select-1`, CONCURRENCY)).requestsPerSecond);
    for (const path of ROUTES) {
      const counted = await load(`${apiBase}${path}`, CONCURRENCY);
      const row = perRoute.get(path) ?? { rates: [], errors: 0 };
      row.rates.push(counted.requestsPerSecond);
      row.errors += counted.errors;
      row.firstError ??= counted.firstError;
      perRoute.set(path, row);
    }
    bare.push((await load(`${bareBase}/api/select-1`, CONCURRENCY)).requestsPerSecond);
  }
  const bareMean = bare.reduce((a, b) => a + b, 0) / bare.length;
  console.log(`\n-- ${label}`);
  console.log(
    `${'bare Hono select 1'.padEnd(52)} ${fmt(bareMean).padStart(8)} req/s  (${bare.map(fmt).join(', ')})`,
  );
  const ratios = new Map<string, number>();
  for (const [path, row] of perRoute) {
    const mean = row.rates.reduce((a, b) => a + b, 0) / row.rates.length;
    ratios.set(path, mean / bareMean);
    const errors = row.errors ? `  ${row.errors} errors (${row.firstError})` : '';
    console.log(
      `${`GET ${path}`.padEnd(52)} ${fmt(mean).padStart(8)} req/s  ${(mean / bareMean).toFixed(3)} × bare${errors}`,
    );
  }
  return ratios;
}

/** BENCH_READ_REPLICA=true: primary vs replica phases instead of cache off vs on. */
const REPLICA = process.env.BENCH_READ_REPLICA === 'true';

async function main() {
  const { createTestPostgresDatabase, startReplicatedPostgres } = await import('@khel/db');
  const pair = REPLICA ? await startReplicatedPostgres() : undefined;
  if (pair) console.log(`primary and standby started in ${pair.startMs} ms`);
  const admin = new URL(pair ? pair.primaryUrl() : ADMIN_URL);
  if (!admin.searchParams.has('connect_timeout')) admin.searchParams.set('connect_timeout', '5');
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  try {
    database = await createTestPostgresDatabase(admin.toString());
  } catch (err) {
    console.log(`public-reads bench skipped: PostgreSQL is not reachable (${(err as Error).message})`);
    await pair?.close();
    return;
  }
  const standbyUrl = pair?.standbyUrl(new URL(database.url).pathname.slice(1));
  const phases: { name: string; env: Record<string, string> }[] = REPLICA
    ? [
        { name: 'before: reads on the primary, PUBLIC_CACHE=false', env: { PUBLIC_CACHE: 'false' } },
        {
          name: 'after: reads on the replica (DATABASE_READ_URL), PUBLIC_CACHE=false',
          env: { PUBLIC_CACHE: 'false', DATABASE_READ_URL: standbyUrl! },
        },
      ]
    : [
        { name: 'before: PUBLIC_CACHE=false', env: { PUBLIC_CACHE: 'false' } },
        { name: 'after: PUBLIC_CACHE=true', env: { PUBLIC_CACHE: 'true' } },
      ];
  const work = mkdtempSync(join(tmpdir(), 'khel-public-reads-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    console.log(
      `public-reads bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
        `${CONCURRENCY} loops × ${SECONDS} s per row, ${ROUNDS} rounds, API and load generator in separate processes`,
    );
    const bare = await startServer({
      args: [self, '--bare-server'],
      env: { DATABASE_URL: database.url },
      ready: '/api/select-1',
    });
    stops.push(bare.stop);
    const results: Map<string, number>[] = [];
    for (const phase of phases) {
      const api = await startServer({
        args: ['apps/api/src/main-api.ts'],
        env: {
          NODE_ENV: 'development',
          DATABASE_URL: database.url,
          DATA_DIR: join(work, 'data'),
          LOG_LEVEL: 'warn',
          SERVE_FRONT_ENDS: 'false',
          SEED_DEMO_DATA: 'true',
          ...phase.env,
        },
        ready: '/api/health/ready',
      });
      try {
        results.push(await measurePhase(phase.name, api.base, bare.base));
      } finally {
        await api.stop();
      }
    }
    console.log(
      `\n-- ratio of bare Hono select 1: before → after${REPLICA ? ' (primary → replica)' : ' (goal ≥ 0.3 ×)'}`,
    );
    for (const path of ROUTES)
      console.log(
        `${`GET ${path}`.padEnd(52)} ${results[0]!.get(path)!.toFixed(3)} → ${results[1]!.get(path)!.toFixed(3)}`,
      );
  } finally {
    for (const stop of stops.reverse()) await stop();
    await database.close();
    await pair?.close();
    rmSync(work, { recursive: true, force: true });
  }
}

const mode = process.argv[2];
if (mode === '--bare-server') await bareServer();
else await main();
