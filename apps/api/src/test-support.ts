import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedPglite, createTestPostgresDatabase, type DatabaseHandle } from '@khel/db';
import { sign } from '@telegram-apps/init-data-node';
import { inject } from 'vitest';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { loadEnv } from './env.ts';
import type { AppDeps } from './lib/context.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { closeSharedCardRenderPool } from './modules/pog/card/card-render-pool.ts';

export const TEST_BOT_TOKEN = '7000000001:AAETestTokenForKhelApiTests_0123456';
export type DbKind = 'pglite' | 'postgres';
/** Both databases, whatever TEST_DATABASES says: the ledger's model of the economy runs on each (money is sacred). */
export const ALL_DB_KINDS: DbKind[] = ['pglite', 'postgres'];
/**
 * The databases a module's `describe.each(DB_KINDS)` tests run on. PostgreSQL, what production runs and
 * where races show, always. PGlite, the embedded default, only with `TEST_DATABASES=all`: in `npm test`
 * it is covered by the every-endpoint fuzzer (every route, with hostile input and with valid input grown
 * from the schema, about 900 answered with a success a run), the ledger's economy model (`ALL_DB_KINDS`),
 * the files that test PGlite on purpose (`createTestContext('pglite')`, `packages/db`), and every e2e
 * journey (the e2e servers run on PGlite). Both databases run the same SQL; the second run of every
 * module file cost about a third of the `api` stage (tests/README.md, "The time budget").
 */
export const DB_KINDS: DbKind[] = chosenTestDatabases() === 'all' ? ALL_DB_KINDS : ['postgres'];

/** TEST_DATABASES as tests/fixtures/postgres-global-setup.ts hands it on; none outside Vitest (the benches). */
function chosenTestDatabases(): string | undefined {
  try {
    return inject('testDatabases');
  } catch {
    return undefined;
  }
}

export interface TestContext {
  app: ReturnType<typeof createApp>;
  deps: AppDeps;
  /** Moves the API's clock forward. */
  advance(ms: number): void;
  now(): Date;
  close(): Promise<void>;
  json(
    path: string,
    init?: { method?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{
    status: number;
    headers: Headers;
    body: { success: boolean; status: number; data: any; message: string };
  }>;
}

/** The API on a fresh database of the given kind, with a clock the test controls. */
export async function createTestContext(
  kind: DbKind,
  postgresAdminUrl?: string,
  envOverrides: Record<string, string | undefined> = {},
  options: { logger?: Logger; database?: DatabaseHandle; dataDir?: string } = {},
): Promise<TestContext> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'khel-api-test-'));
  let database: DatabaseHandle;
  if (options.database) database = options.database;
  else if (kind === 'postgres') {
    if (!postgresAdminUrl) throw new Error('postgresAdminUrl is required for PostgreSQL tests');
    database = await createTestPostgresDatabase(postgresAdminUrl, { migrated: true });
  } else {
    database = await createMigratedPglite();
  }
  // Frozen: the API's time moves only when the test calls advance(), whatever the machine is doing.
  const start = Date.now();
  let offset = 0;
  const clock = () => new Date(start + offset);
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'false',
    TRUST_PROXY: 'true',
    // Card images drawn at SCHED_IDLE would wait for the suite's other test files, which share this
    // session's CPU (autogroup) and keep both cores busy: the pool's own test checks that priority.
    CARD_RENDER_PRIORITY: 'normal',
    ...envOverrides,
  });
  const deps = await createDeps(env, database, { clock, logger: options.logger ?? createLogger('silent') });
  const app = createApp(deps);
  return {
    app,
    deps,
    advance: (ms) => {
      offset += ms;
    },
    now: clock,
    async close() {
      // The card render pool is the process's, as in the server: it closes with the app.
      await closeSharedCardRenderPool();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    async json(path, init = {}) {
      const res = await app.request(path, {
        method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
        headers: {
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...init.headers,
        },
        ...(init.body === undefined
          ? {}
          : { body: typeof init.body === 'string' ? init.body : JSON.stringify(init.body) }),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as any };
    },
  };
}

/** Init data as Telegram would sign it for `token`. */
export function signInitData(
  user: {
    id: number;
    first_name: string;
    username?: string;
    language_code?: string;
    allows_write_to_pm?: boolean;
  },
  authDate: Date,
  token = TEST_BOT_TOKEN,
  extra: Record<string, string> = {},
): string {
  return sign({ user, chat_instance: '8428209589180549439', chat_type: 'sender', ...extra }, token, authDate);
}

/** Reads the last sandbox SMS code sent to `phone`. */
export async function lastOtp(ctx: TestContext, phone: string): Promise<string> {
  const res = await ctx.json(`/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`);
  const body = res.body.data[0]?.body as string | undefined;
  const code = body?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** How long `run` takes, in milliseconds. */
export async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

/** The middle one of an odd number of timings: one sample the machine slowed (or sped) does not move it. */
export const medianMs = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;

/**
 * A race test's time on PostgreSQL, as the race tests before it (referrals, recurring quests): a burst of
 * requests must all hear back while one more request of their kind holds its transaction open, having
 * written all it writes. So no request's transaction holds a row every request touches, or the burst waits
 * on it.
 *
 * `held` runs that one request with deps whose database keeps each transaction open once its callback
 * has returned (its locks held), until the burst has settled or `boundMs` has passed; then it commits.
 * `burst` starts once the held request has done its writes. A burst that waited on the held request
 * ends only after the bound let it go: `releasedByBound` is then true, and `burstMs` at least the bound.
 * The time is the wall-clock time of the whole burst (its slowest request), from its start.
 */
export async function burstBesideHeldRequest<T>(
  deps: AppDeps,
  boundMs: number,
  held: (holding: AppDeps) => Promise<unknown>,
  burst: () => Promise<T>,
): Promise<{ result: T; burstMs: number; releasedByBound: boolean }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wrote!: () => void;
  const hasWritten = new Promise<void>((resolve) => {
    wrote = resolve;
  });
  const db = new Proxy(deps.db, {
    get(target, property) {
      if (property !== 'transaction') return Reflect.get(target, property);
      const transaction: AppDeps['db']['transaction'] = (run, config) =>
        target.transaction(async (tx) => {
          const result = await run(tx);
          wrote();
          await released;
          return result;
        }, config);
      return transaction;
    },
  });
  const heldRequest = held({ ...deps, db });
  // A held request that failed, or that wrote outside a transaction, holds nothing: say so rather than pass.
  await Promise.race([
    hasWritten,
    heldRequest.then(() => {
      throw new Error('the held request ended without holding a transaction open');
    }),
  ]);

  let releasedByBound = false;
  const timer = setTimeout(() => {
    releasedByBound = true;
    release();
  }, boundMs);
  const started = performance.now();
  try {
    const result = await burst();
    return { result, burstMs: performance.now() - started, releasedByBound };
  } finally {
    clearTimeout(timer);
    release();
    await heldRequest;
  }
}
