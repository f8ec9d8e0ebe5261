import {
  createDatabase,
  createMigratedPglite,
  createTestPostgresDatabase,
  type Database,
  type DatabaseHandle,
  type Executor,
  schema,
} from '@khel/db';
import type { UserAccountKind } from '@khel/db/schema';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbKind } from '../../test-support.ts';
import { databaseErrorOf } from './errors.ts';
import { systemAccountBalance, transfer, userAccount } from './ledger.ts';

/** A migrated database of the given kind; on PostgreSQL with a pool of `max` (20), so that transactions really race. */
export async function openLedgerDatabase(
  kind: DbKind,
  postgresAdminUrl: string,
  max = 20,
): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await createMigratedPglite();
    await handle.migrate();
    return handle;
  }
  const owner = await createTestPostgresDatabase(postgresAdminUrl, { migrated: true });
  await owner.migrate();
  const pool = createDatabase({ kind: 'postgres', url: owner.url, max });
  return {
    ...pool,
    async close() {
      await pool.close();
      await owner.close();
    },
  };
}

export async function newUser(db: Database): Promise<string> {
  const [row] = await db.insert(schema.users).values({}).returning({ id: schema.users.id });
  return row!.id;
}

let grantCounter = 0;
/** Credits a user account from the treasury (the way deposits and grants will). */
export async function fund(db: Database, userId: string, kind: UserAccountKind, amount: bigint) {
  const currency = schema.USER_ACCOUNT_CURRENCY[kind];
  return db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${userId}:${kind}:${grantCounter++}:${Date.now()}`,
      debit: { system: 'treasury' },
      credit: userAccount(userId, kind),
      amount,
      currency,
      kind: 'dev_grant',
    }),
  );
}

/** One account: a user's, or shard 0 of a system account. */
export async function accountOf(
  db: Executor,
  owner: string | null,
  kind: schema.LedgerAccountKind,
  currency?: string,
) {
  const t = schema.ledgerAccounts;
  const [row] = await db
    .select()
    .from(t)
    .where(
      and(
        owner === null ? and(isNull(t.ownerUserId), eq(t.shard, 0)) : eq(t.ownerUserId, owner),
        eq(t.kind, kind),
        currency ? eq(t.currency, currency as schema.LedgerCurrency) : undefined,
      ),
    );
  if (!row) throw new Error(`no ${kind} account for ${owner ?? 'system'}`);
  return row;
}

/** A system account's balance: the sum of its shards. */
export const systemBalance = (
  db: Executor,
  kind: schema.SystemAccountKind,
  currency: schema.LedgerCurrency,
) => systemAccountBalance(db, kind, currency);

/** Rows of a raw query on either driver. */
export async function rawRows<T = Record<string, unknown>>(db: Executor, query: SQL | string): Promise<T[]> {
  const result = (await db.execute(typeof query === 'string' ? sql.raw(query) : query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The SQLSTATE, constraint and text of the error a statement must raise. */
export async function databaseError(
  promise: Promise<unknown>,
): Promise<{ code?: string; message: string; constraint?: string }> {
  const err = await promise.then(
    () => expect.unreachable('the database accepted the statement'),
    (e: unknown) => e,
  );
  const found = databaseErrorOf(err);
  if (!found) throw err;
  return found;
}
