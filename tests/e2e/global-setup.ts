import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOperator } from '@khel/api/modules/operators/operators.ts';
import { startServer } from '@khel/api/server';
import { createTestPostgresDatabase } from '@khel/db';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { loadProcessEnv, openRuntime } from '../../apps/api/src/runtime.ts';
import { ensureFrontEndsBuilt } from '../../tooling/scripts/lib.mjs';
import { type FakeTelegram, startFakeTelegram } from '../fake-telegram/index.ts';
import { assertChromiumInstalled } from '../fixtures/browser.ts';
import { DEFAULT_ADMIN_URL } from '../fixtures/postgres-global-setup.ts';
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
  /** A PostgreSQL server's database (dropped when the server stops); none for the embedded default. */
  database?: { url: string; close(): Promise<void> };
  /** The operator of this server's database (made when it was seeded). */
  operatorToken?: string;
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
 * `E2E_DATABASES=pglite`: every e2e server on the embedded default; `E2E_DATABASES=postgres`: every one on
 * PostgreSQL. Otherwise the first one runs on PGlite, as
 * `npm start` does, and the others on PostgreSQL, as production does, when a PostgreSQL server is reachable
 * (TEST_DATABASE_URL, else the local one): PGlite's WebAssembly was about 40 % of an e2e run's CPU, and a
 * journey may land on either server, so both stay exercised.
 */
async function postgresAdminUrl(): Promise<string | null> {
  if (process.env.E2E_DATABASES === 'pglite') return null;
  const url = process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL;
  const sql = postgres(url, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await sql`select 1`;
    return url;
  } catch {
    return null;
  } finally {
    await sql.end({ timeout: 2 });
  }
}

/**
 * Migrates and seeds each kind of database once and writes an operator for the specs that make quests,
 * before any server holds it: the first server's embedded database, whose folder (database and dev keys) is
 * then copied for the other PGlite servers; and one PostgreSQL database, copied (CREATE DATABASE … TEMPLATE)
 * for the other PostgreSQL servers. Each server then starts on an existing database: one migration and demo
 * seed per kind for the run instead of one per server, which on two cores had taken about a minute side by side.
 */
async function seedDataDirs(prepared: PreparedServer[]): Promise<void> {
  if (prepared.length === 0) throw new Error('no e2e server to seed');
  const others = prepared.slice(1);
  const allOnPostgres = process.env.E2E_DATABASES === 'postgres';
  const adminUrl = others.length > 0 || allOnPostgres ? await postgresAdminUrl() : null;
  const onPostgres = adminUrl ? (allOnPostgres ? prepared : others) : [];
  const onPglite = prepared.filter((p) => !onPostgres.includes(p));
  const seed = async (server: PreparedServer) => {
    const runtime = await openRuntime(loadProcessEnv({ isolatedEnv: true, env: server.env }), 'e2e-setup');
    try {
      return (await createOperator(runtime.deps.db, 'e2e')).token;
    } finally {
      await runtime.database.close();
    }
  };
  const seedPglite = async () => {
    const [seeded, ...copies] = onPglite;
    if (!seeded) return;
    const token = await seed(seeded);
    await Promise.all(copies.map((other) => cp(seeded.dataDir, other.dataDir, { recursive: true })));
    for (const server of onPglite) server.operatorToken = token;
  };
  const seedPostgres = async () => {
    const [seeded, ...copies] = onPostgres;
    if (!adminUrl || !seeded) return;
    const database = await createTestPostgresDatabase(adminUrl, { migrated: true, max: 1 });
    seeded.database = database;
    seeded.env.DATABASE_URL = database.url;
    const token = await seed(seeded);
    for (const server of copies) {
      const copy = await copyPostgresDatabase(adminUrl, database.url);
      server.database = copy;
      server.env.DATABASE_URL = copy.url;
      // What the seed wrote beside the database (dev keys, files), as for the PGlite copies.
      await cp(seeded.dataDir, server.dataDir, { recursive: true });
    }
    for (const server of onPostgres) server.operatorToken = token;
  };
  await Promise.all([seedPglite(), seedPostgres()]);
}

/** A new database with the contents of `sourceUrl`'s (no one may be connected to it), dropped by `close`. */
async function copyPostgresDatabase(adminUrl: string, sourceUrl: string) {
  const source = new URL(sourceUrl).pathname.slice(1);
  const name = `khel_e2e_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}" template "${source}"`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(sourceUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async close() {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}

async function startE2eServer(prepared: PreparedServer): Promise<E2eServer & { close(): Promise<void> }> {
  const { port, telegram, env, operatorToken } = prepared;
  if (!operatorToken) throw new Error('an e2e server started before its database was seeded');
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
    prepared.map(async ({ telegram, dataDir, database }) => {
      await telegram.close();
      await rm(dataDir, { recursive: true, force: true });
      await database?.close();
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
  try {
    if (notPrepared) throw notPrepared.reason;
    await seedDataDirs(prepared);
  } catch (error) {
    await discard(prepared);
    throw error;
  }

  console.log(`[e2e] servers on ${prepared.map((p) => (p.database ? 'PostgreSQL' : 'PGlite')).join(', ')}`);
  // Side by side, each on its copy of the seeded database.
  const started = await Promise.allSettled(prepared.map((p) => startE2eServer(p)));
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
