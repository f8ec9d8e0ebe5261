import { money, SWAP_PAIR_UNSUPPORTED_MESSAGE, SWAP_TOO_SMALL_MESSAGE } from '@khel/core/contract';
import { type CurrencyCode, convertMinor } from '@khel/core/format';
import type { Transaction } from '@khel/db';
import type { UserAccountKind } from '@khel/db/schema';
import { AppError } from '../../lib/http.ts';
import {
  ensureUserAccounts,
  payableOnlyIn,
  systemAccount,
  transferMany,
  userAccount,
} from '../ledger/index.ts';
import { swapRateOf } from './rates.ts';

/** Where a swap takes from and credits to. Swapped-in K-Cash counts as bought (not collectable). */
const SWAP_SOURCE: Partial<Record<CurrencyCode, UserAccountKind>> = {
  USDT: 'user_usdt',
  RKHEL: 'user_rkhel',
};
const SWAP_TARGET: Partial<Record<CurrencyCode, UserAccountKind>> = {
  KCASH: 'user_kcash_bought',
  USDT: 'user_usdt',
};

export interface SwapInput {
  userId: string;
  /** The idempotent request's operation id: the transfers' keys derive from it. */
  operationId: string;
  from: CurrencyCode;
  to: CurrencyCode;
  /** Minor units of `from`, as a decimal string. */
  amount: string;
}

/**
 * POST /onramp/swap: converts at the pair's fixed rate in the caller's transaction, the part of the
 * amount that does not convert to a whole minor unit going to the rounding account. 400 for a pair
 * we do not swap or an amount too small to receive anything.
 */
export async function swap(tx: Transaction, input: SwapInput) {
  const { userId, from, to } = input;
  const rate = swapRateOf(from, to);
  const source = SWAP_SOURCE[from];
  const target = SWAP_TARGET[to];
  if (!rate || !source || !target) throw new AppError(400, SWAP_PAIR_UNSUPPORTED_MESSAGE);
  const amount = BigInt(input.amount);
  const { amount: received, remainder } = convertMinor(amount, from, to, rate);
  if (received <= 0n) throw new AppError(400, SWAP_TOO_SMALL_MESSAGE);
  await ensureUserAccounts(tx, userId);
  const key = `swap:${userId}:${input.operationId}`;
  const metadata = { from, to, amount: input.amount };
  const legs = [
    {
      idempotencyKey: `${key}:out`,
      debit: userAccount(userId, source),
      credit: systemAccount('treasury'),
      amount: amount - remainder,
      currency: from,
      kind: 'swap' as const,
      metadata,
    },
    {
      idempotencyKey: `${key}:in`,
      debit: systemAccount('treasury'),
      credit: userAccount(userId, target),
      amount: received,
      currency: to,
      kind: 'swap' as const,
      metadata,
    },
  ];
  if (remainder > 0n)
    legs.push({
      idempotencyKey: `${key}:rounding`,
      debit: userAccount(userId, source),
      credit: systemAccount('rounding'),
      amount: remainder,
      currency: from,
      kind: 'swap' as const,
      metadata,
    });
  // Only `from` can pay for a swap: a shortfall names it alone.
  await payableOnlyIn(from, () => transferMany(tx, legs));
  return {
    debited: money(amount, from),
    converted: money(amount - remainder, from),
    remainder: money(remainder, from),
    received: money(received, to),
    rate: { from, to, fromMajor: rate.fromMajor.toString(), toMajor: rate.toMajor.toString() },
  };
}
