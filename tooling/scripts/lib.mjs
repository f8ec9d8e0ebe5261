// Plain Node (no dependencies): these scripts run before anything is installed.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const PNPM_VERSION = '10.34.9';

const has = (cmd, args = ['--version']) => spawnSync(cmd, args, { stdio: 'ignore' }).status === 0;

/** pnpm from PATH, or through npx when a fresh machine only has Node and npm (corepack is not used). */
export function pnpmCommand() {
  if (has('pnpm')) return ['pnpm'];
  return ['npx', '--yes', `pnpm@${PNPM_VERSION}`];
}

export function log(msg) {
  process.stdout.write(`[khel] ${msg}\n`);
}

/**
 * Runs a command in the repo, inheriting stdio; with `output`, its stdout and stderr go to that callback
 * chunk by chunk instead. Resolves with its exit code.
 */
export function run(cmd, args, { output, ...options } = {}) {
  return new Promise((done) => {
    const stdio = output ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(cmd, args, { cwd: root, stdio, ...options });
    child.stdout?.on('data', output);
    child.stderr?.on('data', output);
    child.on('exit', (code, signal) => done(signal ? 1 : (code ?? 1)));
    child.on('error', () => done(127));
  });
}

export async function runPnpm(args, options) {
  const [cmd, ...pre] = pnpmCommand();
  return run(cmd, [...pre, ...args], options);
}

/** Newest modification time under the given paths (files or folders), skipping build output. */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(join(p, name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(resolve(root, p));
  return newest;
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = join(root, 'node_modules/.modules.yaml');
  const lock = join(root, 'pnpm-lock.yaml');
  if (existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs) return;
  log('installing dependencies (pnpm install --frozen-lockfile)…');
  const code = await runPnpm(['install', '--frozen-lockfile']);
  if (code !== 0) {
    log('pnpm install failed: check the npm registry is reachable, then run the command again.');
    process.exit(code);
  }
}

/** The front ends the server serves, and what each build is made from. */
export const FRONT_ENDS = [
  { name: '@khel/web', app: 'web', dir: 'apps/web' },
  { name: '@khel/miniapp', app: 'miniapp', dir: 'apps/miniapp' },
];
const SHARED_SOURCES = ['packages/ui', 'packages/core', 'tooling/vite', 'pnpm-lock.yaml'];

/** Newest source time of a front end (its own folder and the shared packages). */
export function frontEndSourcesMtime(dir) {
  return newestMtime([dir, ...SHARED_SOURCES]);
}

/**
 * True when the build's index.html in `outDir` is missing or older than any of its sources, or the
 * build has no manifest (made before the bundle budget's check read one, bundle-budget.mjs).
 */
export function isBuildStale(dir, outDir = join(root, dir, 'dist')) {
  const index = join(outDir, 'index.html');
  return (
    !existsSync(index) ||
    !existsSync(join(outDir, '.vite', 'manifest.json')) ||
    statSync(index).mtimeMs < frontEndSourcesMtime(dir)
  );
}

/**
 * Builds the website and the Mini App when their dist is missing or older than their sources
 * (always with `force`). Throws when a build fails. Returns the names it built.
 */
export async function ensureFrontEndsBuilt({ force = false, quiet = false } = {}) {
  const built = [];
  // One at a time: on a 2-core machine two bundlers in parallel finish no sooner.
  for (const app of FRONT_ENDS) {
    if (!force && !isBuildStale(app.dir)) continue;
    if (!quiet) log(`building ${app.name}…`);
    const code = await runPnpm(['--filter', app.name, 'build', ...(quiet ? ['--logLevel', 'warn'] : [])]);
    if (code !== 0) throw new Error(`building ${app.name} failed (exit ${code})`);
    built.push(app.name);
  }
  return built;
}
