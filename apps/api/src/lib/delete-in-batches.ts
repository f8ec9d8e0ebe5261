import type { Executor } from '@khel/db';
import { type SQL, sql } from 'drizzle-orm';
import { queryRows } from './query-rows.ts';

export interface DeleteInBatchesOptions {
  /** Rows per DELETE: short statements, so the writers of the table never wait on a pruner for long. */
  batchSize: number;
  /** Stop after this many batches (the next run goes on); default: until a batch finds fewer than batchSize. */
  maxBatches?: number;
  /** The key column `victims` selects and the rows are found by: `id` unless given. */
  key?: SQL;
}

/**
 * Deletes the rows of `table` whose `id` the `victims` query selects, `batchSize` at a time, each batch its
 * own statement (and its own transaction unless `db` is one). `victims(limit)` must select `id` with that
 * limit, from an index range so a batch costs the same however large the table, and FOR UPDATE SKIP LOCKED,
 * so two pruners (one per worker) never wait on each other. The ids are gathered into an array first, so
 * the rows are then found through the primary key: with `id in (…)` the planner may hash-join against a
 * sequential scan of the whole table (bench/growth.ts showed it). Returns how many rows were deleted.
 */
export async function deleteInBatches(
  db: Executor,
  table: SQL,
  victims: (limit: number) => SQL,
  options: DeleteInBatchesOptions,
): Promise<number> {
  const maxBatches = options.maxBatches ?? Number.POSITIVE_INFINITY;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`with gone as (delete from ${table} where ${options.key ?? sql`id`} = any(array(${victims(options.batchSize)})) returning 1)
          select count(*)::int as n from gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < options.batchSize) break;
  }
  return total;
}
