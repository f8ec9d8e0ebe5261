import { randomUUID } from 'node:crypto';
import { splitKcashSpend } from '@khel/core/domain';
import { type CurrencyCode, isCurrencyCode } from '@khel/core/format';
import type { Transaction } from '@khel/db';
import {
  type LedgerAccountRow,
  type LedgerTransferRow,
  ledgerTransfers,
  type TransferKind,
} from '@khel/db/schema';
import { inArray, sql } from 'drizzle-orm';
import {
  type AccountRef,
  accountsById,
  isAccountOf,
  lockAccountsAnd,
  type RefInCurrency,
  refKey,
  userAccount,
} from './accounts.ts';
import {
  AmountTooLargeError,
  databaseErrorOf,
  InsufficientFundsError,
  LedgerUsageError,
  TransferKeyReusedError,
} from './errors.ts';

const MAX_BIGINT = 2n ** 63n - 1n;
const MIN_BIGINT = -(2n ** 63n);

export interface TransferInput {
  /** One posting per key, ever. Derive it from the request's key, e.g. `purchase:<userId>:<Idempotency-Key>`. */
  idempotencyKey: string;
  debit: AccountRef;
  credit: AccountRef;
  /** Minor units, > 0. */
  amount: bigint;
  currency: CurrencyCode;
  kind: TransferKind;
  /** Descriptive only (ids, labels; amounts as strings); not compared on replay. */
  metadata?: Record<string, unknown>;
}

export interface TransferResult {
  transfer: LedgerTransferRow;
  /** True when the key had already been posted with the same body: nothing moved this time. */
  replayed: boolean;
}

export interface TransferManyResult {
  /** In the order of the legs given. */
  transfers: LedgerTransferRow[];
  replayed: boolean;
}

function assertLeg(leg: TransferInput) {
  if (typeof leg.amount !== 'bigint' || leg.amount <= 0n || leg.amount > MAX_BIGINT)
    throw new LedgerUsageError(`amount must be a positive bigint, got ${String(leg.amount)}`);
  if (!isCurrencyCode(leg.currency)) throw new LedgerUsageError(`unknown currency ${String(leg.currency)}`);
  if (
    typeof leg.idempotencyKey !== 'string' ||
    leg.idempotencyKey.length < 1 ||
    leg.idempotencyKey.length > 255
  )
    throw new LedgerUsageError('idempotencyKey must be 1 to 255 characters');
}

/**
 * Whether a posted transfer has the leg's body. Accounts are compared as the leg names them: a system
 * account by kind and currency, whichever of its shards either posting took.
 */
const sameBody = (
  row: LedgerTransferRow,
  leg: TransferInput,
  accounts: ReadonlyMap<string, LedgerAccountRow>,
) => {
  const debit = accounts.get(row.debitAccountId);
  const credit = accounts.get(row.creditAccountId);
  return (
    debit !== undefined &&
    credit !== undefined &&
    isAccountOf(debit, { ref: leg.debit, currency: leg.currency }) &&
    isAccountOf(credit, { ref: leg.credit, currency: leg.currency }) &&
    row.amount === leg.amount &&
    row.currency === leg.currency &&
    row.kind === leg.kind
  );
};

/**
 * What each system account's shard must hold for the legs, by refKey: the largest running total of
 * debits less credits on it in leg order (so the one shard taking all its legs never goes below zero
 * mid-batch, exactly the check a single row got). The treasury may go below zero: never needed.
 */
function shardNeeds(legs: readonly TransferInput[]): Map<string, bigint> {
  const running = new Map<string, bigint>();
  const needs = new Map<string, bigint>();
  const move = (ref: AccountRef, currency: CurrencyCode, delta: bigint) => {
    if (!('system' in ref) || ref.system === 'treasury') return;
    const key = refKey({ ref, currency });
    const now = (running.get(key) ?? 0n) + delta;
    running.set(key, now);
    if (now > (needs.get(key) ?? 0n)) needs.set(key, now);
  };
  for (const leg of legs) {
    move(leg.debit, leg.currency, leg.amount);
    move(leg.credit, leg.currency, -leg.amount);
  }
  return needs;
}

/**
 * Two postings of the same keys must not both miss each other's row. Legs that lock a user account
 * queue on that row; legs between system accounts alone may take different shards, so they queue on a
 * transaction-scoped advisory lock of their first key (sorted) instead, taken before any row lock.
 */
async function serialiseSystemOnly(tx: Transaction, legs: readonly TransferInput[]) {
  if (legs.some((l) => !('system' in l.debit) || !('system' in l.credit))) return;
  const first = legs.map((l) => l.idempotencyKey).sort()[0]!;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('khel:ledger-key'), hashtext(${first}))`);
}

/**
 * Posts one transfer in the caller's transaction (READ COMMITTED, the default). See transferMany.
 */
export async function transfer(tx: Transaction, input: TransferInput): Promise<TransferResult> {
  const { transfers, replayed } = await transferMany(tx, [input]);
  return { transfer: transfers[0]!, replayed };
}

/**
 * Posts several transfers atomically in the caller's transaction: all legs or none.
 *
 * 1. Locks every account involved: user accounts in id order, then one shard of each system account
 *    (see lockAccounts, README "Shards").
 * 2. Looks the keys up under those locks: a concurrent request with the same key has either
 *    committed (seen here) or is still queued behind us (on a user account, or on the key's advisory
 *    lock when every leg is between system accounts). All keys posted with the same bodies → the
 *    original transfers are returned and nothing moves; any other mix → TransferKeyReusedError.
 * 3. Applies the legs in order to the locked balances: a debit that would take a user or pool account
 *    below zero throws InsufficientFundsError before anything is written, leaving the caller's
 *    transaction usable (the CHECK in the database is the backstop, not the control).
 * 4. Inserts the transfers with their running balances; the database trigger moves the cached balances
 *    and refuses the row if they disagree.
 */
export async function transferMany(
  tx: Transaction,
  legs: readonly TransferInput[],
): Promise<TransferManyResult> {
  if (legs.length === 0) throw new LedgerUsageError('transferMany needs at least one leg');
  legs.forEach(assertLeg);
  const keys = legs.map((l) => l.idempotencyKey);
  if (new Set(keys).size !== keys.length) throw new LedgerUsageError('two legs share an idempotency key');

  const refs: RefInCurrency[] = legs.flatMap((l) => [
    { ref: l.debit, currency: l.currency },
    { ref: l.credit, currency: l.currency },
  ]);
  await serialiseSystemOnly(tx, legs);
  // The keys are looked up in the round trip that locks the user accounts, right after the locks (and
  // before any shard that must cover a debit is picked: a replay of what drained a pool is still a replay).
  const { accounts, found: replay } = await lockAccountsAnd(tx, refs, shardNeeds(legs), () =>
    postedBefore(tx, legs),
  );
  if (replay) return { transfers: replay, replayed: true };
  const resolved = legs.map((leg) => ({
    leg,
    debit: accounts.get(refKey({ ref: leg.debit, currency: leg.currency }))!,
    credit: accounts.get(refKey({ ref: leg.credit, currency: leg.currency }))!,
  }));
  return { transfers: await insertLegs(tx, resolved, accounts.values()), replayed: false };
}

/**
 * The transfers already posted under the legs' keys, when every key was posted with the leg's body;
 * null when none was; TransferKeyReusedError for any other mix.
 */
async function postedBefore(
  tx: Transaction,
  legs: readonly TransferInput[],
): Promise<LedgerTransferRow[] | null> {
  const t = ledgerTransfers;
  const existing = await tx
    .select()
    .from(t)
    .where(
      inArray(
        t.idempotencyKey,
        legs.map((l) => l.idempotencyKey),
      ),
    );
  if (existing.length === 0) return null;
  const byKey = new Map(existing.map((row) => [row.idempotencyKey, row]));
  const posted = await accountsById(
    tx,
    existing.flatMap((row) => [row.debitAccountId, row.creditAccountId]),
  );
  return legs.map((leg) => {
    const row = byKey.get(leg.idempotencyKey);
    if (!row || !sameBody(row, leg, posted)) throw new TransferKeyReusedError(leg.idempotencyKey);
    return row;
  });
}

interface ResolvedLeg {
  leg: TransferInput;
  debit: LedgerAccountRow;
  credit: LedgerAccountRow;
}

/**
 * Steps 3 and 4 of transferMany, for callers that already hold the locks on every account involved
 * (`locked`, with the balances read under those locks) and have looked the keys up under them.
 */
async function insertLegs(
  tx: Transaction,
  resolved: readonly ResolvedLeg[],
  locked: Iterable<LedgerAccountRow>,
): Promise<LedgerTransferRow[]> {
  const balance = new Map([...locked].map((a) => [a.id, a.balance]));
  const batchId = randomUUID();
  const values = resolved.map(({ leg, debit, credit }) => {
    if (debit.id === credit.id) throw new LedgerUsageError('debit and credit are the same account');
    if (debit.currency !== leg.currency || credit.currency !== leg.currency)
      throw new LedgerUsageError(`accounts of a ${leg.currency} transfer must hold ${leg.currency}`);
    const debitBefore = balance.get(debit.id)!;
    const debitAfter = debitBefore - leg.amount;
    if (debitAfter < 0n && debit.kind !== 'treasury')
      throw new InsufficientFundsError(debit, debitBefore, leg.amount);
    const creditAfter = balance.get(credit.id)! + leg.amount;
    if (debitAfter < MIN_BIGINT || creditAfter > MAX_BIGINT) throw new AmountTooLargeError();
    balance.set(debit.id, debitAfter);
    balance.set(credit.id, creditAfter);
    return {
      idempotencyKey: leg.idempotencyKey,
      batchId,
      debitAccountId: debit.id,
      creditAccountId: credit.id,
      amount: leg.amount,
      currency: leg.currency,
      kind: leg.kind,
      metadata: leg.metadata ?? {},
      debitBalanceAfter: debitAfter,
      creditBalanceAfter: creditAfter,
    };
  });

  let inserted: LedgerTransferRow[];
  try {
    inserted = await tx.insert(ledgerTransfers).values(values).returning();
  } catch (err) {
    // Not reachable through this function (the locks and checks above come first); kept so that a
    // bypass still surfaces as the domain error rather than a 500.
    const db = databaseErrorOf(err);
    if (db?.code === '23505' && db.constraint === 'ledger_transfers_idempotency_key_unique')
      throw new TransferKeyReusedError(resolved[0]!.leg.idempotencyKey);
    throw err;
  }
  const byKey = new Map(inserted.map((row) => [row.idempotencyKey, row]));
  return resolved.map(({ leg }) => byKey.get(leg.idempotencyKey)!);
}

export interface KcashSpendInput {
  /** Legs are posted as `<key>:bought` and `<key>:earned`. */
  idempotencyKey: string;
  userId: string;
  /** K-Cash minor units, > 0. */
  amount: bigint;
  /** Where the K-Cash goes (store revenue, fees…). */
  credit: AccountRef;
  kind: TransferKind;
  metadata?: Record<string, unknown>;
}

export interface KcashSpendResult extends TransferManyResult {
  fromBought: bigint;
  fromEarned: bigint;
}

/**
 * A K-Cash payment by a user: bought K-Cash first, then earned (KCASH_SPEND_ORDER), as one or two
 * legs posted together. Short of both together → InsufficientFundsError with the SPEC §8 text. A replay
 * returns the split first made, even if the balances have changed since.
 */
export async function spendKcash(tx: Transaction, input: KcashSpendInput): Promise<KcashSpendResult> {
  if (input.amount <= 0n) throw new LedgerUsageError('amount must be positive');
  const bought = userAccount(input.userId, 'user_kcash_bought');
  const earned = userAccount(input.userId, 'user_kcash_earned');
  const keys = { bought: `${input.idempotencyKey}:bought`, earned: `${input.idempotencyKey}:earned` };
  const t = ledgerTransfers;
  // The keys are looked up in the round trip that locks the accounts, right after the locks.
  const lookup = await lockAccountsAnd(
    tx,
    [
      { ref: bought, currency: 'KCASH' },
      { ref: earned, currency: 'KCASH' },
      { ref: input.credit, currency: 'KCASH' },
    ],
    new Map(),
    async () => {
      const rows = await tx
        .select()
        .from(t)
        .where(inArray(t.idempotencyKey, [keys.bought, keys.earned]));
      return rows.length > 0 ? rows : null;
    },
  );
  const boughtRow = lookup.accounts.get(refKey({ ref: bought, currency: 'KCASH' }))!;
  const earnedRow = lookup.accounts.get(refKey({ ref: earned, currency: 'KCASH' }))!;
  const existing = lookup.found;
  if (existing) {
    const fromBought = existing.find((r) => r.idempotencyKey === keys.bought)?.amount ?? 0n;
    const fromEarned = existing.find((r) => r.idempotencyKey === keys.earned)?.amount ?? 0n;
    const posted = await accountsById(
      tx,
      existing.map((r) => r.creditAccountId),
    );
    const creditOf = (r: LedgerTransferRow) => posted.get(r.creditAccountId);
    const consistent = existing.every(
      (r) =>
        r.debitAccountId === (r.idempotencyKey === keys.bought ? boughtRow.id : earnedRow.id) &&
        creditOf(r) !== undefined &&
        isAccountOf(creditOf(r)!, { ref: input.credit, currency: 'KCASH' }) &&
        r.currency === 'KCASH' &&
        r.kind === input.kind,
    );
    if (!consistent || fromBought + fromEarned !== input.amount)
      throw new TransferKeyReusedError(input.idempotencyKey);
    const transfers = [keys.bought, keys.earned].flatMap((k) =>
      existing.filter((r) => r.idempotencyKey === k),
    );
    return { transfers, replayed: true, fromBought, fromEarned };
  }

  const split = splitKcashSpend(
    { kcashBought: boughtRow.balance, kcashEarned: earnedRow.balance },
    input.amount,
  );
  if (!split) {
    const available =
      (boughtRow.balance > 0n ? boughtRow.balance : 0n) + (earnedRow.balance > 0n ? earnedRow.balance : 0n);
    throw new InsufficientFundsError(boughtRow, available, input.amount);
  }
  const creditRow = lookup.accounts.get(refKey({ ref: input.credit, currency: 'KCASH' }))!;
  // The accounts are locked and the keys looked up above, under those locks: post the legs directly.
  const legs: ResolvedLeg[] = [];
  const leg = (key: string, debit: LedgerAccountRow, amount: bigint): ResolvedLeg => {
    const input_: TransferInput = {
      idempotencyKey: key,
      debit: { accountId: debit.id },
      credit: { accountId: creditRow.id },
      amount,
      currency: 'KCASH',
      kind: input.kind,
      metadata: { ...input.metadata, paidFrom: key === keys.bought ? 'kcashBought' : 'kcashEarned' },
    };
    assertLeg(input_);
    return { leg: input_, debit, credit: creditRow };
  };
  if (split.fromBought > 0n) legs.push(leg(keys.bought, boughtRow, split.fromBought));
  if (split.fromEarned > 0n) legs.push(leg(keys.earned, earnedRow, split.fromEarned));
  const transfers = await insertLegs(tx, legs, lookup.accounts.values());
  return { transfers, replayed: false, ...split };
}
