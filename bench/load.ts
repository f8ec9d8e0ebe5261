/**
 * HTTP load for the benches: a server on 127.0.0.1 (`listen`) and a row of requests/s measured by
 * `load-generator.ts` in a process of its own (`load`), for BENCH_SECONDS after BENCH_WARMUP_SECONDS.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { SECONDS, WARMUP_SECONDS } from './support.ts';

export interface Load {
  requestsPerSecond: number;
  p50: number | null;
  p95: number | null;
  errors: number;
  firstError?: string;
}

/** One row from the load generator, a process of its own. */
export function load(url: string, connections: number, headers: Record<string, string> = {}): Promise<Load> {
  const script = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
  const args = [
    '--import',
    'tsx',
    script,
    url,
    String(connections),
    String(SECONDS),
    String(WARMUP_SECONDS),
    ...Object.entries(headers).map(([k, v]) => `${k}:${v}`),
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1)!))
        : reject(new Error(`load generator: ${code}`)),
    );
  });
}

/** Serves `fetch` on 127.0.0.1 at a free port. */
export const listen = (fetch: (r: Request) => Response | Promise<Response>) =>
  new Promise<{ url: string; close: () => void }>((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
      resolve({ url: `http://127.0.0.1:${info.port}`, close: () => server.close() }),
    );
  });
