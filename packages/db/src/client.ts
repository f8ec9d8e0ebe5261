import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { claimPgliteDir } from './pglite-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** Either driver: the same queries and transactions run on PGlite and on PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** A database handle or an open transaction: services accept either. */
export type Executor = Database | Transaction;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../drizzle', import.meta.url));

/**
 * Session advisory lock that serialises migrations on one PostgreSQL database: processes starting
 * at once (API replicas, job workers) take turns, and the later ones find nothing left to apply.
 * Without it two starters on a fresh database both run `CREATE SCHEMA`/`CREATE TABLE` and one fails.
 */
export const MIGRATION_LOCK_KEY = 7_341_120_211n;

export type DatabaseOptions =
  /** PostgreSQL server (split mode, tests on a real server). */
  | { kind: 'postgres'; url: string; max?: number }
  /** Embedded PostgreSQL: a folder, or in memory when `dataDir` is omitted. */
  | { kind: 'pglite'; dataDir?: string };

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** The one client factory: PGlite by default, PostgreSQL when a URL is given. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.kind === 'postgres') {
    const sql = postgres(options.url, { max: options.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres({ client: sql, schema, casing: 'snake_case' });
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      migrate: () => migratePostgresLocked(options.url),
      close: () => sql.end({ timeout: 5 }),
    };
  }
  let release = () => {};
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    release = claimPgliteDir(options.dataDir);
  }
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite({ client, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
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
 * Applies the migrations on a connection of its own that holds MIGRATION_LOCK_KEY for the whole run
 * (the migrator's statements and its transaction all go through that one connection).
 */
async function migratePostgresLocked(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      await migratePostgres(drizzlePostgres({ client: sql }), { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Picks the database from the environment: DATABASE_URL → PostgreSQL, else PGlite under `dataDir`. */
export function databaseFromEnv(env: {
  DATABASE_URL?: string | undefined;
  dataDir: string;
  /** Connections this process may open to PostgreSQL (default 10). */
  poolMax?: number | undefined;
}): DatabaseHandle {
  return env.DATABASE_URL
    ? createDatabase({
        kind: 'postgres',
        url: env.DATABASE_URL,
        ...(env.poolMax !== undefined ? { max: env.poolMax } : {}),
      })
    : createDatabase({ kind: 'pglite', dataDir: env.dataDir });
}
