import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, expect, inject, it } from 'vitest';
import {
  connectionOf,
  createDatabase,
  type DatabaseHandle,
  MIGRATION_LOCK_KEY,
  MIGRATIONS_FOLDER,
  migrationsApplied,
} from './client.ts';
import { createTestPostgresDatabase } from './test-database.ts';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

const open: DatabaseHandle[] = [];
afterAll(async () => {
  // Starters first, then the test database (which drops it).
  await Promise.all(open.splice(1).map((h) => h.close()));
  await open[0]?.close();
});

// Split mode (DESIGN §2): API replicas and job workers each apply migrations at start. Without the
// advisory lock, two starters on a fresh database both ran CREATE SCHEMA and one failed (5 runs in 5).
it('PostgreSQL only: four processes migrating one fresh database at once all succeed, each migration applied once', async () => {
  const fresh = await createTestPostgresDatabase(inject('postgresAdminUrl'));
  open.push(fresh);
  const starters = Array.from({ length: 4 }, () =>
    createDatabase({ kind: 'postgres', url: fresh.url, max: 2 }),
  );
  open.push(...starters);
  const results = await Promise.allSettled(starters.map((s) => s.migrate()));
  expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
  const rows = (await fresh.db.execute(
    'select hash from drizzle.__drizzle_migrations',
  )) as unknown as unknown[];
  expect(rows).toHaveLength(journal.entries.length);
});

// Issue 23: a start on an existing database checks the applied migrations in one read and runs no
// migrator. Were it to run the migrator, it would take MIGRATION_LOCK_KEY first, and here another
// session holds that lock for the whole test: the migrate() below would wait for ever.
it('PostgreSQL only: migrate() on a migrated database neither waits for the migration lock nor changes it', async () => {
  const database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
  open.push(database);
  expect(await migrationsApplied(database.db)).toBe(false);
  await database.migrate();
  expect(await migrationsApplied(database.db)).toBe(true);
  const holder = postgres(database.url, { max: 1, onnotice: () => {} });
  const starter = createDatabase({ kind: 'postgres', url: database.url, max: 1 });
  try {
    await holder`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    await starter.migrate();
    const rows = (await database.db.execute(
      'select count(*)::int as n from drizzle.__drizzle_migrations',
    )) as unknown as { n: number }[];
    expect(rows[0]?.n).toBe(journal.entries.length);
  } finally {
    await starter.close();
    await holder.end({ timeout: 5 });
  }
});

it('a database missing the newest migration is not taken for migrated', async () => {
  const database = createDatabase({ kind: 'pglite' });
  try {
    await database.migrate();
    expect(await migrationsApplied(database.db)).toBe(true);
    await database.db.execute(
      'delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)',
    );
    expect(await migrationsApplied(database.db)).toBe(false);
  } finally {
    await database.close();
  }
  // Every migration from an empty PGlite: 31 s once on a loaded 2-core machine, past the project's 30 s.
}, 120_000);

it('a libpq socket URL (`?host=/dir`) names the Unix-domain socket, and other URLs pass as they are', () => {
  expect(connectionOf('postgres://khel@localhost:6543/khel?host=/var/run/postgresql/', { max: 3 })).toEqual([
    'postgres://khel@localhost:6543/khel',
    { max: 3, path: '/var/run/postgresql/.s.PGSQL.6543' },
  ]);
  expect(connectionOf('postgres://khel@localhost/khel?host=/tmp&sslmode=disable', {})).toEqual([
    'postgres://khel@localhost/khel?sslmode=disable',
    { path: '/tmp/.s.PGSQL.5432' },
  ]);
  const tcp = 'postgres://khel@db.internal:5432/khel?host=db.internal';
  expect(connectionOf(tcp, { max: 1 })).toEqual([tcp, { max: 1 }]);
});

// The server's own socket, when this machine runs it (CI and the README's setup do).
const SOCKET_DIR = '/var/run/postgresql';
const adminPort = new URL(inject('postgresAdminUrl')).port || '5432';
it.runIf(existsSync(`${SOCKET_DIR}/.s.PGSQL.${adminPort}`))(
  'PostgreSQL only: a database reached through its Unix-domain socket runs queries and transactions',
  async () => {
    const admin = new URL(inject('postgresAdminUrl'));
    admin.hostname = 'localhost';
    admin.searchParams.set('host', SOCKET_DIR);
    const database = await createTestPostgresDatabase(admin.toString(), { migrated: true });
    open.push(database);
    // inet_server_addr() is null on a Unix-domain socket, an address over TCP.
    const rows = (await database.db.execute(sql`select inet_server_addr() as addr`)) as unknown as {
      addr: string | null;
    }[];
    expect(rows).toEqual([{ addr: null }]);
    const count = await database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table socket_check (n int) on commit drop`);
      await tx.execute(sql`insert into socket_check values (1), (2)`);
      const counted = (await tx.execute(sql`select count(*)::int as n from socket_check`)) as unknown as {
        n: number;
      }[];
      return counted[0]?.n;
    });
    expect(count).toBe(2);
  },
);
