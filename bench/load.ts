/**
 * HTTP load for the benches: a server on 127.0.0.1 in the bench's process (`listen`; a server of its own process
 * is `startServer` in server.ts) and a row of requests/s measured by `load-generator.ts` (autocannon) in a process
 * of its own (`load`), for BENCH_SECONDS after BENCH_WARMUP_SECONDS.
 */
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { SECONDS, WARMUP_SECONDS } from './support.ts';

export interface Load {
  requestsPerSecond: number;
  /** Latency percentiles in ms (whole ms: autocannon's resolution). */
  p50: number;
  p90: number;
  p99: number;
  errors: number;
  firstError?: string;
}

/** One row from the load generator, a process of its own. */
export function load(
  url: string,
  connections: number,
  headers: Record<string, string> = {},
  options: {
    seconds?: number;
    warmupSeconds?: number;
    method?: string;
    body?: string;
    /** A new random Idempotency-Key header on every request. */
    freshIdempotencyKey?: boolean;
  } = {},
): Promise<Load> {
  const script = fileURLToPath(new URL('./load-generator.ts', import.meta.url));
  const args = [
    '--import',
    'tsx',
    script,
    url,
    String(connections),
    String(options.seconds ?? SECONDS),
    String(options.warmupSeconds ?? WARMUP_SECONDS),
    ...Object.entries(headers).map(([k, v]) => `${k}:${v}`),
  ];
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      ...(options.method ? { LOAD_METHOD: options.method } : {}),
      ...(options.body !== undefined ? { LOAD_BODY: options.body } : {}),
      ...(options.freshIdempotencyKey ? { LOAD_FRESH_IDEMPOTENCY_KEY: 'true' } : {}),
    };
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env });
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
