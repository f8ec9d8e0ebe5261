// `npm test`: every layer, in three stages, with each step's time printed at the end.
//   1. at once: lint + format (biome), typecheck (two programs, incremental), the front-end builds
//      and their bundle budget (bundle-budget.mjs), the unit project;
//   2. the api and bot projects (PGlite and PostgreSQL, the fake Bot API);
//   3. the e2e project in Chromium, its spec files shared out over several all-in-one servers.
// Stops after a stage that failed. Stops at once, with one line, when Chromium, PostgreSQL or PgBouncer is
// missing and cannot be installed or started here. `npm test -- <vitest args>` runs stage 1 and then
// Vitest once with those arguments instead of stages 2 and 3.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { checkBundleBudget } from './bundle-budget.mjs';
import { ensureFrontEndsBuilt, ensureInstalled, log, root, runPnpm } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const HEADLESS_SHELL = process.env.CHROMIUM_HEADLESS_SHELL_PATH || '/usr/bin/chromium-headless-shell';
const isRoot = process.getuid?.() === 0;
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

function stop(line) {
  process.stderr.write(`[khel] ${line}\n`);
  process.exit(1);
}

/**
 * Installs a Debian package when this process may (root, apt-get) and says so; whether `present()` holds after.
 */
function aptInstall(pkg, what, present) {
  if (present()) return true;
  if (!isRoot || !has('apt-get')) return false;
  log(`${what} is missing: installing it with apt-get (Debian package ${pkg})…`);
  spawnSync('apt-get', ['update'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', pkg], { stdio: 'inherit' });
  return present();
}

function ensureChromium() {
  if (!aptInstall('chromium', 'Chromium', () => existsSync(CHROMIUM)))
    stop(`Chromium not found at ${CHROMIUM}: run apt-get install -y chromium (or set CHROMIUM_PATH).`);
}

/**
 * The e2e specs run in Chromium's headless shell where it is installed (tests/fixtures/browser.ts: about
 * 0.7 × the full browser's CPU); without it they run in the full browser, slower but the same checks.
 */
function ensureHeadlessShell() {
  if (!aptInstall('chromium-headless-shell', 'Chromium headless shell', () => existsSync(HEADLESS_SHELL)))
    log('Chromium headless shell not installed: the e2e specs run in the full browser.');
}

/** The api project's PgBouncer test (apps/api/src/pgbouncer.test.ts) starts a pgbouncer of its own. */
function ensurePgBouncer() {
  if (!aptInstall('pgbouncer', 'PgBouncer', () => has('pgbouncer')))
    stop('pgbouncer not found: run apt-get install -y pgbouncer.');
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
      { stdio: 'inherit' },
    );
    for (let i = 0; i < 20 && !(await reachable(url)); i++) await new Promise((r) => setTimeout(r, 500));
    if (await reachable(url)) return;
  }
  stop(
    `PostgreSQL is not reachable at ${url.replace(/\/\/[^@]*@/, '//')}: start it (pg_ctlcluster 15 main start) or set TEST_DATABASE_URL.`,
  );
}

const REPORT_DIR = join(root, 'test-results');
/** The whole of `npm test` on a 2-core machine (tests/README.md, "The time budget"). */
const BUDGET_SECONDS = 15 * 60;
const timings = [];
const reports = [];

/**
 * Runs one step. Steps of a stage run side by side, so each one's output is held and printed whole
 * when it ends (a failing step's output is never lost among another's).
 */
async function step(name, args, { buffered = true } = {}) {
  const started = Date.now();
  const chunks = [];
  const code = await runPnpm(args, {
    env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    ...(buffered ? { output: (c) => chunks.push(c) } : {}),
  });
  const seconds = (Date.now() - started) / 1000;
  timings.push({ name, seconds, ok: code === 0 });
  if (buffered) {
    process.stdout.write(
      `\n[khel] ── ${name} (${seconds.toFixed(0)} s, ${code === 0 ? 'ok' : 'FAILED'}) ──\n`,
    );
    process.stdout.write(Buffer.concat(chunks));
  }
  return code === 0;
}

async function timed(name, run) {
  const started = Date.now();
  let ok = true;
  try {
    await run();
  } catch (err) {
    ok = false;
    process.stderr.write(`[khel] ${name}: ${err.message}\n`);
  }
  timings.push({ name, seconds: (Date.now() - started) / 1000, ok });
  return ok;
}

function vitest(name, args, options) {
  const report = join(REPORT_DIR, `vitest-${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  rmSync(report, { force: true });
  reports.push(report);
  return step(
    name,
    [
      'exec',
      'vitest',
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...args,
    ],
    options,
  );
}

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const report of reports) {
    if (!existsSync(report)) continue;
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  const total = timings.find((t) => t.name === 'total');
  process.stdout.write('\n[khel] step times\n');
  for (const t of timings)
    process.stdout.write(
      `  ${t.name.padEnd(34)} ${t.seconds.toFixed(0).padStart(5)} s${t.ok ? '' : '  FAILED'}\n`,
    );
  process.stdout.write(
    `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}${total ? ` in ${total.seconds.toFixed(0)} s` : ''}\n`,
  );
  if (total && total.seconds > BUDGET_SECONDS)
    process.stdout.write(
      `[khel] over the ${BUDGET_SECONDS / 60}-minute budget of a 2-core machine: tests/README.md says how it is kept\n`,
    );
}

const started = Date.now();
function finish(ok) {
  timings.push({ name: 'total', seconds: (Date.now() - started) / 1000, ok });
  summary();
  process.exit(ok ? 0 : 1);
}

await timed('install', ensureInstalled);
ensureChromium();
ensureHeadlessShell();
await ensurePostgres();
ensurePgBouncer();
mkdirSync(REPORT_DIR, { recursive: true });

// Stage 1. The builds run beside the checks: each is mostly one core, and the unit project's
// workers take what is left.
const stage1 = await Promise.all([
  step('lint + format (biome check)', ['exec', 'biome', 'check', '.']),
  // Two programs (tooling/typescript/all-*.json) instead of one per package, which checked the
  // shared packages once per package importing them.
  step('typecheck (node)', [
    'exec',
    'tsc',
    '--noEmit',
    '--incremental',
    '-p',
    'tooling/typescript/all-node.json',
  ]),
  step('typecheck (react)', [
    'exec',
    'tsc',
    '--noEmit',
    '--incremental',
    '-p',
    'tooling/typescript/all-react.json',
  ]),
  // Then the builds' bundle budget (issue 25; about a second, no rebuild): over it, the stage fails.
  timed('front-end builds + bundle budget', async () => {
    await ensureFrontEndsBuilt({ force: process.env.CI === 'true', quiet: true });
    checkBundleBudget();
  }),
  vitest('unit', ['--project', 'unit', '--project', 'unit-isolated']),
]);
if (!stage1.every(Boolean)) {
  process.stderr.write(
    '[khel] stage 1 failed (run pnpm format for formatting; the output above says what else).\n',
  );
  finish(false);
}

const extra = process.argv.slice(2);
if (extra.length > 0) finish(await vitest('vitest', extra, { buffered: false }));

// Stage 2 and 3: one Vitest run each, output as it comes.
const stage2 = await vitest('api + bot', ['--project', 'api', '--project', 'bot'], { buffered: false });
if (!stage2) finish(false);
finish(await vitest('e2e', ['--project', 'e2e'], { buffered: false }));
