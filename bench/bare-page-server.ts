/**
 * The bare Vite + React page (bench/bare-page), the baseline of the browser benches (lighthouse.ts,
 * interactions.ts): built into bench/dist/bare-page and served by the API's own static-site code with the
 * build's precompressed files, as the apps are.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { mountStaticSite } from '../apps/api/src/static.ts';
import { freePort } from '../tests/e2e/global-setup.ts';

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));
const BARE_DIST = join(REPO_ROOT, 'bench', 'dist', 'bare-page');

export function buildBarePage(): Promise<void> {
  const cwd = join(REPO_ROOT, 'bench', 'bare-page');
  const vite = join(REPO_ROOT, 'bench', 'node_modules', '.bin', 'vite');
  return new Promise((resolve, reject) => {
    const child = spawn(vite, ['build', '--outDir', BARE_DIST, '--logLevel', 'warn'], {
      cwd,
      stdio: 'inherit',
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`bare page build failed (${code})`)),
    );
  });
}

/** The bare page behind the same static-site code (and precompressed files) as the apps. */
export async function serveBarePage(
  log: (message: string) => void = () => {},
): Promise<{ origin: string; close: () => Promise<void> }> {
  const app = new Hono();
  mountStaticSite(app, { prefix: '', dist: BARE_DIST, frameAncestors: "'self'" }, log);
  const port = await freePort();
  const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' });
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
