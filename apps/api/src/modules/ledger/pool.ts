import type { Transaction } from '@khel/db';
import { systemAccount } from './accounts.ts';
import { type TransferInput, type TransferResult, transfer } from './transfer.ts';

/** One movement of a rewards pool in K-Cash: its key (once, ever), its amount and what it is for. */
export interface RewardsPoolMove {
  idempotencyKey: string;
  amount: bigint;
  metadata: Record<string, unknown>;
}

/** What a pool did not pay goes back: rewards_pool → treasury, kind `pool_funding` (a leg, for transferMany). */
export const rewardsPoolReturn = ({ idempotencyKey, amount, metadata }: RewardsPoolMove): TransferInput => ({
  idempotencyKey,
  debit: systemAccount('rewards_pool'),
  credit: systemAccount('treasury'),
  amount,
  currency: 'KCASH',
  kind: 'pool_funding',
  metadata,
});

/** The treasury puts a pool up, in the caller's transaction: treasury → rewards_pool, kind `pool_funding`. */
export function fundRewardsPool(
  tx: Transaction,
  { idempotencyKey, amount, metadata }: RewardsPoolMove,
): Promise<TransferResult> {
  return transfer(tx, {
    idempotencyKey,
    debit: systemAccount('treasury'),
    credit: systemAccount('rewards_pool'),
    amount,
    currency: 'KCASH',
    kind: 'pool_funding',
    metadata,
  });
}

/** Returns (part of) a rewards pool to the treasury in the caller's transaction (see rewardsPoolReturn). */
export function returnRewardsPool(tx: Transaction, move: RewardsPoolMove): Promise<TransferResult> {
  return transfer(tx, rewardsPoolReturn(move));
}
