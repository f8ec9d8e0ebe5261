import type { Transaction } from '@khel/db';
import { sql } from 'drizzle-orm';

/**
 * Serialises one user's collects and payout settlements for the rest of the transaction (a
 * transaction-level advisory lock): both change the Rule 133 totals that the next collect's TDS is
 * worked out from. Taken before any earning, payout or ledger row is locked.
 */
export async function lockUserEarnings(tx: Transaction, userId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('khel:earnings'), hashtext(${userId}))`);
}
