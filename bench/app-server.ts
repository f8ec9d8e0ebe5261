import { mkdtemp, rm } from 'node:fs/promises';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestPostgresDatabase } from '@khel/db';
import { startServer } from './server.ts';
import { ADMIN_URL } from './support.ts';

export interface BenchApp {
  /** The server's address without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  base: string;
  /** Which database the server runs on: `postgres` (a fresh database of the bench's own) or `pglite`. */
  database: 'postgres' | 'pglite';
  /** Stops the server and removes its data folder and database. */
  close: () => Promise<void>;
}

/**
 * The server's CPU priority (`nice`): below Chromium's. The browser benches measure a phone's main thread, and a
 * phone does not run Khel's server: on this machine the server (and PGlite's WebAssembly most of all) took the
 * renderer's core while it loaded the page, and Lighthouse multiplied the wait by its 4 × slowdown as if it were
 * the page's own work (long tasks of 160 ms of wall time held 7 ms of the thread's CPU).
 */
const SERVER_NICE = 10;

/**
 * The all-in-one product (API, website, Mini App) for the browser benches (lighthouse, interactions, profile):
 * `apps/api/src/index.ts` in a process of its own at a lower CPU priority, with the demo data and the sandbox
 * sign-ins (NODE_ENV=test, as the e2e tests), no bot, on a free loopback port. It runs on a fresh PostgreSQL
 * database when the server at BENCH_DATABASE_URL / TEST_DATABASE_URL answers (as production does), else on a
 * fresh PGlite folder; `BENCH_APP_DATABASE=pglite` asks for PGlite. `env` adds to or overrides that.
 */
export async function startBenchApp(name: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `khel-${name}-`));
  const database =
    process.env.BENCH_APP_DATABASE === 'pglite'
      ? undefined
      : await createTestPostgresDatabase(ADMIN_URL, { migrated: true, max: 1 }).catch((error: unknown) => {
          console.log(
            `${name}: PostgreSQL not reachable (${String((error as Error).message).split('\n')[0]}); the server runs on PGlite`,
          );
          return undefined;
        });
  const cleanUp = async () => {
    await database?.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const server = await startServer({
      args: ['apps/api/src/index.ts'],
      env: (base) => ({
        DATA_DIR: dataDir,
        ...(database ? { DATABASE_URL: database.url } : {}),
        PUBLIC_URL: base,
        BOT_ENABLED: 'false',
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        ...env,
      }),
      onSpawn: (child) => {
        if (child.pid) setPriority(child.pid, SERVER_NICE);
      },
    });
    return {
      base: server.base,
      database: database ? 'postgres' : 'pglite',
      close: async () => {
        await server.stop();
        await cleanUp();
      },
    };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
