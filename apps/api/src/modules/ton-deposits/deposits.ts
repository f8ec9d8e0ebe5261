import {
  DEPOSIT_DELETION_PENDING_MESSAGE,
  DEPOSIT_NOT_FOUND_MESSAGE,
  DEPOSIT_RATE_LIMIT_MESSAGE,
  money,
  TON_DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
  TON_DEPOSIT_BELOW_MINIMUM_MESSAGE,
  TON_DEPOSITS_UNAVAILABLE_MESSAGE,
  TON_WALLET_ADDRESS_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import type { TonDepositRow } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { isUniqueViolation, requireActiveUser } from '../profile/index.ts';
import type { TonDepositChain } from './chain.ts';
import { newMemo } from './memo.ts';
import {
  quoteTon,
  TON_DEPOSIT_LIMITS,
  TON_QUOTE_TTL_MINUTES,
  type TonQuoteValues,
  type TonRate,
} from './rates.ts';

export const TON_DEPOSITS_PER_WINDOW = 10;
export const TON_DEPOSIT_WINDOW_MS = 10 * 60 * 1000;
export const TON_QUOTE_TTL_MS = TON_QUOTE_TTL_MINUTES * 60 * 1000;

export type TonTarget = { amount: bigint } | { kcash: bigint };

/** The deposit wallet, or 503 when this configuration has none (production without TON_API_URL). */
export async function requireChain(deps: AppDeps): Promise<TonDepositChain> {
  const chain = await deps.tonDeposits.chain();
  if (!chain) throw new AppError(503, TON_DEPOSITS_UNAVAILABLE_MESSAGE);
  return chain;
}

/** The quote for `target` at `rate`, or 400 outside TON_DEPOSIT_LIMITS. */
export function checkedTonQuote(target: TonTarget, rate: TonRate): TonQuoteValues {
  const quote = quoteTon(target, rate);
  if ('problem' in quote)
    throw new AppError(
      400,
      quote.problem === 'below_minimum'
        ? TON_DEPOSIT_BELOW_MINIMUM_MESSAGE
        : TON_DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
    );
  return quote;
}

export function tonQuoteView(q: TonQuoteValues) {
  return {
    pay: money(q.amount, 'TON'),
    receive: money(q.kcash, 'KCASH'),
    rate: {
      from: 'TON',
      to: 'KCASH',
      fromMajor: q.rate.fromMajor.toString(),
      toMajor: q.rate.toMajor.toString(),
    },
    minimum: money(TON_DEPOSIT_LIMITS.minimum, 'TON'),
    maximum: money(TON_DEPOSIT_LIMITS.maximum, 'TON'),
  };
}

/** GET /onramp/ton/quote: at the rate of now, nothing stored. */
export async function currentTonQuote(deps: AppDeps, target: TonTarget) {
  return checkedTonQuote(target, await deps.tonDeposits.rates.current(deps.clock()));
}

/**
 * POST /onramp/ton/deposit: a deposit intent with its memo and a quote locked for TON_QUOTE_TTL_MS.
 * Refusals (bad input, no chain, rate limit, deletion pending) write nothing but the rate-limit count.
 */
export async function createTonDeposit(
  deps: AppDeps,
  input: { userId: string; target: TonTarget; wallet?: string | undefined },
) {
  const now = deps.clock();
  // Bad input is a 400 first, whatever the chain.
  const quote = await currentTonQuote(deps, input.target);
  const wallet = input.wallet === undefined ? null : await walletAddress(input.wallet);
  const chain = await requireChain(deps);
  const hit = await hitRateLimit(
    deps.db,
    `ton-deposit:${input.userId}`,
    TON_DEPOSITS_PER_WINDOW,
    TON_DEPOSIT_WINDOW_MS,
    now,
  );
  if (!hit.allowed)
    throw new AppError(429, DEPOSIT_RATE_LIMIT_MESSAGE, null, {
      'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))),
    });
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await deps.db.transaction(async (tx) => {
        const user = await requireActiveUser(tx, input.userId);
        // TON paid in now would be lost at the purge: no deposits while a deletion is pending.
        if (user.deletionDueAt)
          throw new AppError(409, DEPOSIT_DELETION_PENDING_MESSAGE, { code: 'DELETION_PENDING' });
        const [inserted] = await tx
          .insert(schema.tonDeposits)
          .values({
            userId: input.userId,
            memo: newMemo(),
            address: chain.address.toRawString(),
            network: chain.network,
            amount: quote.amount,
            kcashAmount: quote.kcash,
            rateTon: quote.rate.fromMajor,
            rateKcash: quote.rate.toMajor,
            wallet,
            createdAt: now,
            expiresAt: new Date(now.getTime() + TON_QUOTE_TTL_MS),
          })
          .returning();
        return inserted!;
      });
      return { row, chain, quote };
    } catch (error) {
      // 40 random bits: a memo drawn twice is rare; draw again.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

/** The connected wallet as a raw address, or 400 when it is not a TON address. */
async function walletAddress(text: string): Promise<string> {
  const { Address } = await import('@ton/core');
  const trimmed = text.trim();
  if (!Address.isRaw(trimmed) && !Address.isFriendly(trimmed))
    throw new AppError(400, TON_WALLET_ADDRESS_MESSAGE);
  try {
    return Address.parse(trimmed).toRawString();
  } catch {
    throw new AppError(400, TON_WALLET_ADDRESS_MESSAGE);
  }
}

/** The deposit wallet as the gamer's wallet is asked to pay it: user-friendly, non-bounceable. */
export async function friendlyAddress(raw: string, network: string): Promise<string> {
  const { Address } = await import('@ton/core');
  return Address.parse(raw).toString({ bounceable: false, testOnly: network === 'ton:testnet' });
}

/** The comment cell of `memo`, as TON Connect's `payload` (base64 BOC): op 0, then the text. */
export async function commentPayload(memo: string): Promise<string> {
  const { beginCell } = await import('@ton/core');
  return beginCell().storeUint(0, 32).storeStringTail(memo).endCell().toBoc().toString('base64');
}

export async function tonDepositOf(deps: AppDeps, userId: string, depositId: string): Promise<TonDepositRow> {
  const t = schema.tonDeposits;
  const [row] = await deps.db
    .select()
    .from(t)
    .where(and(eq(t.id, depositId), eq(t.userId, userId)));
  if (!row) throw new AppError(404, DEPOSIT_NOT_FOUND_MESSAGE);
  return row;
}

export async function tonDepositView(row: TonDepositRow) {
  return {
    depositId: row.id,
    status: row.status,
    address: await friendlyAddress(row.address, row.network),
    network: row.network,
    memo: row.memo,
    payload: await commentPayload(row.memo),
    pay: money(row.amount, 'TON'),
    receive: money(row.kcashAmount, 'KCASH'),
    received: row.receivedAmount === null ? null : money(row.receivedAmount, 'TON'),
    credited: row.creditedKcash === null ? null : money(row.creditedKcash, 'KCASH'),
    txHash: row.txHash,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
  };
}
