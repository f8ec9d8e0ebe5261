import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, inject, it } from 'vitest';
import { createDatabase, type DatabaseHandle, MIGRATIONS_FOLDER } from './client.ts';
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
