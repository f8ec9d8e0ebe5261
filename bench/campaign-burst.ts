/**
 * A burst of finishers (issue 23): BENCH_BURST_FINISHERS (300) gamers send the last task of a fixed-slot
 * campaign with BENCH_BURST_SLOTS (30) slots at the same moment, on PostgreSQL; how long each waits for its
 * answer. Baseline in the same run: the same validation sent alone, five times, by gamers in the same state.
 *
 * The product runs as it does in production: BENCH_BURST_API_PROCESSES (1) API processes. One is the
 * all-in-one process (`src/index.ts`: API and job worker, front ends off); two or more (or
 * BENCH_BURST_SPLIT=true) is split mode: that many `src/main-api.ts` processes and one job worker
 * (`src/main-worker.ts`, what `pnpm start:worker` runs), each with its own connection pool, the load
 * generator sending to the API processes in turn (round-robin, as a load balancer without sticky sessions).
 *
 * This process prepares a throwaway database (campaign, entries, sessions: written directly, tokens from
 * the API's own sign-in), starts the product's processes and then a separate load generator
 * (`campaign-burst-load.mjs`: prebuilt HTTP/1.1 requests on sockets of their own, as wrk sends them) that
 * reports each answer's time and its own CPU. A warm-up burst of BENCH_BURST_WARMUP (as many as the burst)
 * other gamers on another campaign of the same shape comes first, as a launch-day burst reaches servers
 * that have answered for a while (0: a process just started, its JIT compiling during the burst). Prints
 * first / median / p95 / last answer of the burst as milliseconds and as multiples of the lone validation,
 * the validations answered per second, and how many of the burst were rewarded. It asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:campaign-burst
 *   BENCH_BURST_FINISHERS=1000 BENCH_BURST_SLOTS=100 BENCH_BURST_API_PROCESSES=2 pnpm --filter @khel/bench bench:campaign-burst
 *   BENCH_BURST_PROFILE=/tmp/prof pnpm --filter @khel/bench bench:campaign-burst   # + each process's CPU profile
 *   BENCH_BURST_WARMUP=0 pnpm --filter @khel/bench bench:campaign-burst             # a process just started
 */
import { spawn } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { completeSignIn } from '@khel/api/modules/auth/sign-in.ts';
import { liveCampaign } from '@khel/api/modules/campaigns/campaigns.test-support.ts';
import { createTestContext } from '@khel/api/test-support';
import { createTestPostgresDatabase, type Executor, schema } from '@khel/db';
import { type SQL, sql } from 'drizzle-orm';
import { buildServer, serverEntry } from '../tooling/scripts/build-server.mjs';
import { root } from '../tooling/scripts/lib.mjs';
import { ADMIN_URL, positive } from './support.ts';

const FINISHERS = Math.round(positive('BENCH_BURST_FINISHERS', 300));
const SLOTS = Math.round(positive('BENCH_BURST_SLOTS', 30));
const ALONE = 5;
// Gamers who finish another campaign of the same shape first, so the process has served before the burst, as a
// server that has been up for a while has: 0 measures a process that has just started (its JIT compiling during the
// burst).
const WARM_UP = Math.round(Number(process.env.BENCH_BURST_WARMUP ?? FINISHERS));
const API_PROCESSES = Math.round(positive('BENCH_BURST_API_PROCESSES', 1));
const SPLIT = API_PROCESSES > 1 || ['true', '1', 'yes'].includes(process.env.BENCH_BURST_SPLIT ?? '');
const here = dirname(fileURLToPath(import.meta.url));

interface Answer {
  status: number;
  ms: number;
}

function run(command: string, args: string[], env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux, 100 ticks a second); 0 elsewhere. */
function cpuMs(pid: number | undefined, thread?: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/${thread === undefined ? '' : `task/${thread}/`}stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The rows of a raw query (postgres.js answers an array). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** NODE_ENV=production with the signing key and OTP pepper the test context generated under DATA_DIR. */
function productionKeys(dataDir: string): Record<string, string> {
  const dev = JSON.parse(readFileSync(join(dataDir, 'keys', 'development-secrets.json'), 'utf8')) as {
    jwtPrivateJwk: unknown;
    otpPepper: string;
  };
  return {
    NODE_ENV: 'production',
    JWT_PRIVATE_JWK: JSON.stringify(dev.jwtPrivateJwk),
    OTP_PEPPER: dev.otpPepper,
    WALLET_MASTER_KEY: randomBytes(32).toString('base64'),
    PAYMENTS_WEBHOOK_SECRET: randomBytes(32).toString('base64url'),
    // Web Push's VAPID pair, required in production too.
    ...vapidKeys(),
    WEB_PUSH_SUBJECT: 'mailto:bench@khel.invalid',
  };
}

function vapidKeys(): Record<string, string> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    WEB_PUSH_VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'),
    WEB_PUSH_VAPID_PRIVATE_KEY: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** The statuses other than 200 and how many of each, e.g. " (429 × 2)". */
function statuses(answers: Answer[]): string {
  const counts = new Map<number, number>();
  for (const a of answers) if (a.status !== 200) counts.set(a.status, (counts.get(a.status) ?? 0) + 1);
  return counts.size === 0 ? '' : ` (${[...counts].map(([status, n]) => `${status} × ${n}`).join(', ')})`;
}

async function main() {
  let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
  try {
    database = await createTestPostgresDatabase(ADMIN_URL, { migrated: true, max: 10 });
  } catch (error) {
    console.log(`postgres: not reachable (${(error as Error).message.split('\n')[0]}); skipped`);
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'khel-burst-'));
  const ctx = await createTestContext('postgres', ADMIN_URL, { DATA_DIR: dataDir }, { database, dataDir });
  const db = ctx.deps.db;
  // Gamers who started a fixed-slot campaign and did its first task: the last one is what they send.
  const oneTaskLeft = async (gamers: number, slots: number) => {
    const c = await liveCampaign(ctx, { variant: 'FIXED_SLOT_FIXED_REWARD', slots, amount: '1000' });
    const now = ctx.now().toISOString();
    const users = await db
      .insert(schema.users)
      .values(Array.from({ length: gamers }, () => ({ isVerified: true })))
      .returning();
    const ids = sql.raw(`array['${users.map((u) => u.id).join("','")}']::uuid[]`);
    await db.execute(sql`insert into campaign_entries (campaign_id, user_id, status, points, started_at)
      select ${c.id}, u, 'STARTED', 10, ${now}::timestamptz from unnest(${ids}) as u`);
    await db.execute(sql`insert into user_quests (user_id, quest_id, started_at)
      select u, ${c.row.questId}, ${now}::timestamptz from unnest(${ids}) as u`);
    await db.execute(sql`insert into user_tasks (user_id, task_id, quest_id, status, attempts, verified_at)
      select u, ${c.taskIds[0]}, ${c.row.questId}, 'VERIFIED', 1, ${now}::timestamptz from unnest(${ids}) as u`);
    return { c, users };
  };
  const warm = WARM_UP > 0 ? await oneTaskLeft(WARM_UP, SLOTS) : undefined;
  const { c, users } = await oneTaskLeft(FINISHERS + ALONE, SLOTS);
  if (process.env.BENCH_BURST_LOG_SQL) {
    const name = new URL(database.url).pathname.slice(1);
    await db.execute(sql.raw(`alter database "${name}" set log_statement = 'all'`));
  }
  const tokensOf = async (of: (typeof users)[number][]) => {
    const tokens: string[] = [];
    for (let i = 0; i < of.length; i += 50)
      tokens.push(
        ...(await Promise.all(
          of
            .slice(i, i + 50)
            .map(async (u) => (await completeSignIn(ctx.deps, u, false, 'website')).accessToken),
        )),
      );
    return tokens;
  };
  const tokens = await tokensOf(users);
  const warmTokens = warm ? await tokensOf(warm.users) : [];

  // BENCH_BURST_PROFILE=<dir>: each process writes a V8 CPU profile there when it stops.
  const profile = process.env.BENCH_BURST_PROFILE;
  // The built server, as `npm start` runs it (BENCH_BURST_TSX=true: the TypeScript sources through tsx).
  const tsx = ['true', '1', 'yes'].includes(process.env.BENCH_BURST_TSX ?? '');
  const outDir = join(dataDir, 'server');
  if (!tsx) await buildServer({ quiet: true, outDir });
  const entryOf = (role: 'all' | 'api' | 'worker', source: string) =>
    tsx ? source : serverEntry(role, outDir);
  const args = [
    ...(profile ? ['--cpu-prof', '--cpu-prof-dir', profile] : []),
    ...(tsx ? ['--import', 'tsx'] : []),
  ];
  const firstPort = 39_000 + Math.floor(Math.random() * 400) * 4;
  const start = (entry: string, env: Record<string, string>) => {
    const child = spawn(process.execPath, [...args, entry], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        // As production runs: no answer checked against the contract, no dev routes; the keys the
        // tokens above were signed with.
        ...productionKeys(dataDir),
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        SEED_DEMO_DATA: 'false',
        SERVE_FRONT_ENDS: 'false',
        LOG_LEVEL: 'error',
        TRUST_PROXY: 'true',
        HOST: '127.0.0.1',
        ...(process.env.API_MAX_IN_FLIGHT ? { API_MAX_IN_FLIGHT: process.env.API_MAX_IN_FLIGHT } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    return { child, exited: new Promise((done) => child.once('exit', done)) };
  };
  const apiPorts = Array.from({ length: API_PROCESSES }, (_, i) => firstPort + i);
  const processes = SPLIT
    ? [
        ...apiPorts.map((port) => start(entryOf('api', 'apps/api/src/main-api.ts'), { PORT: String(port) })),
        start(entryOf('worker', 'apps/api/src/main-worker.ts'), {
          WORKER_HEALTH_PORT: String(firstPort + API_PROCESSES),
        }),
      ]
    : [start(entryOf('all', 'apps/api/src/index.ts'), { PORT: String(firstPort) })];
  const healthUrls = [
    ...apiPorts.map((port) => `http://127.0.0.1:${port}/api/health`),
    ...(SPLIT ? [`http://127.0.0.1:${firstPort + API_PROCESSES}/healthz`] : []),
  ];
  try {
    // Every process up (the worker too: its start-up is not part of the burst).
    for (const url of healthUrls)
      for (;;) {
        const gone = processes.find((p) => p.child.exitCode !== null);
        if (gone) throw new Error(`${gone.child.spawnargs.at(-1)} exited ${gone.child.exitCode} at start`);
        const ok = await fetch(url).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        await new Promise((r) => setTimeout(r, 50));
      }
    const base = (port: number) => `http://127.0.0.1:${port}/api`;
    const work = join(dataDir, 'burst.json');
    const bursts = (campaign: typeof c, alone: string[], burst: string[], from = 0) =>
      writeFileSync(
        work,
        JSON.stringify({
          urls: apiPorts.map((port) => `${base(port)}/campaigns/${campaign.id}/task/validate`),
          body: { taskId: campaign.taskIds[1], value: 'KDROP2' },
          alone,
          burst,
          from,
        }),
      );
    if (warm) {
      // The warm-up burst, then until the processes have finished what it started (their compilers run on
      // threads of their own after the answers): no CPU used over 200 ms.
      bursts(warm.c, [], warmTokens, 30_000);
      await run(process.execPath, [join(here, 'campaign-burst-load.mjs'), work], {});
      const apiCpu = () => processes.reduce<number>((sum, p) => sum + cpuMs(p.child.pid), 0);
      for (let last = apiCpu(), spins = 0; spins < 50; spins++) {
        await new Promise((r) => setTimeout(r, 200));
        const now = apiCpu();
        if (now - last <= 10) break;
        last = now;
      }
    }
    bursts(c, tokens.slice(0, ALONE), tokens.slice(ALONE));
    // CPU spent by the API processes and by the database's server processes (same machine) meanwhile.
    const backends = async () =>
      (
        await rowsOf<{ pid: number }>(
          db,
          sql`select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
      ).map((r) => Number(r.pid));
    const cpuOf = (pids: (number | undefined)[]) => new Map(pids.map((pid) => [pid, cpuMs(pid)]));
    const apiPids = processes.slice(0, SPLIT ? API_PROCESSES : 1).map((p) => p.child.pid);
    const apiBefore = cpuOf(apiPids);
    // The JavaScript (main) thread's part: the thread whose id is the process's.
    const mainCpu = () => apiPids.reduce<number>((sum, pid) => sum + cpuMs(pid, pid), 0);
    const mainBefore = mainCpu();
    const dbBefore = cpuOf(await backends());
    const out = await run(process.execPath, [join(here, 'campaign-burst-load.mjs'), work], {});
    const spent = (before: Map<number | undefined, number>, pids: (number | undefined)[]) =>
      pids.reduce<number>((sum, pid) => sum + cpuMs(pid) - (before.get(pid) ?? 0), 0);
    const apiCpu = spent(apiBefore, apiPids);
    const apiMainCpu = mainCpu() - mainBefore;
    const dbCpu = spent(dbBefore, await backends());
    const {
      alone,
      burst,
      cpuMs: loadCpu,
    } = JSON.parse(out) as { alone: Answer[]; burst: Answer[]; cpuMs: number };
    const [n] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from campaign_rewards where campaign_id = ${c.id}`,
    );
    const sorted = burst.map((a) => a.ms).sort((a, b) => a - b);
    const lone = alone.map((a) => a.ms).sort((a, b) => a - b)[Math.floor(ALONE / 2)]!;
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
    const row = (label: string, ms: number) =>
      console.log(
        `  ${label.padEnd(22)} ${ms.toFixed(0).padStart(7)} ms  = ${(ms / lone).toFixed(1).padStart(6)} × alone`,
      );
    const mode = SPLIT
      ? `split mode: ${API_PROCESSES} API process${API_PROCESSES > 1 ? 'es' : ''} + 1 worker`
      : 'one all-in-one process';
    console.log(
      `campaign burst: ${FINISHERS} finishers at once on ${SLOTS} slots, ${mode}, ` +
        `${WARM_UP > 0 ? `after a warm-up burst of ${WARM_UP}` : 'freshly started'}, on PostgreSQL ` +
        `(Node ${process.version}, ${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)})`,
    );
    console.log(`  validation alone (median of ${ALONE}) ${lone.toFixed(0).padStart(5)} ms`);
    row('first answer', sorted[0]!);
    row('median answer', at(0.5));
    row('p95 answer', at(0.95));
    row('last answer', sorted.at(-1)!);
    console.log(`  validations per second ${(burst.length / (sorted.at(-1)! / 1000)).toFixed(1)}`);
    const validations = FINISHERS + ALONE;
    console.log(
      `  CPU per validation     API ${(apiCpu / validations).toFixed(1)} ms (its JavaScript thread ${(apiMainCpu / validations).toFixed(1)}), PostgreSQL ${(dbCpu / validations).toFixed(1)} ms, the load generator ${(loadCpu / validations).toFixed(1)} ms`,
    );
    console.log(
      `  non-200 answers ${burst.filter((a) => a.status !== 200).length}${statuses(burst)}; rewarded ${n!.n} of ${SLOTS} slots`,
    );
  } finally {
    for (const p of processes) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
    await ctx.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
