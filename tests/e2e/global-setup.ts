import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@khel/api/server';
import type { TestProject } from 'vitest/node';
import { ensureFrontEndsBuilt } from '../../tooling/scripts/lib.mjs';
import { assertChromiumInstalled } from '../fixtures/browser.ts';

/**
 * The bot token the server validates Mini App init data with; the specs sign with the same one.
 * Shaped like a real token (`<bot id>:<35 characters>`) so format checks pass.
 */
export const E2E_BOT_TOKEN = '7000000001:AAE2E_khel-end-to-end-test-token-01';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the all-in-one server under test, without a trailing slash. */
    baseUrl: string;
    telegramBotToken: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();

  // Stale builds are rebuilt, so the tests exercise the code as it is now (`npm test` has already
  // rebuilt them, always so on CI; this covers running the e2e project on its own).
  const built = await ensureFrontEndsBuilt({ quiet: true });
  if (built.length > 0) console.log(`[e2e] built ${built.join(', ')}`);

  const dataDir = await mkdtemp(join(tmpdir(), 'khel-e2e-'));
  // The server must know its own origin (SIWE domain/URI, sandbox redirect_uri), so the port is
  // chosen first and passed as PUBLIC_URL.
  const port = await freePort();
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      port,
      host: '127.0.0.1',
      // Only what the tests choose: a developer's DATABASE_URL or TELEGRAM_API_ROOT must not leak in.
      isolatedEnv: true,
      env: {
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        TELEGRAM_BOT_TOKEN: E2E_BOT_TOKEN,
        BOT_ENABLED: 'false',
        NODE_ENV: 'test',
        LOG_LEVEL: 'error',
        TRUST_PROXY: 'true',
        // The sandbox KYC provider decides after 1.5 s (0 by default in tests), so /kyc shows
        // 'Verifying…' before the decision arrives live; jobs are polled every second.
        KYC_SANDBOX_DELAY_MS: '1500',
        JOB_WORKER_INTERVAL_MS: '1000',
      },
    });
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  project.provide('baseUrl', server.url.replace(/\/+$/, ''));
  project.provide('telegramBotToken', E2E_BOT_TOKEN);

  return async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
