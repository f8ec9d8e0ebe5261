import { randomInt, randomUUID } from 'node:crypto';
import type { CurrencyCode } from '@khel/core/format';
import type { Transaction } from '@khel/db';
import {
  type LedgerAccountRow,
  ledgerAccounts,
  ledgerTransfers,
  SYSTEM_ACCOUNT_SHARDS,
  type SystemAccountKind,
} from '@khel/db/schema';
import { and, asc, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { InsufficientFundsError } from './errors.ts';

/**
 * Picking the row of a system account a transaction writes to (README "Shards").
 *
 * A system account (kind, currency) is SYSTEM_ACCOUNT_SHARDS rows. A transaction takes ONE of them per
 * account for all its legs on that account, after its user accounts (locked in id order, blocking) and in
 * the order of the accounts' keys:
 * - with SKIP LOCKED, starting at a random shard: a shard another transaction holds is passed over, never
 *   waited for; when the legs debit a non-negative account, only a shard whose balance covers them;
 * - when every shard is held (more writers in flight than shards) and nothing has to be covered, it waits
 *   for one, like every writer waited for the single row before;
 * - when no free shard covers the debits, the slow path: it locks every shard of the account in id order
 *   (waiting), refuses with InsufficientFundsError when their sum does not cover, else moves balance
 *   between its shards with `shard_rebalance` transfers so that the richest one covers (see rebalance).
 */

type Pick = {
  kind: SystemAccountKind;
  currency: CurrencyCode /** Minor units the shard must hold (0: any). */;
  need: bigint;
};

const ofAccount = (kind: SystemAccountKind, currency: CurrencyCode) =>
  and(
    isNull(ledgerAccounts.ownerUserId),
    eq(ledgerAccounts.kind, kind),
    eq(ledgerAccounts.currency, currency),
  );

/** A rotation of the shards starting at a random one, so concurrent pickers start apart. */
const fromRandomShard = () =>
  sql`(${ledgerAccounts.shard} + ${randomInt(SYSTEM_ACCOUNT_SHARDS)}) % ${SYSTEM_ACCOUNT_SHARDS}`;

/** Thrown inside the savepoint of a covering pick that found no shard, to roll the savepoint back. */
class NoCoveringShard extends Error {}

const inUse = sql`${ledgerAccounts.shard} < ${SYSTEM_ACCOUNT_SHARDS}`;

/** A shard of the account nobody holds (and covering, with `covers`), locked; none when all are held. */
const freeShardQuery = (db: Transaction, { kind, currency }: Omit<Pick, 'need'>, covers?: SQL) =>
  db
    .select()
    .from(ledgerAccounts)
    .where(and(ofAccount(kind, currency), inUse, covers))
    .orderBy(fromRandomShard())
    .limit(1)
    .for('no key update', { skipLocked: true });

/**
 * pickShard's first step when nothing has to be covered: a free shard, locked, or undefined when every
 * shard is held (then pickShard waits for one). Never waits.
 */
export async function freeShard(
  tx: Transaction,
  account: Omit<Pick, 'need'>,
): Promise<LedgerAccountRow | undefined> {
  const [free] = await freeShardQuery(tx, account);
  return free;
}

export async function pickShard(tx: Transaction, { kind, currency, need }: Pick): Promise<LedgerAccountRow> {
  const t = ledgerAccounts;
  if (need <= 0n) {
    const free = await freeShard(tx, { kind, currency });
    if (free) return free;
    // Every shard is held: wait for one (its holder waits on nothing we hold, see README "Shards").
    const [waited] = await tx
      .select()
      .from(t)
      .where(and(ofAccount(kind, currency), inUse))
      .orderBy(fromRandomShard())
      .limit(1)
      .for('no key update');
    if (waited) return waited;
    throw new Error(`ledger: system account ${kind} ${currency} has no shard`);
  }

  // A covering pick can lock a shard and then pass it over: one whose balance changed after the
  // statement's snapshot and no longer covers stays locked (PostgreSQL rechecks the condition after
  // locking). So the pick runs in a savepoint: on a miss, rolling it back releases such locks before the
  // slow path waits for every shard in id order (holding one of them there could close a cycle).
  try {
    return await tx.transaction(async (savepoint) => {
      const [covering] = await freeShardQuery(savepoint, { kind, currency }, gte(t.balance, need));
      if (!covering) throw new NoCoveringShard();
      return covering;
    });
  } catch (err) {
    if (!(err instanceof NoCoveringShard)) throw err;
  }
  return rebalance(tx, { kind, currency, need });
}

/** The slow path of pickShard: every shard locked in id order, the sum spread so that one covers `need`. */
async function rebalance(tx: Transaction, { kind, currency, need }: Pick): Promise<LedgerAccountRow> {
  const t = ledgerAccounts;
  const shards = await tx
    .select()
    .from(t)
    .where(ofAccount(kind, currency))
    .orderBy(asc(t.id))
    .for('no key update');
  const active = shards.filter((s) => s.shard < SYSTEM_ACCOUNT_SHARDS);
  const total = shards.reduce((sum, s) => sum + s.balance, 0n);
  const richest = active.reduce((best, s) => (s.balance > best.balance ? s : best), active[0]!);
  if (total < need) throw new InsufficientFundsError(richest, total, need);

  // Targets. When the sum less `need` still leaves every active shard able to cover as much again, it is
  // spread evenly (`need` on top on the richest shard), so the next debits find covering shards free;
  // else the fewest moves that bring the richest shard to `need`, taken from the next richest first.
  const n = BigInt(active.length);
  const rest = total - need;
  const target = new Map(shards.map((s) => [s.id, s.balance]));
  if (rest / n >= need) {
    for (const s of shards) target.set(s.id, 0n);
    active.forEach((s, i) => {
      target.set(s.id, rest / n + (BigInt(i) < rest % n ? 1n : 0n) + (s.id === richest.id ? need : 0n));
    });
  } else {
    let missing = need - richest.balance;
    target.set(richest.id, need);
    for (const s of [...shards].sort((a, b) =>
      a.balance > b.balance ? -1 : a.balance < b.balance ? 1 : 0,
    )) {
      if (missing <= 0n) break;
      if (s.id === richest.id || s.balance <= 0n) continue;
      const take = min(s.balance, missing);
      target.set(s.id, s.balance - take);
      missing -= take;
    }
  }
  const balance = new Map(shards.map((s) => [s.id, s.balance]));
  const surplus = shards.filter((s) => s.balance > target.get(s.id)!);
  const deficit = shards.filter((s) => s.balance < target.get(s.id)!);
  const batchId = randomUUID();
  const moves: (typeof ledgerTransfers.$inferInsert)[] = [];
  let i = 0;
  let j = 0;
  while (i < surplus.length && j < deficit.length) {
    const from = surplus[i]!;
    const to = deficit[j]!;
    const amount = min(
      balance.get(from.id)! - target.get(from.id)!,
      target.get(to.id)! - balance.get(to.id)!,
    );
    balance.set(from.id, balance.get(from.id)! - amount);
    balance.set(to.id, balance.get(to.id)! + amount);
    moves.push({
      idempotencyKey: `shard-rebalance:${batchId}:${moves.length}`,
      batchId,
      debitAccountId: from.id,
      creditAccountId: to.id,
      amount,
      currency,
      kind: 'shard_rebalance',
      metadata: { account: kind, fromShard: from.shard, toShard: to.shard },
      debitBalanceAfter: balance.get(from.id)!,
      creditBalanceAfter: balance.get(to.id)!,
    });
    if (balance.get(from.id) === target.get(from.id)) i++;
    if (balance.get(to.id) === target.get(to.id)) j++;
  }
  if (moves.length > 0) await tx.insert(ledgerTransfers).values(moves);
  return { ...richest, balance: balance.get(richest.id)! };
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
