/**
 * Support staff: refund a deposit that was paid after it had expired or failed (status `refund_due`),
 * at once, through its payment provider — the same refund the `deposit.refund` job makes.
 *
 *   npx tsx apps/api/scripts/refund-deposit.ts <depositId>
 *
 * Run from the repository root with the product's environment: DATABASE_URL for PostgreSQL (any time),
 * or DATA_DIR for PGlite (default ./.data; stop the all-in-one server first: PGlite is single-process).
 * Exit codes: 0 refunded (or already refunded), 1 refused (unknown id, not in refund_due), 2 error.
 */
import { resolve } from 'node:path';
import { databaseFromEnv } from '@khel/db';
import { loadEnv } from '../src/env.ts';
import { createLogger } from '../src/lib/logger.ts';
import { RefundRefusedError, refundDepositByOperator } from '../src/modules/payments/refunds.ts';

async function main(argv: string[]): Promise<number> {
  const depositId = argv[0];
  if (!depositId || argv.length !== 1) {
    process.stderr.write('Usage: npx tsx apps/api/scripts/refund-deposit.ts <depositId>\n');
    return 1;
  }
  const env = loadEnv(process.env);
  const database = databaseFromEnv({
    DATABASE_URL: env.DATABASE_URL,
    dataDir: resolve(resolve(env.DATA_DIR), 'pglite'),
  });
  const logger = createLogger(env.LOG_LEVEL, { service: 'refund-deposit' });
  try {
    const { deposit, alreadyRefunded } = await refundDepositByOperator(
      { db: database.db, clock: () => new Date(), logger },
      depositId,
    );
    process.stdout.write(
      `Deposit ${deposit.id} ${alreadyRefunded ? 'was already refunded' : 'is refunded now'} (provider refund ${deposit.providerRefundId}, at ${deposit.refundedAt?.toISOString()}).\n`,
    );
    return 0;
  } catch (err) {
    if (err instanceof RefundRefusedError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    process.stderr.write(`Refund failed: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
