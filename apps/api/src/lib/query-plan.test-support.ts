import type { Database } from '@khel/db';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from './query-rows.ts';

class RolledBack extends Error {}

/**
 * The plan PostgreSQL (or PGlite) picks for `query` with sequential and bitmap scans priced out, as one text.
 * A test that finds an index's name in it, and no Sort, knows the query can be answered as an ordered range
 * of that index (its predicate and order match) whatever the size of the test's table. The settings live in
 * a transaction that is rolled back.
 */
export async function planOnIndexes(db: Database, query: SQL): Promise<string> {
  let plan = '';
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const rows = await queryRows<Record<string, string>>(tx, sql`explain ${query}`);
      plan = rows.map((r) => Object.values(r)[0]).join('\n');
      throw new RolledBack();
    });
  } catch (err) {
    if (!(err instanceof RolledBack)) throw err;
  }
  return plan;
}
