import { readFileSync } from 'node:fs';
import { createSecureServer } from 'node:http2';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { isSpaRoute } from '@khel/core/spa-routes';
import { type DatabaseHandle, DatabaseInUseError, databaseFromEnv } from '@khel/db';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { type Env, loadEnv } from './env.ts';
import { compressAnswers } from './lib/compress-answers.ts';
import type { AppDeps } from './lib/context.ts';
import { envelope } from './lib/http.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { apiModules } from './modules/index.ts';
import { firstHead, mountStaticSite, type StaticSite } from './static.ts';

/**
 * What every Khel process shares (DESIGN §2): the all-in-one server (server.ts `startServer`), and in
 * split mode the API alone (`startApiServer`) and the job worker alone (worker.ts `startWorker`).
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const TELEGRAM_FRAME_ANCESTORS = "'self' https://web.telegram.org https://*.telegram.org";

export interface ProcessOptions {
  port?: number;
  host?: string;
  /** Overrides on top of process.env (tests pass their own). */
  env?: Record<string, string | undefined>;
  /** Ignore process.env entirely (tests). */
  isolatedEnv?: boolean;
}

/** A start that cannot go on, said in one line (the entry points print it without a stack trace). */
export class StartupError extends Error {
  override name = 'StartupError';
}

export function loadProcessEnv(options: ProcessOptions): Env {
  try {
    return loadEnv({
      ...(options.isolatedEnv ? {} : process.env),
      ...options.env,
      ...(options.port !== undefined ? { PORT: String(options.port) } : {}),
      ...(options.host !== undefined ? { HOST: options.host } : {}),
    });
  } catch (error) {
    throw new StartupError((error as Error).message);
  }
}

/**
 * Split mode runs on PostgreSQL only: PGlite is one process's folder (packages/db `khel.lock`), so
 * a second process could not open it, and state the processes share must live in one database.
 */
export function requireDatabaseUrl(env: Env, what: string): void {
  if (!env.DATABASE_URL) {
    throw new StartupError(
      `${what} needs DATABASE_URL (a PostgreSQL server): split mode shares rate limits, nonces, sessions and jobs through it, and PGlite serves one process only. For one process on PGlite, run npm start.`,
    );
  }
}

export interface Runtime {
  env: Env;
  logger: Logger;
  database: DatabaseHandle;
  deps: AppDeps;
}

/**
 * Opens the database and wires the services: migrations applied (under an advisory lock on
 * PostgreSQL, so processes starting together take turns) and demo data seeded once.
 */
export async function openRuntime(
  env: Env,
  service: string,
  options: { readReplica?: boolean } = {},
): Promise<Runtime> {
  const logger = createLogger(env.LOG_LEVEL, { service });
  const dataDir = resolve(env.DATA_DIR);
  const database = openDatabase(env, resolve(dataDir, 'pglite'), options.readReplica ?? true);
  try {
    const deps = await createDeps({ ...env, DATA_DIR: dataDir }, database, { logger });
    return { env: deps.env, logger, database, deps };
  } catch (error) {
    await database.close().catch(() => {});
    throw error;
  }
}

/**
 * The database of the settings: PGlite under `pgliteDir`, or PostgreSQL at DATABASE_URL with its pool mode,
 * migration URL and (`withReplica`: not in the job worker, whose routes are none) read replica.
 */
export function openDatabase(env: Env, pgliteDir: string, withReplica = true): DatabaseHandle {
  if (env.DATABASE_POOL_MODE === 'transaction' && !env.DATABASE_MIGRATION_URL)
    throw new StartupError(
      'DATABASE_POOL_MODE=transaction needs DATABASE_MIGRATION_URL (the server or a session-mode pooler): migrations hold a session advisory lock, which a transaction-mode pooler cannot keep.',
    );
  try {
    return databaseFromEnv({
      DATABASE_URL: env.DATABASE_URL,
      dataDir: pgliteDir,
      poolMax: env.DATABASE_POOL_MAX,
      poolMode: env.DATABASE_POOL_MODE,
      DATABASE_MIGRATION_URL: env.DATABASE_MIGRATION_URL,
      read:
        withReplica && env.DATABASE_READ_URL
          ? {
              url: env.DATABASE_READ_URL,
              maxLagMs: env.DATABASE_READ_MAX_LAG_MS,
              checkEveryMs: env.DATABASE_READ_CHECK_MS,
            }
          : undefined,
    });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw error;
    throw new StartupError((error as Error).message);
  }
}

export function describeDatabase(runtime: Runtime): string {
  return runtime.database.kind === 'pglite'
    ? `PGlite at ${resolve(runtime.env.DATA_DIR, 'pglite')}`
    : `PostgreSQL (DATABASE_URL${runtime.database.reads ? ', reads of readReplica routes on DATABASE_READ_URL' : ''})`;
}

/** The `<head>` of shareable pages (Open Graph tags) from every module that declares a `pageHead`. */
export function modulePageHeads(deps: AppDeps): NonNullable<StaticSite['headFor']> {
  return firstHead(...apiModules.flatMap((module) => (module.pageHead ? [module.pageHead(deps)] : [])));
}

/**
 * The API under /api, with a JSON 404 for unknown API paths (so they never fall through to a front
 * end), and answers of 1 KB or more compressed when the client accepts it (never event streams).
 */
export function createRootApp(deps: AppDeps): Hono {
  const root = new Hono();
  root.use('/api/*', compressAnswers());
  const api = createApp(deps);
  root.route('/api', api);
  // Paths a module answers outside /api (its `rootPaths`: UTM short links at /l/<code>); its own route answers them.
  for (const path of apiModules.flatMap((module) => module.rootPaths ?? []))
    root.get(path, (c) => api.fetch(c.req.raw, c.env));
  root.all('/api/*', (c) => envelope(c, 404, null, 'Not found'));
  return root;
}

/**
 * The Mini App build at /tma/ and the website build at / (a 503 page when one is not built); paths
 * neither app routes (SPEC §2, @khel/core/spa-routes) get the app with status 404.
 */
export function mountFrontEnds(
  root: Hono,
  env: Env,
  logger: Logger,
  pages: Pick<StaticSite, 'headFor'> = {},
): void {
  mountStaticSite(
    root,
    {
      prefix: '/tma',
      dist: env.MINIAPP_DIST ?? resolve(repoRoot, 'apps/miniapp/dist'),
      frameAncestors: TELEGRAM_FRAME_ANCESTORS,
      isKnownPath: isSpaRoute,
      ...pages,
    },
    (m) => logger.warn(m),
  );
  mountStaticSite(
    root,
    {
      prefix: '',
      dist: env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'),
      frameAncestors: '*',
      isKnownPath: isSpaRoute,
      ...pages,
    },
    (m) => logger.warn(m),
  );
}

export interface Listening {
  url: string;
  port: number;
  /** Stops accepting connections and waits for requests in progress. */
  close(): Promise<void>;
}

/** A certificate and its key, PEM. */
export interface TlsFiles {
  cert: Buffer;
  key: Buffer;
}

/** The certificate and key TLS_CERT_FILE and TLS_KEY_FILE name, or none (plain HTTP). */
export function tlsFilesOf(env: Pick<Env, 'TLS_CERT_FILE' | 'TLS_KEY_FILE'>): TlsFiles | undefined {
  if (!env.TLS_CERT_FILE || !env.TLS_KEY_FILE) return undefined;
  try {
    return { cert: readFileSync(env.TLS_CERT_FILE), key: readFileSync(env.TLS_KEY_FILE) };
  } catch (error) {
    throw new StartupError(
      `Cannot read the TLS certificate or key (TLS_CERT_FILE, TLS_KEY_FILE): ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/**
 * Serves `fetch` on `port` (0: a free one) and `host`. With `tls`, HTTPS: HTTP/2 for clients that offer it
 * in the TLS handshake (every current browser), which sends a page's scripts over one connection at once
 * instead of six at a time, and HTTP/1.1 for the others.
 */
export async function listen(
  fetch: Hono['fetch'],
  port: number,
  host: string,
  tls?: TlsFiles,
): Promise<Listening> {
  const server = await new Promise<ReturnType<typeof serve>>((ready, fail) => {
    const s = tls
      ? serve(
          {
            fetch,
            port,
            hostname: host,
            createServer: createSecureServer,
            serverOptions: { cert: tls.cert, key: tls.key, allowHTTP1: true },
          },
          () => ready(s),
        )
      : serve({ fetch, port, hostname: host }, () => ready(s));
    s.once('error', fail);
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  return {
    url: `${tls ? 'https' : 'http'}://${shown}:${bound}`,
    port: bound,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/**
 * Ends the process cleanly on SIGINT or SIGTERM: `close()` once (a second signal while closing is
 * ignored), then exit 0, or 1 when closing failed.
 */
export function closeOnSignals(running: { close(): Promise<void> }, logger?: Logger): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      logger?.info('stopping', { signal });
      running.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(
            `Stopping failed: ${error instanceof Error ? error.message : String(error)}\n`,
          );
          process.exit(1);
        },
      );
    });
  }
}

/** For entry points: a start refused for a known reason is one line on stderr and exit code 1. */
export function exitOnStartupError(error: unknown): never {
  // DatabaseInUseError: a second copy on the same embedded database.
  if (error instanceof StartupError || error instanceof DatabaseInUseError) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
