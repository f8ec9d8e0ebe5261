// `npm test`: every layer. Lint + format check, typecheck, then Vitest (unit, api on PGlite and
// PostgreSQL, bot against the fake Bot API, e2e in Chromium). Stops at once, with one line, when
// Chromium or PostgreSQL is missing and cannot be installed or started here.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ensureFrontEndsBuilt, ensureInstalled, log, root, runPnpm } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const isRoot = process.getuid?.() === 0;
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function stop(line) {
  process.stderr.write(`[khel] ${line}\n`);
  process.exit(1);
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (isRoot && has('apt-get')) {
    log('Chromium is missing: installing it with apt-get (Debian package chromium)…');
    spawnSync('apt-get', ['update'], { stdio: 'inherit' });
    spawnSync('apt-get', ['install', '-y', 'chromium'], { stdio: 'inherit' });
    if (existsSync(CHROMIUM)) return;
  }
  stop(`Chromium not found at ${CHROMIUM}: run apt-get install -y chromium (or set CHROMIUM_PATH).`);
}

function reachable(url) {
  const u = new URL(url);
  return new Promise((done) => {
    const socket = connect({ host: u.hostname || '127.0.0.1', port: Number(u.port || 5432) });
    socket.setTimeout(2000);
    socket.on('connect', () => {
      socket.end();
      done(true);
    });
    socket.on('timeout', () => {
      socket.destroy();
      done(false);
    });
    socket.on('error', () => done(false));
  });
}

async function ensurePostgres() {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  if (await reachable(url)) return;
  if (!process.env.TEST_DATABASE_URL && isRoot && has('pg_ctlcluster') && existsSync('/etc/postgresql')) {
    log('PostgreSQL is not running: starting the local cluster…');
    spawnSync(
      'sh',
      ['-c', 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql | head -1) main start'],
      {
        stdio: 'inherit',
      },
    );
    for (let i = 0; i < 20 && !(await reachable(url)); i++) await new Promise((r) => setTimeout(r, 500));
    if (await reachable(url)) return;
  }
  stop(
    `PostgreSQL is not reachable at ${url.replace(/\/\/[^@]*@/, '//')}: start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL.`,
  );
}

await ensureInstalled();
ensureChromium();
await ensurePostgres();

log('lint + format (biome check)…');
if ((await runPnpm(['exec', 'biome', 'check', '.'])) !== 0)
  stop('biome check failed: run pnpm format, then fix what remains.');
log('typecheck…');
if ((await runPnpm(['-r', '--workspace-concurrency=2', 'typecheck'])) !== 0) stop('typecheck failed.');
await ensureFrontEndsBuilt({ force: process.env.CI === 'true' }).catch((err) => stop(err.message));

const report = join(root, 'test-results/vitest.json');
rmSync(report, { force: true });
const code = await runPnpm([
  'exec',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...process.argv.slice(2),
]);
if (existsSync(report)) {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  process.stdout.write(
    `\n${r.numPassedTests} passed, ${r.numFailedTests} failed${skipped ? `, ${skipped} skipped` : ''}\n`,
  );
}
process.exit(code);
