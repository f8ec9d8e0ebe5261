/**
 * Start-up time and idle memory of the all-in-one server (issue 9: ≤ 1.5 s on an existing data
 * folder, ≤ 250 MB idle on PGlite; issue 23: ≤ 3× a bare Hono server opening the same driver), next
 * to bare Hono servers started the same way in the same run. Each start spawns a process, times it
 * from spawn to the first 200 from GET /api/health, waits BENCH_IDLE_SECONDS (5) and reads its
 * resident memory (VmRSS), then stops it. The rows are measured in interleaved rounds (each round
 * starts every row once), so a burst of load on the shared machine lands on all rows alike; each
 * figure is the median of BENCH_STARTS (3) rounds.
 *
 * Rows: the baselines — bare Hono; bare Hono that opens a PGlite folder and runs `select 1` before
 * listening; bare Hono that connects postgres.js and runs `select 1` — then the built server (what
 * `npm start` runs) on PGlite: an empty folder (first start: the cluster is created) and an
 * existing folder; the built server on an existing PostgreSQL database (DATABASE_URL, a throwaway
 * database on BENCH_DATABASE_URL's server; skipped if that server is not reachable); and the same
 * entry through tsx from the TypeScript sources (what `npm start` ran before issue 9). Each server
 * row's ratio is against the bare row, and against the baseline with its own driver.
 *
 * A start that fails or does not answer within BENCH_START_TIMEOUT_SECONDS (120) is counted as
 * failed and the run goes on; every finished start is printed as it lands, and the table is printed
 * with whatever was measured. Linux only (it reads /proc). It prints figures and asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:start-up
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPostgresDatabase, pgliteStartParams } from '@khel/db';
import { buildServer, serverEntry } from '../tooling/scripts/build-server.mjs';
import { root } from '../tooling/scripts/lib.mjs';
import { freePort, waitForReady } from './server.ts';
import { ADMIN_URL, positive } from './support.ts';

const STARTS = Math.round(positive('BENCH_STARTS', 3));
/** Which groups of rows run (comma-separated: pglite, postgres, tsx; the bare Hono row always runs). */
const GROUPS = new Set(
  (process.env.BENCH_START_ROWS ?? 'pglite,postgres,tsx').split(',').map((g) => g.trim()),
);
/** A folder for V8 CPU profiles of the built server's starts on PostgreSQL (`--cpu-prof`), when set. */
const PROFILE_DIR = process.env.BENCH_START_PROFILE;
const IDLE_SECONDS = positive('BENCH_IDLE_SECONDS', 5);
const TIMEOUT_MS = positive('BENCH_START_TIMEOUT_SECONDS', 120) * 1000;
/** The unmeasured first starts that make the existing folder and database (they create, migrate, seed). */
const PREPARE_TIMEOUT_MS = 10 * 60_000;

interface Start {
  ms: number;
  /** CPU time (user + system) the process had used when it first answered: steadier than wall time on a loaded machine. */
  cpuMs: number;
  rssMb: number;
}

/** User + system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function startOnce(
  args: string[],
  env: Record<string, string>,
  timeoutMs = TIMEOUT_MS,
): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const ms = await waitForReady(`http://127.0.0.1:${port}/api/health`, child, started, timeoutMs, 10);
    const cpuMs = cpuMsOf(child.pid!);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { ms, cpuMs, rssMb: rssMbOf(child.pid!) };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Row {
  label: string;
  /** The label of the baseline with the same driver, if any. */
  driverBaseline?: string;
  run: () => Promise<Start>;
  starts: Start[];
  failures: string[];
}

function printTable(rows: Row[]): void {
  const figures = (r: Row | undefined) =>
    r && r.starts.length > 0
      ? {
          ms: median(r.starts.map((s) => s.ms))!,
          cpu: median(r.starts.map((s) => s.cpuMs))!,
          rss: median(r.starts.map((s) => s.rssMb))!,
        }
      : undefined;
  const bare = figures(rows[0]);
  const ratio = (a: number, b: number | undefined) => (b ? (a / b).toFixed(1) : '–');
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(
    `\n${''.padEnd(width)}  start-up ms   × bare   × same driver   CPU ms   × same driver   idle RSS MB   × bare   starts`,
  );
  for (const r of rows) {
    const f = figures(r);
    const failed = r.failures.length > 0 ? `  (${r.failures.length} failed: ${r.failures[0]})` : '';
    if (!f) {
      console.log(`${r.label.padEnd(width)}  ${'–'.padStart(11)}${failed || '  (not measured)'}`);
      continue;
    }
    const driver = r.driverBaseline ? figures(rows.find((b) => b.label === r.driverBaseline)) : undefined;
    console.log(
      `${r.label.padEnd(width)}  ${f.ms.toFixed(0).padStart(11)}  ${ratio(f.ms, bare?.ms).padStart(7)}  ${(
        r.driverBaseline ? ratio(f.ms, driver?.ms) : ''
      ).padStart(14)}  ${String(f.cpu).padStart(7)}  ${(
        r.driverBaseline ? ratio(f.cpu, driver?.cpu) : ''
      ).padStart(14)}  ${f.rss.toFixed(0).padStart(12)}  ${ratio(f.rss, bare?.rss).padStart(7)}  ${String(
        r.starts.length,
      ).padStart(6)}${failed}`,
    );
  }
}

const work = mkdtempSync(join(tmpdir(), 'khel-start-up-'));
const rows: Row[] = [];
let pg: Awaited<ReturnType<typeof createTestPostgresDatabase>> | undefined;
try {
  console.log(
    `start-up bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}), median of ${STARTS} interleaved rounds, RSS after ${IDLE_SECONDS} s idle`,
  );
  const outDir = join(work, 'server');
  await buildServer({ quiet: true, outDir });
  // The drivers as @khel/db resolves them (the bench does not depend on them itself).
  const [pgliteUrl, postgresUrl] = JSON.parse(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "console.log(JSON.stringify([import.meta.resolve('@electric-sql/pglite'), import.meta.resolve('postgres')]))",
      ],
      { cwd: join(root, 'packages/db'), encoding: 'utf8' },
    ),
  ) as [string, string];
  const honoImports = `import { serve } from ${JSON.stringify(import.meta.resolve('@hono/node-server'))};
import { Hono } from ${JSON.stringify(import.meta.resolve('hono'))};
const app = new Hono().get('/api/health', (c) => c.json({ success: true, status: 200, data: { status: 'ok' }, message: 'OK' }));
`;
  const listen = `serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: process.env.HOST });\n`;
  const bare = join(work, 'bare-hono.mjs');
  writeFileSync(bare, honoImports + listen);
  // Opens the PGlite folder with the server's settings, as the server opens its own.
  const barePglite = join(work, 'bare-hono-pglite.mjs');
  writeFileSync(
    barePglite,
    `${honoImports}const { PGlite } = await import(${JSON.stringify(pgliteUrl)});
const pg = new PGlite({ dataDir: process.env.PGLITE_DIR, startParams: ${JSON.stringify(pgliteStartParams())} });
await pg.query('select 1');
${listen}`,
  );
  const barePostgres = join(work, 'bare-hono-postgres.mjs');
  writeFileSync(
    barePostgres,
    `${honoImports}const { default: postgres } = await import(${JSON.stringify(postgresUrl)});
const sql = postgres(process.env.DATABASE_URL, { max: 10, onnotice: () => {} });
await sql\`select 1\`;
${listen}`,
  );
  // As `npm start` runs it on a developer's machine (development keys kept in the data folder).
  const serverEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVE_FRONT_ENDS: 'false',
    ...extra,
  });
  const row = (label: string, run: () => Promise<Start>, driverBaseline?: string) =>
    rows.push({ label, run, starts: [], failures: [], ...(driverBaseline ? { driverBaseline } : {}) });

  const BARE = 'bare Hono (baseline)';
  const BARE_PGLITE = 'bare Hono + PGlite open, select 1';
  const BARE_POSTGRES = 'bare Hono + postgres.js, select 1';
  // The existing folder and database are made by a first start of the built server. A preparing start that fails
  // or is too slow drops the rows that need it, never the baselines.
  const existing = mkdtempSync(join(work, 'existing-'));
  let existingReady = GROUPS.has('pglite') || GROUPS.has('tsx');
  if (existingReady)
    try {
      await startOnce([serverEntry('all', outDir)], serverEnv(existing), PREPARE_TIMEOUT_MS);
    } catch (error) {
      existingReady = false;
      console.log(`existing PGlite folder not made (${(error as Error).message}): its rows are skipped`);
    }
  row(BARE, () => startOnce([bare], {}));
  if (GROUPS.has('pglite') && existingReady) {
    row(BARE_PGLITE, () => startOnce([barePglite], { PGLITE_DIR: join(existing, 'pglite') }));
    row(
      'built server, PGlite, empty data folder (first start)',
      () => startOnce([serverEntry('all', outDir)], serverEnv(mkdtempSync(join(work, 'data-')))),
      BARE_PGLITE,
    );
    row(
      'built server, PGlite, existing data folder (npm start)',
      () => startOnce([serverEntry('all', outDir)], serverEnv(existing)),
      BARE_PGLITE,
    );
  }
  const profiled = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  if (GROUPS.has('postgres'))
    try {
      pg = await createTestPostgresDatabase(ADMIN_URL, { max: 1 });
      const url = pg.url;
      const pgData = mkdtempSync(join(work, 'pg-data-'));
      await startOnce(
        [serverEntry('all', outDir)],
        serverEnv(pgData, { DATABASE_URL: url }),
        PREPARE_TIMEOUT_MS,
      );
      row(BARE_POSTGRES, () => startOnce([barePostgres], { DATABASE_URL: url }));
      row(
        'built server, PostgreSQL, existing database',
        () => startOnce([...profiled, serverEntry('all', outDir)], serverEnv(pgData, { DATABASE_URL: url })),
        BARE_POSTGRES,
      );
    } catch (error) {
      console.log(`PostgreSQL rows skipped: ${(error as Error).message}`);
    }
  if (GROUPS.has('tsx') && existingReady)
    row(
      'tsx from the sources, PGlite, existing data folder (before issue 9)',
      () => startOnce(['--import', 'tsx', 'apps/api/src/index.ts'], serverEnv(existing)),
      BARE_PGLITE,
    );

  for (let round = 1; round <= STARTS; round++) {
    for (const r of rows) {
      try {
        const s = await r.run();
        r.starts.push(s);
        console.log(
          `round ${round}: ${r.label}: ${s.ms.toFixed(0)} ms, ${s.cpuMs} ms CPU, ${s.rssMb.toFixed(0)} MB`,
        );
      } catch (error) {
        r.failures.push((error as Error).message);
        console.log(`round ${round}: ${r.label}: failed (${(error as Error).message})`);
      }
    }
  }
} catch (error) {
  console.log(`\nthe bench stopped early: ${(error as Error).stack ?? error}`);
  process.exitCode = 1;
} finally {
  if (rows.length > 0) printTable(rows);
  console.log(
    `\nload average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}; goals: start-up ≤ 1500 ms on an existing folder, idle RSS ≤ 250 MB on PGlite (issue 9); ` +
      'start-up on an existing database ≤ 3× the bare Hono server with the same driver (issue 23)',
  );
  await pg?.close().catch(() => {});
  rmSync(work, { recursive: true, force: true });
}
