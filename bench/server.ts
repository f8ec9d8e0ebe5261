/**
 * Starting the servers a bench measures, each a process of its own: the API (`apps/api/src/main-api.ts` through
 * tsx, or a built entry), a bare Hono baseline, anything that answers HTTP on 127.0.0.1. One way for every bench:
 * a port the OS says is free, spawn, wait for a 200 on the ready path (or the process's exit, or a time limit),
 * and a `stop()` that ends the process and waits for it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { root } from '../tooling/scripts/lib.mjs';

/** A port the OS says is free now (other people's benches share the machine and its fixed ports). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Waits for a 200 from `url`; the ms since `started`. Throws when the process exits first or after `timeoutMs`. */
export async function waitForReady(
  url: string,
  child: ChildProcess,
  started: number,
  timeoutMs: number,
  pollMs = 20,
): Promise<number> {
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited (${child.exitCode}) before answering`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > timeoutMs)
      throw new Error(`${url}: no answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
}

export interface Started {
  /** http://127.0.0.1:<port> */
  base: string;
  child: ChildProcess;
  /** Spawn → first 200 from the ready path. */
  ms: number;
  stop: () => Promise<void>;
}

export interface StartOptions {
  /** Node's arguments: flags, then the entry and its arguments. `--import tsx` is added for a .ts entry. */
  args: string[];
  /** The process's environment (PATH is passed on; PORT and HOST are set), or one made from the server's address. */
  env?: Record<string, string> | ((base: string) => Record<string, string>);
  /** Called once the process is spawned (e.g. to lower its CPU priority). */
  onSpawn?: (child: ChildProcess) => void;
  /** The path that answers 200 once the server is ready. */
  ready?: string;
  timeoutMs?: number;
  /** Where the child's stderr goes (its stdout is dropped). */
  stderr?: 'inherit' | 'ignore';
}

/** Spawns a server on a free port of 127.0.0.1 and waits until it answers; on failure the process is ended. */
export async function startServer(options: StartOptions): Promise<Started> {
  const port = await freePort();
  const tsx =
    options.args.some((a) => a.endsWith('.ts')) && !options.args.includes('tsx') ? ['--import', 'tsx'] : [];
  const base = `http://127.0.0.1:${port}`;
  const env = typeof options.env === 'function' ? options.env(base) : options.env;
  const started = performance.now();
  const child = spawn(process.execPath, [...tsx, ...options.args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'],
  });
  options.onSpawn?.(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    const ms = await waitForReady(
      `${base}${options.ready ?? '/api/health'}`,
      child,
      started,
      options.timeoutMs ?? 180_000,
    );
    return { base, child, ms, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
