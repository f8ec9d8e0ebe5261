import type { Executor } from '@khel/db';
import type { SQL } from 'drizzle-orm';

/** The rows of a raw query, whichever driver ran it (PGlite answers `{ rows }`, postgres.js an array). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}
