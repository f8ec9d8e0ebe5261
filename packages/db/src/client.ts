import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import { sql as rawSql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { drizzle as DrizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { claimPgliteDir } from './pglite-lock.ts';
import {
  createReadReplica,
  type ReadReplica,
  type ReadReplicaOptions,
  routedDatabase,
} from './read-replica.ts';
import * as schema from './schema/index.ts';
import { preparingStatements, statementAdmission } from './statement-cache.ts';

export type Schema = typeof schema;
/** Either driver: the same queries and transactions run on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Executor = Database | Transaction;

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
export const MIGRATIONS_FOLDER = join(PACKAGE_DIR, 'drizzle');

/**
 * Session advisory lock that serialises migrations on one PostgreSQL database: processes starting
 * at once (API replicas, job workers) take turns, and the later ones find nothing left to apply.
 * Without it two starters on a fresh database both run `CREATE SCHEMA`/`CREATE TABLE` and one fails.
 */
export const MIGRATION_LOCK_KEY = 7_341_120_211n;

const PGLITE_SHARED_BUFFERS = '16MB';

/**
 * PGlite and drizzle's PGlite driver, loaded when the first PGlite database is opened: a process on
 * PostgreSQL never evaluates them (PGlite's module was ≈ 45–60 ms of a start on an existing
 * PostgreSQL database). Their CommonJS builds, so `createDatabase` stays synchronous; drizzle's CommonJS
 * driver requires the same CommonJS PGlite.
 */
let pgliteModules: { PGlite: typeof PGlite; drizzle: typeof DrizzlePglite } | undefined;
function loadPglite() {
  if (!pgliteModules) {
    const load = createRequire(import.meta.url);
    pgliteModules = {
      PGlite: (load('@electric-sql/pglite') as { PGlite: typeof PGlite }).PGlite,
      drizzle: (load('drizzle-orm/pglite') as { drizzle: typeof DrizzlePglite }).drizzle,
    };
  }
  return pgliteModules;
}

export type DatabaseOptions =
  /** PostgreSQL server (split mode, tests on a real server). */
  | {
      kind: 'postgres';
      url: string;
      max?: number;
      /**
       * `transaction`: the URL is a pooler in transaction mode (PgBouncer `pool_mode = transaction`),
       * where consecutive transactions of one client may run on different server connections. Queries are
       * then sent unnamed (postgres.js `prepare: false`: no prepared statement outlives its query), and
       * migrations, which hold a session advisory lock, need `migrationUrl` (`migrate()` refuses without it
       * when it has something to apply). Default `session`.
       */
      poolMode?: 'session' | 'transaction';
      /** Where migrations run (a direct or session-mode URL); default `url`. Needed by poolMode `transaction`. */
      migrationUrl?: string;
      /** A streaming replica for lag-tolerant reads (read-replica.ts); the handle's `reads`. */
      read?: ReadReplicaOptions;
    }
  /**
   * Embedded PostgreSQL: a folder, or in memory when `dataDir` is omitted. `loadDataDir` starts an
   * in-memory database from a dump (`PGlite.dumpDataDir`) instead of an empty cluster.
   */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Applies the migrations not yet applied. On a database that has them all it reads one row
   * (`migrationsApplied`) and loads no migrator and no migration file.
   */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL with a read replica: `db` reads from it inside `reads.read(fn)` (read-replica.ts). */
  reads?: ReadReplica;
  /** PGlite only: the whole cluster as a tarball (a template for in-memory copies). */
  dump?(): Promise<Blob>;
}

/**
 * A PostgreSQL URL and postgres.js options, with libpq's way of naming a Unix-domain socket:
 * `postgres://user@localhost/db?host=/var/run/postgresql` connects to `<dir>/.s.PGSQL.<port>`
 * (postgres.js alone would send `host` to the server as a setting, which it refuses, and the process
 * would not start). What a deployment that runs the API beside PostgreSQL usually writes; it skips the
 * TCP stack, though a burst of finishers measured the same CPU either way (docs/scaling.md).
 */
export function connectionOf<O extends object>(url: string, options: O): [string, O & { path?: string }] {
  const parsed = new URL(url);
  const socketDir = parsed.searchParams.get('host');
  if (!socketDir?.startsWith('/')) return [url, options];
  parsed.searchParams.delete('host');
  const port = parsed.port || '5432';
  return [parsed.toString(), { ...options, path: `${socketDir.replace(/\/+$/, '')}/.s.PGSQL.${port}` }];
}

/** The one client factory: PGlite by default, PostgreSQL when a URL is given. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'postgres') {
    const transactionPooled = options.poolMode === 'transaction';
    const max = options.max ?? 10;
    const clientOptions = { max, onnotice: () => {}, prepare: !transactionPooled };
    // Session mode: the queries the process repeats become named prepared statements (statement-cache.ts).
    const admission = transactionPooled ? undefined : statementAdmission();
    const prepared = <T extends postgres.Sql>(client: T): T =>
      admission ? preparingStatements(client, admission) : client;
    const sql = prepared(postgres(...connectionOf(options.url, clientOptions)));
    const primary = drizzlePostgres({ client: sql, schema, casing: 'snake_case' }) as unknown as Database;
    let db = primary;
    let reads: ReadReplica | undefined;
    if (options.read) {
      const replicaSql = prepared(
        postgres(...connectionOf(options.read.url, { ...clientOptions, connect_timeout: 2 })),
      );
      const scope = new AsyncLocalStorage<Database>();
      const replicaDb = drizzlePostgres({
        client: replicaSql,
        schema,
        casing: 'snake_case',
      }) as unknown as Database;
      reads = createReadReplica({ options: options.read, primarySql: sql, replicaSql, replicaDb, scope });
      db = routedDatabase(primary, scope);
    }
    return {
      db,
      kind: 'postgres',
      ...(reads ? { reads } : {}),
      migrate: async () => {
        if (await migrationsApplied(primary)) return;
        // Through a transaction-mode pooler the lock and its unlock could meet different server connections,
        // and a lock left on a pooled connection would hold every later migration back.
        if (transactionPooled && !options.migrationUrl)
          throw new Error(
            'Migrations cannot run through a transaction-mode pool: set DATABASE_MIGRATION_URL to the server or a session-mode pooler (they hold a session advisory lock).',
          );
        await migratePostgresLocked(options.migrationUrl ?? options.url);
      },
      close: async () => {
        try {
          await reads?.close();
        } finally {
          await sql.end({ timeout: 5 });
        }
      },
    };
  }
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = claimPgliteDir(options.dataDir);
    initializePgliteDirOutOfProcess(options.dataDir);
  }
  const { PGlite, drizzle: drizzlePglite } = loadPglite();
  const client = new PGlite({
    dataDir: options.dataDir,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    parsers: DRIZZLE_PGLITE_PARSERS,
    startParams: [...pgliteStartParams()],
  });
  // PGlite installs its array parsers once it is ready (over ours for the array types): put ours back.
  const parsersReady = client.waitReady.then(() => {
    Object.assign(client.parsers, DRIZZLE_PGLITE_PARSERS);
  });
  const db = drizzlePglite({
    client: withoutPerQueryParsers(client, parsersReady),
    schema,
    casing: 'snake_case',
  });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: async () => {
      if (await migrationsApplied(db as unknown as Database)) return;
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    },
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/**
 * PGlite's server settings: its own defaults plus a smaller buffer cache. PostgreSQL's default
 * 128 MB of shared buffers is allocated in the WebAssembly heap up front and never returned; the
 * embedded database of one product instance (and of a test) works in 16 MB, and pages beyond it
 * are read from the folder's files through the OS cache.
 */
export function pgliteStartParams(): readonly string[] {
  return [...loadPglite().PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
}

/**
 * Creating a PGlite cluster (initdb) grows the WebAssembly heap to about 900 MB, and a heap never
 * shrinks: a process that created its folder kept that memory for its whole life. So an empty folder
 * is initialised by a short-lived child process, and this process opens the finished cluster.
 */
function initializePgliteDirOutOfProcess(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const script = `
    const { PGlite } = await import('@electric-sql/pglite');
    const pg = new PGlite({ dataDir: process.argv[1], startParams: JSON.parse(process.argv[2]) });
    await pg.waitReady;
    await pg.close();`;
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', script, dataDir, JSON.stringify(pgliteStartParams())],
    // From this package's folder, where the child's bare import finds PGlite.
    { cwd: PACKAGE_DIR, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}

/** The journal's migrations: how many, and the newest one's timestamp (drizzle's `folderMillis`). */
export function migrationJournal(): { count: number; lastMillis: number } {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return { count: journal.entries.length, lastMillis: Math.max(...journal.entries.map((e) => e.when)) };
}

/**
 * True when the database already has every migration of the journal, read in one query: at least
 * as many applied rows as journal entries and the newest applied one no older than the journal's
 * newest. That is drizzle's own test (it applies a migration whose timestamp is newer than the last
 * applied one), so a false here means the migrator has something to do. A database without the
 * migrations table (a fresh one) is false.
 */
export async function migrationsApplied(db: Database): Promise<boolean> {
  const journal = migrationJournal();
  let row: { applied: number; last: string | null } | undefined;
  try {
    const result = (await db.execute(
      rawSql`select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations`,
    )) as unknown;
    // PGlite answers `{ rows }`, postgres.js an array.
    row = (Array.isArray(result) ? result : (result as { rows: (typeof row)[] }).rows)[0];
  } catch {
    return false; // No migrations table yet: a fresh database.
  }
  return row !== undefined && row.applied >= journal.count && Number(row.last ?? 0) >= journal.lastMillis;
}

/**
 * Applies the migrations on a connection of its own that holds MIGRATION_LOCK_KEY for the whole run
 * (the migrator's statements and its transaction all go through that one connection).
 */
async function migratePostgresLocked(url: string): Promise<void> {
  const sql = postgres(...connectionOf(url, { max: 1, onnotice: () => {} }));
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      const { migrate } = await import('drizzle-orm/postgres-js/migrator');
      await migrate(drizzlePostgres({ client: sql }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * The type parsers drizzle passes to PGlite with every query (dates, intervals and numeric arrays
 * kept as text, for drizzle to map). PGlite copies its whole parser table whenever a query brings
 * parsers of its own (about 100 µs a query), so the client is built with these once instead.
 */
const keepText = (value: string) => value;
export const DRIZZLE_PGLITE_PARSERS: Record<number, (value: string) => unknown> = {
  // PostgreSQL's type ids (PGlite's `types`: TIMESTAMP, TIMESTAMPTZ, INTERVAL, DATE), written out so
  // this table does not load PGlite.
  1114: keepText, // timestamp
  1184: keepText, // timestamptz
  1186: keepText, // interval
  1082: keepText, // date
  1231: keepText, // numeric[]
  1115: keepText, // timestamp[]
  1185: keepText, // timestamptz[]
  1187: keepText, // interval[]
  1182: keepText, // date[]
};

type Queryable = Pick<PGlite, 'query'> & Partial<Pick<PGlite, 'transaction'>>;

/**
 * The client drizzle talks to: PGlite (and each transaction's client) with the per-query `parsers`
 * option dropped, since the client already holds the same parsers (DRIZZLE_PGLITE_PARSERS).
 */
export function withoutPerQueryParsers<T extends Queryable>(client: T, ready?: Promise<void>): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      if (prop === 'query') {
        return async (query: string, params?: unknown[], options?: QueryOptions) => {
          if (ready) await ready;
          return target.query(query, params, options?.parsers ? { ...options, parsers: undefined } : options);
        };
      }
      if (prop === 'transaction' && target.transaction) {
        return <R>(run: (tx: Queryable) => Promise<R>) =>
          target.transaction!((tx) => run(withoutPerQueryParsers(tx)));
      }
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Picks the database from the environment: DATABASE_URL → PostgreSQL, else PGlite under `dataDir`. */
export function databaseFromEnv(env: {
  DATABASE_URL?: string | undefined;
  dataDir: string;
  /** Connections this process may open to PostgreSQL (default 10), and as many to the read replica. */
  poolMax?: number | undefined;
  /** `transaction` when DATABASE_URL is a transaction-mode pooler (createDatabase's `poolMode`). */
  poolMode?: 'session' | 'transaction' | undefined;
  DATABASE_MIGRATION_URL?: string | undefined;
  /** A streaming replica for lag-tolerant reads (PostgreSQL only). */
  read?: ReadReplicaOptions | undefined;
}): DatabaseHandle {
  if (!env.DATABASE_URL) {
    if (env.read || env.DATABASE_MIGRATION_URL || env.poolMode === 'transaction')
      throw new Error(
        'DATABASE_READ_URL, DATABASE_MIGRATION_URL and DATABASE_POOL_MODE need DATABASE_URL (PostgreSQL): PGlite is one embedded database, with no replica and no pooler.',
      );
    return createDatabase({ kind: 'pglite', dataDir: env.dataDir });
  }
  return createDatabase({
    kind: 'postgres',
    url: env.DATABASE_URL,
    ...(env.poolMax !== undefined ? { max: env.poolMax } : {}),
    ...(env.poolMode ? { poolMode: env.poolMode } : {}),
    ...(env.DATABASE_MIGRATION_URL ? { migrationUrl: env.DATABASE_MIGRATION_URL } : {}),
    ...(env.read ? { read: env.read } : {}),
  });
}
