import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@khel/api/server';
import { freePort } from '../tests/e2e/global-setup.ts';

export interface BenchApp {
  /** The server's address without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  base: string;
  /** Stops the server and removes its data folder. */
  close: () => Promise<void>;
}

/**
 * The all-in-one product (API, website, Mini App) for the browser benches (lighthouse, interactions,
 * profile): a fresh PGlite folder with the demo data, the sandbox sign-ins (NODE_ENV=test, as the e2e
 * tests), no bot, on a free loopback port. `env` adds to or overrides that (a bot token, other builds).
 */
export async function startBenchApp(name: string, env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = await mkdtemp(join(tmpdir(), `khel-${name}-`));
  const port = await freePort();
  const khel = await startServer({
    port,
    host: '127.0.0.1',
    isolatedEnv: true,
    env: {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      BOT_ENABLED: 'false',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      ...env,
    },
  });
  return {
    base: khel.url.replace(/\/+$/, ''),
    close: async () => {
      await khel.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
