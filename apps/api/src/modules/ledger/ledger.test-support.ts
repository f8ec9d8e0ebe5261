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
import { transfer, userAccount } from './ledger.ts';

/** A migrated database of the given kind; on PostgreSQL with a pool of 20, so that transactions really race. */
export async function openLedgerDatabase(kind: DbKind, postgresAdminUrl: string): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await createMigratedPglite();
    await handle.migrate();
    return handle;
  }
  const owner = await createTestPostgresDatabase(postgresAdminUrl, { migrated: true });
  await owner.migrate();
  const pool = createDatabase({ kind: 'postgres', url: owner.url, max: 20 });
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
        owner === null ? isNull(t.ownerUserId) : eq(t.ownerUserId, owner),
        eq(t.kind, kind),
        currency ? eq(t.currency, currency as schema.LedgerCurrency) : undefined,
      ),
    );
  if (!row) throw new Error(`no ${kind} account for ${owner ?? 'system'}`);
  return row;
}

export async function systemBalance(
  db: Executor,
  kind: schema.SystemAccountKind,
  currency: schema.LedgerCurrency,
) {
  return (await accountOf(db, null, kind, currency)).balance;
}

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
