import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The front ends the server serves, and the source trees each build is made from. */
const FRONT_ENDS = {
  web: ['apps/web', 'packages/ui/src', 'packages/core/src'],
  miniapp: ['apps/miniapp', 'packages/ui/src', 'packages/core/src'],
} as const;
export type FrontEnd = keyof typeof FRONT_ENDS;

const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.vite', '.turbo']);

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** True when `apps/<name>/dist` is missing or older than any file it is built from. */
export function isBuildStale(name: FrontEnd): boolean {
  const builtIndex = join(REPO_ROOT, 'apps', name, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return FRONT_ENDS[name].some((dir) => newestMtime(join(REPO_ROOT, dir)) > builtAt);
}

function viteBuild(name: FrontEnd): Promise<void> {
  const cwd = join(REPO_ROOT, 'apps', name);
  const vite = join(cwd, 'node_modules', '.bin', 'vite');
  return new Promise((resolve, reject) => {
    // --manifest lets bench/ reuse this build to see which modules each chunk holds.
    const child = spawn(vite, ['build', '--manifest', '--logLevel', 'warn'], {
      cwd,
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`vite build of apps/${name} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/**
 * Builds the website and the Mini App when their dist is missing or stale (always when `force`),
 * so the end-to-end tests exercise the code as it is now. Returns the apps it built.
 */
export async function ensureFrontEndBuilds(force: boolean): Promise<FrontEnd[]> {
  const names = (Object.keys(FRONT_ENDS) as FrontEnd[]).filter((name) => force || isBuildStale(name));
  // One at a time: on a 2-core machine two bundlers in parallel finish no sooner.
  for (const name of names) await viteBuild(name);
  return names;
}
