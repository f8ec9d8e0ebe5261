import { schema } from '@khel/db';
import type { TonInboundOutcome } from '@khel/db/schema';
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps, JobHandler } from '../../lib/context.ts';
import {
  ensureUserAccounts,
  systemAccount,
  type TransferInput,
  transferMany,
  userAccount,
} from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import type { TonDepositChain, TonInbound, TonTxId } from './chain.ts';
import { memoFromComment } from './memo.ts';
import { kcashForTon, TON_DEPOSIT_LIMITS, type TonRate } from './rates.ts';

/**
 * The watcher: reads the deposit wallet's inbound transactions on the chain engine, newest first, down
 * to a page that holds one it has already recorded, and applies the new ones oldest first. Each is
 * applied in one database transaction (applyInbound), once per transaction hash, however many watchers
 * run and however often: the hash is the primary key of `ton_inbound_transactions` and the root of the
 * ledger keys.
 */
export const TON_DEPOSIT_WATCH_JOB = 'ton-deposits.watch';
export const TON_DEPOSIT_WATCH_EVERY_MS = 10_000;
const PAGE_SIZE = 50;
/** At most this many pages a run (a backlog is read on by the next runs, newest first). */
const MAX_PAGES = 20;

export type InboundResult = TonInboundOutcome | 'duplicate' | 'not_ours';

export async function watchTonDeposits(deps: AppDeps): Promise<{ seen: number; results: InboundResult[] }> {
  const chain = await deps.tonDeposits.watched();
  if (!chain) return { seen: 0, results: [] };
  const fresh: TonInbound[] = [];
  let before: TonTxId | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const { items, next } = await chain.inbound({ limit: PAGE_SIZE, ...(before ? { before } : {}) });
    const known = await knownHashes(
      deps,
      items.map((t) => t.hash),
    );
    fresh.push(...items.filter((t) => !known.has(t.hash)));
    if (known.size > 0 || !next) break;
    before = next;
  }
  const results: InboundResult[] = [];
  // Oldest first, stopping at a failure: what is recorded stays the chain's oldest part.
  for (const inbound of fresh.reverse()) results.push(await applyInbound(deps, chain, inbound));
  return { seen: fresh.length, results };
}

export const watchTonDepositsJob: JobHandler = async (deps) => {
  const { results } = await watchTonDeposits(deps);
  const credited = results.filter((r) => r === 'credited').length;
  const held = results.filter((r) => r !== 'credited' && r !== 'duplicate' && r !== 'not_ours').length;
  if (credited || held) deps.logger.info('TON deposits watched', { credited, held });
};

async function knownHashes(deps: AppDeps, hashes: string[]): Promise<Set<string>> {
  if (hashes.length === 0) return new Set();
  const t = schema.tonInboundTransactions;
  const rows = await deps.db.select({ hash: t.txHash }).from(t).where(inArray(t.txHash, hashes));
  return new Set(rows.map((r) => r.hash));
}

/**
 * Applies one inbound transaction, exactly once: the deposit its memo names is locked FOR UPDATE (so
 * two watchers queue on it), the transaction is recorded by its hash (a second recording does nothing and
 * the watcher that lost posts nothing), and the ledger legs carry keys derived from the hash.
 *
 * - Not to the deposit wallet: not ours, nothing recorded.
 * - A bounce (or value the wallet did not keep): recorded as `bounced`, nothing posted: nothing arrived.
 * - Otherwise the TON arrived: treasury(TON) → ton_custody (`ton_deposit`) whatever happens next; then
 *   - no memo, or a memo of no deposit: `unknown_memo`, credited to nobody (operators refund it);
 *   - below / above TON_DEPOSIT_LIMITS: `too_small` / `too_large`, the deposit `held`;
 *   - its deposit already credited (a second payment with one memo): `memo_used`;
 *   - else `credited`: treasury(KCASH) → the gamer's `user_kcash_bought` (`ton_deposit`) at the locked
 *     quote when the amount is the quoted one and the chain's time is before the quote's expiry,
 *     else at the rate of now; the deposit `credited`, and a push.
 */
export async function applyInbound(
  deps: AppDeps,
  chain: TonDepositChain,
  inbound: TonInbound,
): Promise<InboundResult> {
  if (inbound.destination !== chain.address.toRawString()) return 'not_ours';
  const now = deps.clock();
  const t = schema.tonDeposits;
  const memo = inbound.bounced ? null : memoFromComment(inbound.comment);
  const [named] = memo
    ? await deps.db.select({ id: t.id, userId: t.userId }).from(t).where(eq(t.memo, memo))
    : [];
  // Accounts are created before any lock is taken (see ensureUserAccounts); the rate is read outside too.
  if (named) await ensureUserAccounts(deps.db, named.userId);
  const rateNow: TonRate | null = named ? await deps.tonDeposits.rates.current(now) : null;

  return deps.db.transaction(async (tx) => {
    // The deposit is locked before the transaction's row is written: that insert's foreign key takes a
    // key-share lock on the deposit, and taking it first and FOR UPDATE second deadlocks two watchers.
    const [deposit] = named ? await tx.select().from(t).where(eq(t.id, named.id)).for('update') : [];
    const outcome: TonInboundOutcome = inbound.bounced
      ? 'bounced'
      : !deposit
        ? 'unknown_memo'
        : inbound.value < TON_DEPOSIT_LIMITS.minimum
          ? 'too_small'
          : inbound.value > TON_DEPOSIT_LIMITS.maximum
            ? 'too_large'
            : deposit.status === 'credited'
              ? 'memo_used'
              : 'credited';
    const onTime = deposit !== undefined && inbound.at.getTime() <= deposit.expiresAt.getTime();
    const locked = deposit !== undefined && onTime && inbound.value === deposit.amount;
    const kcash =
      outcome !== 'credited' || !deposit
        ? null
        : locked
          ? deposit.kcashAmount
          : kcashForTon(inbound.value, rateNow!);

    const recorded = await tx
      .insert(schema.tonInboundTransactions)
      .values({
        txHash: inbound.hash,
        lt: inbound.lt.toString(),
        network: chain.network,
        source: inbound.source,
        amount: inbound.value,
        comment: inbound.comment?.trim().slice(0, 200) ?? null,
        depositId: deposit?.id ?? null,
        outcome,
        kcashAmount: kcash,
        chainTime: inbound.at,
        seenAt: now,
      })
      .onConflictDoNothing()
      .returning({ hash: schema.tonInboundTransactions.txHash });
    if (recorded.length === 0) return 'duplicate';
    if (outcome === 'bounced') return outcome;

    const key = `ton-in:${inbound.hash}`;
    const legs: TransferInput[] = [
      {
        idempotencyKey: `${key}:custody`,
        debit: systemAccount('treasury'),
        credit: systemAccount('ton_custody'),
        amount: inbound.value,
        currency: 'TON',
        kind: 'ton_deposit',
        metadata: { txHash: inbound.hash, outcome, depositId: deposit?.id ?? null },
      },
    ];
    if (outcome === 'credited' && deposit && kcash && kcash > 0n)
      legs.push({
        idempotencyKey: `${key}:kcash`,
        debit: systemAccount('treasury'),
        credit: userAccount(deposit.userId, 'user_kcash_bought'),
        amount: kcash,
        currency: 'KCASH',
        kind: 'ton_deposit',
        metadata: {
          depositId: deposit.id,
          txHash: inbound.hash,
          paid: inbound.value.toString(),
          paidCurrency: 'TON',
          lockedQuote: locked,
        },
      });
    const { transfers } = await transferMany(tx, legs);

    if (deposit && (outcome === 'too_small' || outcome === 'too_large') && deposit.status === 'pending') {
      await tx
        .update(t)
        .set({ status: 'held', receivedAmount: inbound.value, txHash: inbound.hash })
        .where(eq(t.id, deposit.id));
    }
    if (outcome === 'credited' && deposit && kcash) {
      await tx
        .update(t)
        .set({
          status: 'credited',
          receivedAmount: inbound.value,
          creditedKcash: kcash,
          txHash: inbound.hash,
          creditTransferId: transfers[1]!.id,
          creditedAt: now,
        })
        .where(eq(t.id, deposit.id));
      await enqueueNotification(tx, {
        kind: 'ton_deposit_credited',
        userId: deposit.userId,
        dedupeKey: `ton-deposit-credited:${deposit.id}`,
        payload: { depositId: deposit.id, kcash: kcash.toString(), ton: inbound.value.toString() },
      });
    }
    if (outcome !== 'credited')
      deps.logger.warn('TON payment held for operators', { txHash: inbound.hash, outcome });
    return outcome;
  });
}
