import type { CurrencyCode } from '@khel/core/format';
import type { Executor, Transaction } from '@khel/db';
import {
  type LedgerAccountRow,
  ledgerAccounts,
  SYSTEM_ACCOUNT_KINDS,
  type SystemAccountKind,
  USER_ACCOUNT_CURRENCY,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from '@khel/db/schema';
import { and, asc, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import type { FirstSignInHook } from '../../lib/context.ts';
import { LedgerUsageError } from './errors.ts';

/**
 * Which account a transfer leg touches: by id, a user's account by kind, or a system account by kind
 * (in the transfer's currency).
 */
export type AccountRef =
  | { accountId: string }
  | { userId: string; kind: UserAccountKind }
  | { system: SystemAccountKind };

export const userAccount = (userId: string, kind: UserAccountKind): AccountRef => ({ userId, kind });
export const systemAccount = (kind: SystemAccountKind): AccountRef => ({ system: kind });

export interface RefInCurrency {
  ref: AccountRef;
  currency: CurrencyCode;
}

export function refKey({ ref, currency }: RefInCurrency): string {
  if ('accountId' in ref) return `id:${ref.accountId}`;
  if ('userId' in ref) return `user:${ref.userId}:${ref.kind}`;
  return `system:${ref.system}:${currency}`;
}

function assertRef({ ref, currency }: RefInCurrency) {
  if ('userId' in ref && USER_ACCOUNT_CURRENCY[ref.kind] !== currency)
    throw new LedgerUsageError(`${ref.kind} holds ${USER_ACCOUNT_CURRENCY[ref.kind]}, not ${currency}`);
  if ('system' in ref && !SYSTEM_ACCOUNT_KINDS.includes(ref.system))
    throw new LedgerUsageError(`unknown system account ${String(ref.system)}`);
}

function matches(row: LedgerAccountRow, { ref, currency }: RefInCurrency): boolean {
  if ('accountId' in ref) return row.id === ref.accountId;
  if ('userId' in ref) return row.ownerUserId === ref.userId && row.kind === ref.kind;
  return row.ownerUserId === null && row.kind === ref.system && row.currency === currency;
}

function conditionOf({ ref, currency }: RefInCurrency): SQL {
  const t = ledgerAccounts;
  if ('accountId' in ref) return eq(t.id, ref.accountId);
  if ('userId' in ref)
    return and(eq(t.ownerUserId, ref.userId), eq(t.currency, currency), eq(t.kind, ref.kind))!;
  return and(isNull(t.ownerUserId), eq(t.kind, ref.system), eq(t.currency, currency))!;
}

/**
 * Creates the user's five accounts if missing (idempotent; safe under concurrency). Call it at
 * sign-up or first thing in a money transaction, before any account is locked: creating an account
 * while holding locks on others is the one way two first payments of a new user could deadlock.
 */
export async function ensureUserAccounts(
  db: Executor,
  userId: string,
): Promise<Record<UserAccountKind, LedgerAccountRow>> {
  const t = ledgerAccounts;
  await db
    .insert(t)
    .values(
      USER_ACCOUNT_KINDS.map((kind) => ({
        ownerUserId: userId,
        kind,
        currency: USER_ACCOUNT_CURRENCY[kind],
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select().from(t).where(eq(t.ownerUserId, userId));
  return Object.fromEntries(rows.map((r) => [r.kind, r])) as Record<UserAccountKind, LedgerAccountRow>;
}

/** For `deps.firstSignInHooks`: every account has its ledger accounts before its first payment. */
export const ensureLedgerAccountsHook: FirstSignInHook = async (deps, user) => {
  if (user.deletedAt) return;
  await ensureUserAccounts(deps.db, user.id);
};

/** The system accounts are seeded by the migration; this covers a kind or currency added later. */
async function ensureSystemAccounts(
  db: Executor,
  wanted: { kind: SystemAccountKind; currency: CurrencyCode }[],
) {
  if (wanted.length === 0) return;
  await db
    .insert(ledgerAccounts)
    .values(wanted.map((w) => ({ ownerUserId: null, kind: w.kind, currency: w.currency })))
    .onConflictDoNothing();
}

/**
 * Resolves the refs and locks their accounts (FOR NO KEY UPDATE) in id order, for the rest of the
 * transaction. Every writer locks in that one global order, so two transfers over the same accounts
 * queue instead of deadlocking. Returns the locked rows (with their current balances) by refKey.
 */
export async function lockAccounts(
  tx: Transaction,
  refs: readonly RefInCurrency[],
): Promise<Map<string, LedgerAccountRow>> {
  refs.forEach(assertRef);
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const select = () =>
    tx
      .select()
      .from(ledgerAccounts)
      .where(or(...unique.map(conditionOf)))
      .orderBy(asc(ledgerAccounts.id));

  // Missing accounts are created BEFORE any row is locked: creating one while holding a lock could
  // wait on another transaction's uncommitted insert of the same account while it waits on our lock.
  const existing = await select();
  const missing = unique.filter((r) => !existing.some((row) => matches(row, r)));
  if (missing.length > 0) {
    const unknownId = missing.find((r) => 'accountId' in r.ref);
    if (unknownId) throw new LedgerUsageError(`no account ${refKey(unknownId)}`);
    const userIds = new Set(missing.flatMap((r) => ('userId' in r.ref ? [r.ref.userId] : [])));
    for (const userId of userIds) await ensureUserAccounts(tx, userId);
    await ensureSystemAccounts(
      tx,
      missing.flatMap((r) => ('system' in r.ref ? [{ kind: r.ref.system, currency: r.currency }] : [])),
    );
  }
  const rows = await select().for('no key update');

  const byKey = new Map<string, LedgerAccountRow>();
  for (const r of unique) {
    const row = rows.find((candidate) => matches(candidate, r));
    if (!row) throw new LedgerUsageError(`no account ${refKey(r)}`);
    byKey.set(refKey(r), row);
  }
  return byKey;
}

export type UserBalances = Record<UserAccountKind, bigint>;

/** The user's cached balances (0 for accounts not created yet). Reads only. */
export async function balances(db: Executor, userId: string): Promise<UserBalances> {
  const t = ledgerAccounts;
  const rows = await db
    .select({ kind: t.kind, balance: t.balance })
    .from(t)
    .where(and(eq(t.ownerUserId, userId), inArray(t.kind, USER_ACCOUNT_KINDS)));
  const result = Object.fromEntries(USER_ACCOUNT_KINDS.map((k) => [k, 0n])) as UserBalances;
  for (const row of rows) result[row.kind as UserAccountKind] = row.balance;
  return result;
}
