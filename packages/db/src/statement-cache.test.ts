import { sql } from 'drizzle-orm';
import { afterAll, expect, inject, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client.ts';
import { statementAdmission } from './statement-cache.ts';
import { createTestPostgresDatabase } from './test-database.ts';

const open: DatabaseHandle[] = [];
afterAll(async () => {
  await Promise.all(open.splice(1).map((h) => h.close()));
  await open[0]?.close();
});

it('a text is admitted from its second sighting on, and no more than max texts ever are', () => {
  const admission = statementAdmission({ max: 2, after: 2 });
  expect(admission.admit('a')).toBe(false);
  expect(admission.admit('a')).toBe(true);
  expect(admission.admit('a')).toBe(true);
  expect(admission.admit('b')).toBe(false);
  expect(admission.admit('b')).toBe(true);
  expect(admission.admit('c')).toBe(false);
  expect(admission.admit('c')).toBe(false);
  expect([...admission.prepared]).toEqual(['a', 'b']);
});

// Issue 23: drizzle sends unnamed statements (two round trips each, parsed and planned every time);
// the pool prepares the texts it sees again, in and out of transactions, and leaves one-offs unnamed.
it('PostgreSQL only: a repeated query becomes a named prepared statement of the connection; a one-off does not', async () => {
  const database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
  open.push(database);
  const handle = createDatabase({ kind: 'postgres', url: database.url, max: 1 });
  open.push(handle);
  const db = handle.db;
  const prepared = async () =>
    (
      (await db.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
        statement: string;
      }[]
    )
      .map((r) => r.statement)
      .filter((s) => s.includes('khel_statement_cache_probe'));
  const repeated = (n: number) => sql`select ${n}::int + 1 as khel_statement_cache_probe_repeated`;
  for (let i = 0; i < 3; i++)
    expect(await db.execute(repeated(i))).toEqual([{ khel_statement_cache_probe_repeated: i + 1 }]);
  await db.transaction(async (tx) => {
    for (let i = 0; i < 3; i++) await tx.execute(sql`select ${i}::int as khel_statement_cache_probe_in_tx`);
    await tx.transaction(async (inner) => {
      for (let i = 0; i < 3; i++)
        await inner.execute(sql`select ${i}::int as khel_statement_cache_probe_savepoint`);
    });
  });
  await db.execute(sql`select ${1}::int as khel_statement_cache_probe_once`);
  const names = await prepared();
  expect(names.some((s) => s.includes('khel_statement_cache_probe_repeated'))).toBe(true);
  expect(names.some((s) => s.includes('khel_statement_cache_probe_in_tx'))).toBe(true);
  expect(names.some((s) => s.includes('khel_statement_cache_probe_savepoint'))).toBe(true);
  expect(names.some((s) => s.includes('khel_statement_cache_probe_once'))).toBe(false);
});

it('PostgreSQL only: behind a transaction-mode pooler nothing is prepared', async () => {
  const database = await createTestPostgresDatabase(inject('postgresAdminUrl'));
  open.push(database);
  const handle = createDatabase({ kind: 'postgres', url: database.url, max: 1, poolMode: 'transaction' });
  open.push(handle);
  for (let i = 0; i < 3; i++)
    await handle.db.execute(sql`select ${i}::int as khel_statement_cache_probe_pooled`);
  const rows = (await handle.db.execute(
    sql`select count(*)::int as n from pg_prepared_statements`,
  )) as unknown as { n: number }[];
  expect(rows[0]?.n).toBe(0);
});
