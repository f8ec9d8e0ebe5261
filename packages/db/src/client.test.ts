import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, expect, inject, it } from 'vitest';
import {
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
