import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, MIGRATIONS_FOLDER } from './client.ts';
import { createMigratedPglite, createTestPostgresDatabase } from './test-database.ts';

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};
const open: DatabaseHandle[] = [];
afterAll(async () => {
  await Promise.all(open.splice(0).map((h) => h.close()));
});

/** Rows of a raw query, whichever driver answered (postgres.js: an array; PGlite: `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
const applied = async (h: DatabaseHandle) =>
  rowsOf(await h.db.execute('select hash from drizzle.__drizzle_migrations'));
const count = async (h: DatabaseHandle) =>
  rowsOf<{ n: number }>(await h.db.execute('select count(*)::int as n from users'))[0]!.n;

describe('migrated test databases are copies of one template', () => {
  it('PostgreSQL: six copies made at once each hold every migration, and writes stay in their copy', async () => {
    const copies = await Promise.all(
      Array.from({ length: 6 }, () =>
        createTestPostgresDatabase(inject('postgresAdminUrl'), { migrated: true }),
      ),
    );
    open.push(...copies);
    for (const copy of copies) expect(await applied(copy)).toHaveLength(journal.entries.length);
    await copies[0]!.db.execute(`insert into users default values`);
    expect(await count(copies[0]!)).toBe(1);
    expect(await count(copies[1]!)).toBe(0);
  });

  it('PGlite: two copies hold every migration and are independent', async () => {
    const [a, b] = [await createMigratedPglite(), await createMigratedPglite()];
    open.push(a, b);
    expect(await applied(a)).toHaveLength(journal.entries.length);
    await a.db.execute(`insert into users default values`);
    expect(await count(a)).toBe(1);
    expect(await count(b)).toBe(0);
  });
});
