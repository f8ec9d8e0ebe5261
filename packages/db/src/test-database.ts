import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { connectionOf, createDatabase, type DatabaseHandle, MIGRATIONS_FOLDER } from './client.ts';

/**
 * Test databases. Migrating a database from scratch costs seconds on PGlite and on PostgreSQL, and
 * the API tests make hundreds of them, so each kind has a migrated template, made once per set of
 * migrations (its name carries their hash) and copied per test:
 * - PostgreSQL: a database `khel_tpl_<hash>` on the test server, cloned with
 *   `CREATE DATABASE … TEMPLATE`; kept between runs and replaced when the migrations change;
 * - PGlite: a dump of a migrated in-memory cluster (`dumpDataDir`), kept in the OS temp folder and
 *   in memory, loaded with `loadDataDir`.
 * A copy is still migrated by whoever opens it (`migrate()` then finds nothing to apply).
 */

let hashOfMigrations: string | undefined;

/** Hash of every migration file: a template made from other migrations is never used. */
export function migrationsHash(): string {
  if (hashOfMigrations) return hashOfMigrations;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(MIGRATIONS_FOLDER);
  hashOfMigrations = hash.digest('hex').slice(0, 16);
  return hashOfMigrations;
}

const TEMPLATE_LOCK_KEY = 7_341_120_212n;
const TEMPLATE_PREFIX = 'khel_tpl_';
/** How many templates (this migration set's included) the server keeps. */
const KEPT_TEMPLATES = 6;

/** Templates this process has seen made, per server: each later copy skips the lock and the look-up. */
const postgresTemplates = new Map<string, Promise<string>>();

function ensurePostgresTemplate(adminUrl: string): Promise<string> {
  let template = postgresTemplates.get(adminUrl);
  if (!template) {
    template = makePostgresTemplate(adminUrl);
    template.catch(() => postgresTemplates.delete(adminUrl));
    postgresTemplates.set(adminUrl, template);
  }
  return template;
}

/** Makes the migrated PostgreSQL template for the current migrations if the server lacks it. */
async function makePostgresTemplate(adminUrl: string): Promise<string> {
  const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
  const admin = postgres(...connectionOf(adminUrl, { max: 1, onnotice: () => {} }));
  try {
    // One builder at a time (test workers start together); the others find it made.
    await admin`select pg_advisory_lock(${TEMPLATE_LOCK_KEY.toString()}::bigint)`;
    try {
      const found = await admin`select 1 from pg_database where datname = ${name}`;
      if (found.length > 0) return name;
      // Templates of other migration sets may belong to another checkout testing right now (a branch
      // with a new migration): keep the newest few, drop the older ones (oids grow with creation).
      const stale = await admin`select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}
        order by oid desc offset ${KEPT_TEMPLATES - 1}`;
      for (const { datname } of stale)
        await admin.unsafe(`drop database if exists "${datname}"`).catch(() => {});
      // Built under another name and renamed when complete: a run killed mid-way leaves no half template.
      const building = `${name}_${randomBytes(3).toString('hex')}`;
      await admin.unsafe(`create database "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const handle = createDatabase({ kind: 'postgres', url: url.toString(), max: 1 });
      try {
        await handle.migrate();
      } finally {
        await handle.close();
      }
      await admin.unsafe(`alter database "${building}" rename to "${name}"`);
      return name;
    } finally {
      await admin`select pg_advisory_unlock(${TEMPLATE_LOCK_KEY.toString()}::bigint)`;
    }
  } finally {
    await admin.end({ timeout: 5 });
  }
}

/**
 * A PostgreSQL database of its own for one test: created with a random name on the server
 * `adminUrl` points at, and dropped by `close()`. Empty, or with `migrated: true` a copy of the
 * migrated template.
 */
export async function createTestPostgresDatabase(
  adminUrl: string,
  options: { migrated?: boolean; max?: number } = {},
): Promise<DatabaseHandle & { url: string }> {
  const name = `khel_test_${randomBytes(6).toString('hex')}`;
  const template = options.migrated ? await ensurePostgresTemplate(adminUrl) : undefined;
  const admin = postgres(...connectionOf(adminUrl, { max: 1, onnotice: () => {} }));
  try {
    await admin.unsafe(`create database "${name}"${template ? ` template "${template}"` : ''}`);
    // A test database is thrown away: commits need not wait for the WAL to reach the disk. Every
    // guarantee between transactions (locks, isolation, constraints) is unchanged.
    await admin.unsafe(`alter database "${name}" set synchronous_commit = off`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = createDatabase({ kind: 'postgres', url: url.toString(), max: options.max ?? 5 });
  return {
    ...handle,
    url: url.toString(),
    async close() {
      await handle.close();
      const dropper = postgres(...connectionOf(adminUrl, { max: 1, onnotice: () => {} }));
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}

let pgliteTemplate: Promise<Blob> | undefined;

/** The migrated PGlite cluster as a dump: from memory, else the temp folder, else made now. */
function pgliteTemplateDump(): Promise<Blob> {
  pgliteTemplate ??= (async () => {
    const file = join(tmpdir(), `khel-pglite-template-${migrationsHash()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const handle = createDatabase({ kind: 'pglite' });
    try {
      await handle.migrate();
      const dump = await handle.dump!();
      // Written whole, then renamed: a worker reading it at the same time never sees half a file.
      const partial = `${file}.${process.pid}.${randomBytes(3).toString('hex')}`;
      writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
      renameSync(partial, file);
      return dump;
    } finally {
      await handle.close();
    }
  })();
  pgliteTemplate.catch(() => {
    pgliteTemplate = undefined;
  });
  return pgliteTemplate;
}

/** An in-memory PGlite database, already migrated (a copy of the template). */
export async function createMigratedPglite(): Promise<DatabaseHandle> {
  return createDatabase({ kind: 'pglite', loadDataDir: await pgliteTemplateDump() });
}

declare module 'vitest' {
  /** Handed to API and database tests by tests/fixtures/postgres-global-setup.ts. */
  export interface ProvidedContext {
    postgresAdminUrl: string;
    /** TEST_DATABASES: `all` runs the API's module tests on PGlite too (apps/api/src/test-support.ts). */
    testDatabases: string;
  }
}
