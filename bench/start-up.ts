/**
 * Start-up time and idle memory of the all-in-one server (issue 9: ≤ 1.5 s on an existing data
 * folder, ≤ 250 MB idle on PGlite), next to a bare Hono server started the same way in the same run.
 * Each row starts a process, times it from spawn to the first 200 from GET /api/health, waits
 * BENCH_IDLE_SECONDS (5) and reads its resident memory (VmRSS), then stops it; median of
 * BENCH_STARTS (3) starts.
 *
 * Rows: the bare Hono baseline; the built server (what `npm start` runs) on an empty folder (first
 * start: the cluster is created) and on that existing folder; and the same entry through tsx from
 * the TypeScript sources (what `npm start` ran before). PGlite only: the PostgreSQL mode opens no
 * embedded database. Linux only (it reads /proc). It prints figures and asserts nothing.
 *
 *   pnpm --filter @khel/bench bench:start-up
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, serverEntry } from '../tooling/scripts/build-server.mjs';
import { root } from '../tooling/scripts/lib.mjs';
import { positive } from './support.ts';

const STARTS = Math.round(positive('BENCH_STARTS', 3));
const IDLE_SECONDS = positive('BENCH_IDLE_SECONDS', 5);
let nextPort = 39_400;

interface Start {
  ms: number;
  rssMb: number;
}

function rssMbOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

async function waitForHealth(port: number, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process exited (${child.exitCode}) before answering`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - started > 60_000) throw new Error('no answer within 60 s');
  }
}

async function startOnce(args: string[], env: Record<string, string>): Promise<Start> {
  const port = nextPort++;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((done) => child.once('exit', done));
  try {
    const ms = await waitForHealth(port, child, started);
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    return { ms, rssMb: rssMbOf(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const work = mkdtempSync(join(tmpdir(), 'khel-start-up-'));
try {
  console.log(
    `start-up bench: Node ${process.version}, ${availableParallelism()} CPUs (load average ${loadavg()[0]!.toFixed(1)}), ` +
      `median of ${STARTS} starts, RSS after ${IDLE_SECONDS} s idle`,
  );
  const outDir = join(work, 'server');
  await buildServer({ quiet: true, outDir });
  const bare = join(work, 'bare-hono.mjs');
  // Resolved from the repo, where the bench's own dependencies live.
  writeFileSync(
    bare,
    `import { serve } from ${JSON.stringify(import.meta.resolve('@hono/node-server'))};
import { Hono } from ${JSON.stringify(import.meta.resolve('hono'))};
const app = new Hono().get('/api/health', (c) => c.json({ success: true, status: 200, data: { status: 'ok' }, message: 'OK' }));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: process.env.HOST });
`,
  );
  // As `npm start` runs it on a developer's machine (development keys kept in the data folder).
  const serverEnv = (dataDir: string) => ({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVE_FRONT_ENDS: 'false',
  });
  const rows: { label: string; starts: Start[] }[] = [];
  const measureRow = async (label: string, run: () => Promise<Start>) => {
    const starts: Start[] = [];
    for (let i = 0; i < STARTS; i++) starts.push(await run());
    rows.push({ label, starts });
  };

  await measureRow('bare Hono (baseline)', () => startOnce([bare], {}));
  await measureRow('built server, empty data folder (first start)', () => {
    const dataDir = mkdtempSync(join(work, 'data-'));
    return startOnce([serverEntry('all', outDir)], serverEnv(dataDir));
  });
  const existing = mkdtempSync(join(work, 'existing-'));
  await startOnce([serverEntry('all', outDir)], serverEnv(existing));
  await measureRow('built server, existing data folder (npm start)', () =>
    startOnce([serverEntry('all', outDir)], serverEnv(existing)),
  );
  await measureRow('tsx from the sources, existing data folder (before)', () =>
    startOnce(['--import', 'tsx', 'apps/api/src/index.ts'], serverEnv(existing)),
  );

  const base = rows[0]!;
  const baseMs = median(base.starts.map((s) => s.ms));
  const baseRss = median(base.starts.map((s) => s.rssMb));
  console.log('');
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`${''.padEnd(width)}  start-up ms   × bare   idle RSS MB   × bare`);
  for (const r of rows) {
    const ms = median(r.starts.map((s) => s.ms));
    const rss = median(r.starts.map((s) => s.rssMb));
    console.log(
      `${r.label.padEnd(width)}  ${ms.toFixed(0).padStart(11)}  ${(ms / baseMs).toFixed(1).padStart(7)}  ${rss
        .toFixed(0)
        .padStart(12)}  ${(rss / baseRss).toFixed(1).padStart(7)}`,
    );
  }
  console.log('\ngoals: start-up ≤ 1500 ms on an existing folder; idle RSS ≤ 250 MB on PGlite');
} finally {
  rmSync(work, { recursive: true, force: true });
}
