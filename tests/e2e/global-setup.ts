import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOperator } from '@khel/api/modules/operators/operators.ts';
import { startServer } from '@khel/api/server';
import type { TestProject } from 'vitest/node';
import { loadProcessEnv, openRuntime } from '../../apps/api/src/runtime.ts';
import { ensureFrontEndsBuilt } from '../../tooling/scripts/lib.mjs';
import { type FakeTelegram, startFakeTelegram } from '../fake-telegram/index.ts';
import { assertChromiumInstalled } from '../fixtures/browser.ts';
import { e2eServerCount } from './server-count.ts';

/**
 * The bot token the server validates Mini App init data with; the specs sign with the same one.
 * Shaped like a real token (`<bot id>:<35 characters>`) so format checks pass.
 */
export const E2E_BOT_TOKEN = '7000000001:AAE2E_khel-end-to-end-test-token-01';
/** The bot's @username at the fake Bot API, and the Mini App's BotFather short name (t.me/<bot>/<app> links). */
export const E2E_BOT_USERNAME = 'khel_e2e_bot';
export const E2E_MINIAPP_SHORT_NAME = 'app';

/** One all-in-one server of the run, with the fake Bot API its bot talks to. */
export interface E2eServer {
  /** Origin of the all-in-one server under test, without a trailing slash. */
  baseUrl: string;
  /** The fake Bot API the server's bot, notifier and Telegram-channel tasks talk to (tests/fake-telegram). */
  telegramApiRoot: string;
  /** `Authorization: Operator <token>` for the operator API (quests made by a test). */
  operatorToken: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The servers the spec files are shared out over: a worker uses the one of its pool id (support/server.ts). */
    e2eServers: E2eServer[];
    telegramBotToken: string;
    telegramBotUsername: string;
  }
}

/** What one server needs before it starts: its data folder, port and fake Bot API, and its settings. */
interface PreparedServer {
  dataDir: string;
  port: number;
  telegram: FakeTelegram;
  env: Record<string, string>;
}

async function prepareE2eServer(): Promise<PreparedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'khel-e2e-'));
  try {
    // The server must know its own origin (SIWE domain/URI, sandbox redirect_uri), so the port is
    // chosen first and passed as PUBLIC_URL.
    const port = await freePort();
    // The Bot API is the fake: the bot polls it, the notifier sends to it, and telegram_join_channel
    // tasks ask it (specs set memberships with POST <apiRoot>/__fake/chat-member).
    const telegram = await startFakeTelegram({ token: E2E_BOT_TOKEN, botUsername: E2E_BOT_USERNAME });
    const env = {
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      TELEGRAM_BOT_TOKEN: E2E_BOT_TOKEN,
      TELEGRAM_API_ROOT: telegram.apiRoot,
      TELEGRAM_BOT_USERNAME: E2E_BOT_USERNAME,
      TELEGRAM_MINIAPP_SHORT_NAME: E2E_MINIAPP_SHORT_NAME,
      BOT_ENABLED: 'true',
      NODE_ENV: 'test',
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'true',
      // The sandbox KYC provider decides after 1.5 s (0 by default in tests), so /kyc shows
      // 'Verifying…' before the decision arrives live; jobs are polled every second.
      KYC_SANDBOX_DELAY_MS: '1500',
      JOB_WORKER_INTERVAL_MS: '1000',
    };
    return { dataDir, port, telegram, env };
  } catch (error) {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Migrates and seeds the first server's embedded database and writes an operator for the specs that
 * make quests, before any server holds it; then copies that folder (database and dev keys) to the
 * other servers. Each server then starts on an existing database: one migration and demo seed for the
 * run instead of one per server, which on two cores had taken about a minute side by side.
 */
async function seedDataDirs(prepared: PreparedServer[]): Promise<string> {
  const [first, ...others] = prepared;
  if (!first) throw new Error('no e2e server to seed');
  const runtime = await openRuntime(loadProcessEnv({ isolatedEnv: true, env: first.env }), 'e2e-setup');
  let operatorToken: string;
  try {
    operatorToken = (await createOperator(runtime.deps.db, 'e2e')).token;
  } finally {
    await runtime.database.close();
  }
  await Promise.all(others.map((other) => cp(first.dataDir, other.dataDir, { recursive: true })));
  return operatorToken;
}

async function startE2eServer(
  prepared: PreparedServer,
  operatorToken: string,
): Promise<E2eServer & { close(): Promise<void> }> {
  const { port, telegram, env } = prepared;
  const server = await startServer({
    port,
    host: '127.0.0.1',
    // Only what the tests choose: a developer's DATABASE_URL or TELEGRAM_API_ROOT must not leak in.
    isolatedEnv: true,
    env,
  });
  return {
    baseUrl: server.url.replace(/\/+$/, ''),
    telegramApiRoot: telegram.apiRoot,
    operatorToken,
    async close() {
      await server.close();
      await discard([prepared]);
    },
  };
}

/** Stops the fake Bot APIs and removes the data folders of servers that are not (or no longer) running. */
async function discard(prepared: PreparedServer[]): Promise<void> {
  await Promise.all(
    prepared.map(async ({ telegram, dataDir }) => {
      await telegram.close();
      await rm(dataDir, { recursive: true, force: true });
    }),
  );
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  assertChromiumInstalled();

  // Stale builds are rebuilt, so the tests exercise the code as it is now (`npm test` has already
  // rebuilt them, always so on CI; this covers running the e2e project on its own).
  const built = await ensureFrontEndsBuilt({ quiet: true });
  if (built.length > 0) console.log(`[e2e] built ${built.join(', ')}`);

  const preparing = await Promise.allSettled(
    Array.from({ length: e2eServerCount() }, () => prepareE2eServer()),
  );
  const prepared = preparing.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const notPrepared = preparing.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  let operatorToken: string;
  try {
    if (notPrepared) throw notPrepared.reason;
    operatorToken = await seedDataDirs(prepared);
  } catch (error) {
    await discard(prepared);
    throw error;
  }

  // Side by side, each on its copy of the seeded database.
  const started = await Promise.allSettled(prepared.map((p) => startE2eServer(p, operatorToken)));
  const servers = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.close()));
    await discard(prepared.filter((_, i) => started[i]?.status === 'rejected'));
    throw failed.reason;
  }

  project.provide(
    'e2eServers',
    servers.map(({ baseUrl, telegramApiRoot, operatorToken }) => ({
      baseUrl,
      telegramApiRoot,
      operatorToken,
    })),
  );
  project.provide('telegramBotToken', E2E_BOT_TOKEN);
  project.provide('telegramBotUsername', E2E_BOT_USERNAME);

  return async () => {
    await Promise.all(servers.map((s) => s.close()));
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
