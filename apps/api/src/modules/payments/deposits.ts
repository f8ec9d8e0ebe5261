import { randomBytes, randomUUID } from 'node:crypto';
import {
  DEPOSIT_DELETION_PENDING_MESSAGE,
  DEPOSIT_NOT_FOUND_MESSAGE,
  DEPOSIT_RATE_LIMIT_MESSAGE,
  money,
  ONRAMP_CURRENCIES,
  type OnrampCurrency,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import type { DepositRow } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import {
  ensureUserAccounts,
  systemAccount,
  type TransferInput,
  transferMany,
  userAccount,
} from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { requireActiveUser } from '../profile/index.ts';
import type { PaymentEvent, PaymentProvider } from './provider.ts';
import { DEPOSIT_TTL_MS, quoteDeposit } from './rates.ts';
import { DEPOSIT_REFUND_JOB, depositRefundJobKey } from './refunds.ts';

export { DEPOSIT_DELETION_PENDING_MESSAGE };

export const DEPOSITS_PER_WINDOW = 10;
export const DEPOSIT_WINDOW_MS = 10 * 60 * 1000;

export function payAmount(amount: bigint, currency: OnrampCurrency) {
  return { amount: amount.toString(), currency, decimals: ONRAMP_CURRENCIES[currency].decimals };
}

export async function createDeposit(
  deps: AppDeps,
  provider: PaymentProvider,
  input: { userId: string; amount: bigint; currency: OnrampCurrency; apiOrigin: string },
) {
  const now = deps.clock();
  const hit = await hitRateLimit(
    deps.db,
    `onramp-deposit:${input.userId}`,
    DEPOSITS_PER_WINDOW,
    DEPOSIT_WINDOW_MS,
    now,
  );
  if (!hit.allowed)
    throw new AppError(429, DEPOSIT_RATE_LIMIT_MESSAGE, null, {
      'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))),
    });
  const quote = quoteDeposit(input.amount, input.currency);
  const id = randomUUID();
  const expiresAt = new Date(now.getTime() + DEPOSIT_TTL_MS);
  return deps.db.transaction(async (tx) => {
    const user = await requireActiveUser(tx, input.userId);
    // Money paid in now would be lost at the purge: no deposits while a deletion is pending.
    if (user.deletionDueAt)
      throw new AppError(409, DEPOSIT_DELETION_PENDING_MESSAGE, { code: 'DELETION_PENDING' });
    const checkout = await provider.createCheckout(tx, {
      depositId: id,
      amount: input.amount,
      currency: input.currency,
      apiOrigin: input.apiOrigin,
      now,
    });
    const [row] = await tx
      .insert(schema.deposits)
      .values({
        id,
        userId: input.userId,
        provider: provider.name,
        providerPaymentId: checkout.paymentId,
        currency: input.currency,
        method: ONRAMP_CURRENCIES[input.currency].method,
        amount: input.amount,
        usdtAmount: quote.usdtValue,
        feeUsdt: quote.fee,
        kcashAmount: quote.kcash,
        createdAt: now,
        expiresAt,
      })
      .returning();
    return { deposit: row!, checkoutUrl: checkout.checkoutUrl, quote };
  });
}

/** A pending deposit past its expiry is expired (recorded when someone looks at it). */
export async function depositOf(deps: AppDeps, userId: string, depositId: string): Promise<DepositRow> {
  const t = schema.deposits;
  const [row] = await deps.db
    .select()
    .from(t)
    .where(and(eq(t.id, depositId), eq(t.userId, userId)));
  if (!row) throw new AppError(404, DEPOSIT_NOT_FOUND_MESSAGE);
  if (row.status === 'pending' && row.expiresAt <= deps.clock()) {
    const [expired] = await deps.db
      .update(t)
      .set({ status: 'expired' })
      .where(and(eq(t.id, depositId), eq(t.status, 'pending')))
      .returning();
    if (expired) return expired;
    const [fresh] = await deps.db.select().from(t).where(eq(t.id, depositId));
    return fresh!;
  }
  return row;
}

export type EventOutcome = 'credited' | 'failed' | 'refund_due' | 'duplicate' | 'ignored';

/**
 * Applies one verified provider event. Exactly-once crediting rests on three things in one
 * transaction: the event is recorded once per (provider, event id); the deposit row is locked FOR
 * UPDATE, so concurrent deliveries queue and later ones see it credited; and the ledger legs carry
 * keys derived from the event, so even a bypass of the first two cannot post twice.
 */
export async function applyPaymentEvent(
  deps: AppDeps,
  provider: PaymentProvider['name'],
  event: PaymentEvent,
): Promise<EventOutcome> {
  const now = deps.clock();
  const log = deps.logger;
  const t = schema.deposits;
  // Accounts are created before any lock is taken (see ensureUserAccounts).
  const [owner] = /^[0-9a-f-]{36}$/i.test(event.data.reference)
    ? await deps.db.select({ userId: t.userId }).from(t).where(eq(t.id, event.data.reference))
    : [];
  if (owner) await ensureUserAccounts(deps.db, owner.userId);

  return deps.db.transaction(async (tx) => {
    // The deposit is locked before the event row is written: that insert's foreign key takes a
    // key-share lock on the deposit, and taking it first and FOR UPDATE second deadlocks two
    // deliveries on PostgreSQL. With the row lock first, every delivery queues in one place.
    const [deposit] = owner
      ? await tx.select().from(t).where(eq(t.id, event.data.reference)).for('update')
      : [];
    await tx
      .insert(schema.paymentWebhookEvents)
      .values({
        provider,
        eventId: event.id,
        type: event.type,
        depositId: deposit ? deposit.id : null,
        payload: event,
        receivedAt: now,
      })
      .onConflictDoNothing();
    if (!deposit) {
      log.warn('payment event for an unknown deposit', { provider, eventId: event.id });
      return 'ignored';
    }
    if (
      deposit.provider !== provider ||
      deposit.providerPaymentId !== event.data.paymentId ||
      deposit.amount.toString() !== event.data.amount ||
      deposit.currency !== event.data.currency
    ) {
      log.warn('payment event does not match its deposit', {
        provider,
        eventId: event.id,
        depositId: deposit.id,
      });
      return 'ignored';
    }

    if (event.type === 'payment.failed') {
      if (deposit.status !== 'pending') return 'duplicate';
      await tx
        .update(t)
        .set({ status: 'failed', failedAt: now, providerEventId: event.id })
        .where(eq(t.id, deposit.id));
      return 'failed';
    }

    if (deposit.status === 'credited' || deposit.status === 'refund_due' || deposit.status === 'refunded')
      return 'duplicate';
    if (deposit.status === 'failed' || deposit.status === 'expired') {
      // Paid after it failed or expired: the quote no longer holds and the user was told it closed, so
      // nothing is credited and the payment is handed back (modules/payments/refunds.ts). The row lock
      // above makes this happen once, whichever event or delivery comes first.
      await tx
        .update(t)
        .set({ status: 'refund_due', paidAt: now, providerEventId: event.id })
        .where(eq(t.id, deposit.id));
      await enqueueJob(tx, {
        kind: DEPOSIT_REFUND_JOB,
        payload: { depositId: deposit.id },
        runAt: now,
        dedupeKey: depositRefundJobKey(deposit.id),
      });
      log.warn('payment succeeded for a closed deposit: refund due', {
        depositId: deposit.id,
        status: deposit.status,
        eventId: event.id,
      });
      return 'refund_due';
    }

    const key = `onramp:${provider}:${event.id}`;
    const legs: TransferInput[] = [
      {
        idempotencyKey: `${key}:kcash`,
        debit: systemAccount('treasury'),
        credit: userAccount(deposit.userId, 'user_kcash_bought'),
        amount: deposit.kcashAmount,
        currency: 'KCASH',
        kind: 'onramp_deposit',
        metadata: { depositId: deposit.id, paid: deposit.amount.toString(), paidCurrency: deposit.currency },
      },
    ];
    if (deposit.feeUsdt > 0n)
      legs.push({
        idempotencyKey: `${key}:fee`,
        debit: systemAccount('treasury'),
        credit: systemAccount('fees'),
        amount: deposit.feeUsdt,
        currency: 'USDT',
        kind: 'onramp_deposit',
        metadata: { depositId: deposit.id, fee: true },
      });
    const { transfers } = await transferMany(tx, legs);
    await tx
      .update(t)
      .set({
        status: 'credited',
        paidAt: deposit.paidAt ?? now,
        creditedAt: now,
        providerEventId: event.id,
        creditTransferId: transfers[0]!.id,
      })
      .where(eq(t.id, deposit.id));
    await enqueueNotification(tx, {
      kind: 'deposit_credited',
      userId: deposit.userId,
      dedupeKey: `deposit-credited:${deposit.id}`,
      payload: { depositId: deposit.id, kcash: deposit.kcashAmount.toString() },
    });
    return 'credited';
  });
}

export function depositView(row: DepositRow) {
  return {
    depositId: row.id,
    status: row.status,
    pay: payAmount(row.amount, row.currency),
    receive: money(row.kcashAmount, 'KCASH'),
    fee: money(row.feeUsdt, 'USDT'),
    createdAt: row.createdAt.toISOString(),
    creditedAt: row.creditedAt?.toISOString() ?? null,
  };
}

export const newEventId = () => `evt_${randomBytes(12).toString('hex')}`;
