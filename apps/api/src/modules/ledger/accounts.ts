import type { CurrencyCode } from '@khel/core/format';
import type { Executor, Transaction } from '@khel/db';
import {
  type LedgerAccountRow,
  ledgerAccounts,
  SYSTEM_ACCOUNT_KINDS,
  SYSTEM_ACCOUNT_SHARDS,
  type SystemAccountKind,
  USER_ACCOUNT_CURRENCY,
  USER_ACCOUNT_KINDS,
  type UserAccountKind,
} from '@khel/db/schema';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { FirstSignInHook } from '../../lib/context.ts';
import { LedgerUsageError } from './errors.ts';
import { freeShard, pickShard } from './shards.ts';

/**
 * Which account a transfer leg touches: by id, a user's account by kind, or a system account by kind
 * (in the transfer's currency; the transfer picks one of its shards).
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

/** The system accounts are seeded by the migrations; this covers a kind or currency added later. */
async function ensureSystemAccounts(
  db: Executor,
  wanted: { kind: SystemAccountKind; currency: CurrencyCode }[],
) {
  if (wanted.length === 0) return;
  const shards = Array.from({ length: SYSTEM_ACCOUNT_SHARDS }, (_, shard) => shard);
  await db
    .insert(ledgerAccounts)
    .values(
      wanted.flatMap((w) =>
        shards.map((shard) => ({ ownerUserId: null, kind: w.kind, currency: w.currency, shard })),
      ),
    )
    .onConflictDoNothing();
}

/** True when the account row is the one the ref names (any shard of a system account). */
export function isAccountOf(
  row: Pick<LedgerAccountRow, 'id' | 'ownerUserId' | 'kind' | 'currency'>,
  { ref, currency }: RefInCurrency,
): boolean {
  if ('accountId' in ref) return row.id === ref.accountId;
  if ('userId' in ref) return row.ownerUserId === ref.userId && row.kind === ref.kind;
  return row.ownerUserId === null && row.kind === ref.system && row.currency === currency;
}

/**
 * Resolves the refs and locks their accounts (FOR NO KEY UPDATE) for the rest of the transaction, and
 * returns the locked rows (with their current balances) by refKey:
 * - user accounts and accounts named by id: locked in id order, waiting, so two transfers over the same
 *   accounts queue instead of deadlocking;
 * - then each system account, in refKey order: ONE of its shards, picked by pickShard (a free one,
 *   without waiting; for `needs`, one whose balance covers the amount needed there).
 * `needs`: by refKey, the minor units a system account's shard must hold for the legs (debits of the
 * non-negative system accounts). README "Shards" argues why this order cannot deadlock.
 */
export async function lockAccounts(
  tx: Transaction,
  refs: readonly RefInCurrency[],
  needs: ReadonlyMap<string, bigint> = new Map(),
): Promise<Map<string, LedgerAccountRow>> {
  return (await lockAccountsAnd(tx, refs, needs, async () => null)).accounts;
}

/**
 * lockAccounts, and `lookUp` (a statement, e.g. a look-up of keys that must come after the user
 * accounts' locks) sent in the same round trip as the locks, right after them: the user accounts' lock and
 * the pick of the first system account's shard when it has nothing to cover (SKIP LOCKED, so it never
 * waits). The connection runs them in the order they were sent (one transaction, one connection), so
 * `lookUp` runs under the user accounts' locks exactly as if it had been awaited after them. When it gives a
 * value (not null), the system accounts' shards not picked in that round trip are not picked: `accounts`
 * then holds the user accounts and the accounts named by id only, and the caller stops there (a replay).
 */
export async function lockAccountsAnd<T>(
  tx: Transaction,
  refs: readonly RefInCurrency[],
  needs: ReadonlyMap<string, bigint>,
  lookUp: () => Promise<T | null>,
): Promise<{ accounts: Map<string, LedgerAccountRow>; found: T | null }> {
  refs.forEach(assertRef);
  const unique = [...new Map(refs.map((r) => [refKey(r), r])).values()];
  const rowRefs = unique.filter((r) => !('system' in r.ref));
  const systemRefs = unique.filter((r) => 'system' in r.ref).sort((a, b) => (refKey(a) < refKey(b) ? -1 : 1));
  const systemOf = (r: RefInCurrency) => (r.ref as { system: SystemAccountKind }).system;
  const needOf = (r: RefInCurrency) => (systemOf(r) === 'treasury' ? 0n : (needs.get(refKey(r)) ?? 0n));
  // A system account is looked for by its shard 0 (it exists when that one does); it is never locked here.
  const select = (wanted: readonly RefInCurrency[]) =>
    tx
      .select()
      .from(ledgerAccounts)
      .where(
        or(
          ...wanted.map((r) =>
            'system' in r.ref ? and(conditionOf(r), eq(ledgerAccounts.shard, 0))! : conditionOf(r),
          ),
        ),
      )
      .orderBy(asc(ledgerAccounts.id));

  // Missing accounts are created BEFORE any row is locked: creating one while holding a lock could
  // wait on another transaction's uncommitted insert of the same account while it waits on our lock.
  const existing = await select(unique);
  const missing = unique.filter((r) => !existing.some((row) => isAccountOf(row, r)));
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

  // One round trip: the user accounts (waiting), the first system account's free shard when it needs
  // nothing covered (never waiting), then `lookUp`. Each is started here in that order, so each reaches
  // the connection's pipeline in that order and PostgreSQL runs it in that order; the three go out in one
  // write. (Started, not merely created: a drizzle query runs only once something awaits it.)
  const first = systemRefs[0];
  const firstFree = first && needOf(first) <= 0n ? first : undefined;
  const rowsLocked: Promise<LedgerAccountRow[]> =
    rowRefs.length > 0 ? Promise.resolve(select(rowRefs).for('no key update')) : Promise.resolve([]);
  const freePicked = firstFree
    ? freeShard(tx, { kind: systemOf(firstFree), currency: firstFree.currency })
    : Promise.resolve(undefined);
  const lookedUp = lookUp();
  const [rows, free, after] = await Promise.all([rowsLocked, freePicked, lookedUp]);
  const byKey = new Map<string, LedgerAccountRow>();
  for (const r of rowRefs) {
    const row = rows.find((candidate) => isAccountOf(candidate, r));
    if (!row) throw new LedgerUsageError(`no account ${refKey(r)}`);
    byKey.set(refKey(r), row);
  }
  if (after !== null) return { accounts: byKey, found: after };
  for (const r of systemRefs) {
    const picked =
      r === firstFree && free
        ? free
        : await pickShard(tx, { kind: systemOf(r), currency: r.currency, need: needOf(r) });
    byKey.set(refKey(r), picked);
  }
  return { accounts: byKey, found: null };
}

/** The accounts with these ids (no lock), by id: what a replay compares its legs with. */
export async function accountsById(
  db: Executor,
  ids: readonly string[],
): Promise<Map<string, LedgerAccountRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * A system account's balance: the sum of its shards (0 when it has none yet). Reads only; what
 * reports, checks of a pool's remainder and tests read, never a single shard.
 */
export async function systemAccountBalance(
  db: Executor,
  kind: SystemAccountKind,
  currency: CurrencyCode,
): Promise<bigint> {
  const t = ledgerAccounts;
  const [row] = await db
    .select({ total: sql<string | null>`sum(${t.balance})::text` })
    .from(t)
    .where(and(isNull(t.ownerUserId), eq(t.kind, kind), eq(t.currency, currency)));
  return BigInt(row?.total ?? '0');
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
