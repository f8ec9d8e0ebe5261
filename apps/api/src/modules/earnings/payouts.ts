import {
  money,
  type OnrampCurrency,
  PAYOUT_FAILED_MESSAGE,
  PAYOUT_NOT_FOUND_MESSAGE,
  type Payout,
  UUID_PATTERN,
} from '@khel/core/contract';
import type { Database, Executor, Transaction } from '@khel/db';
import { earnings, type PayoutRow, type PayoutStatus, payouts } from '@khel/db/schema';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError, messageCodeOrNull } from '../../lib/http.ts';
import { enqueueJob, type JobHandler } from '../../lib/jobs.ts';
import { systemAccount, type TransferInput, transferMany } from '../ledger/index.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { payAmount } from '../payments/index.ts';
import { type PayoutProvider, payoutProviderOf } from './payout-provider.ts';
import { lockUserEarnings } from './user-lock.ts';

/**
 * Payouts of collected earnings (India): a payout carries the net of one collect to the user's bank
 * account through the payout provider. requested → processing → succeeded | failed.
 *
 * - Success: payouts_in_transit → treasury (`payout`): the money has left Khel; earnings `credited`.
 * - Failure: payouts_in_transit → earnings_payable (`payout_reversal`) and tax_withheld →
 *   earnings_payable (`tax_reversal`): the whole gross is owed to the user again; earnings `failed`
 *   with the reason, and collectable again (a retry makes a new payout).
 * - Still processing: the `payout.process` job looks again later (payoutRecheckDelayMs), for as long as
 *   it takes; the API shows `processing` meanwhile.
 */

/** Job kind: send or check one payout (payload `{ payoutId }`). */
export const PAYOUT_JOB = 'payout.process';
const RECHECK_BASE_MS = 5_000;
const RECHECK_MAX_MS = 30 * 60 * 1000;

/** Wait before the (checks+1)-th look at a processing payout: 5 s, 10 s, 20 s, … at most 30 min. */
export function payoutRecheckDelayMs(checks: number): number {
  return Math.min(RECHECK_MAX_MS, RECHECK_BASE_MS * 2 ** Math.max(0, checks));
}

export function payoutView(row: PayoutRow): Payout {
  const currency = row.payoutCurrency as OnrampCurrency;
  return {
    id: row.id,
    status: row.status,
    method: row.method,
    gross: money(row.kcashGross, 'KCASH'),
    tds: money(row.kcashTax, 'KCASH'),
    net: money(row.kcashNet, 'KCASH'),
    payout: {
      gross: payAmount(row.payoutGross, currency),
      tds: payAmount(row.payoutTax, currency),
      net: payAmount(row.payoutNet, currency),
    },
    destination: row.destination,
    failureReason: row.failureReason,
    failureReasonCode: messageCodeOrNull(row.failureReason),
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** One payout of the user (404 for anyone else's or an unknown id). */
export async function getPayout(db: Executor, userId: string, id: string): Promise<Payout> {
  if (!UUID_PATTERN.test(id)) throw new AppError(404, PAYOUT_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select()
    .from(payouts)
    .where(and(eq(payouts.id, id), eq(payouts.userId, userId)));
  if (!row) throw new AppError(404, PAYOUT_NOT_FOUND_MESSAGE);
  return payoutView(row);
}

export type PayoutOutcome = { ok: true } | { ok: false; reason: string };

/**
 * Books a payout's outcome in the caller's transaction (see the file comment). Locks in the order
 * every earnings writer uses: the user's advisory lock, the payout, its earnings (id order), then
 * the ledger accounts. A payout already settled is left as it is; returns the payout row after.
 */
export async function settlePayoutInTransaction(
  tx: Transaction,
  payoutId: string,
  outcome: PayoutOutcome,
  now: Date,
): Promise<PayoutRow | null> {
  const [peek] = await tx.select({ userId: payouts.userId }).from(payouts).where(eq(payouts.id, payoutId));
  if (!peek) return null;
  await lockUserEarnings(tx, peek.userId);
  const [payout] = await tx.select().from(payouts).where(eq(payouts.id, payoutId)).for('update');
  if (!payout) return null;
  if (payout.status !== 'requested' && payout.status !== 'processing') return payout;
  await tx
    .select({ id: earnings.id })
    .from(earnings)
    .where(and(eq(earnings.payoutId, payoutId), eq(earnings.status, 'distributing')))
    .orderBy(asc(earnings.id))
    .for('update');

  const metadata = { payoutId, providerPayoutId: payout.providerPayoutId };
  const legs: TransferInput[] = [];
  if (outcome.ok) {
    if (payout.kcashNet > 0n)
      legs.push({
        idempotencyKey: `payout:${payoutId}:paid`,
        debit: systemAccount('payouts_in_transit'),
        credit: systemAccount('treasury'),
        amount: payout.kcashNet,
        currency: 'KCASH',
        kind: 'payout',
        metadata,
      });
  } else {
    if (payout.kcashNet > 0n)
      legs.push({
        idempotencyKey: `payout:${payoutId}:reversal`,
        debit: systemAccount('payouts_in_transit'),
        credit: systemAccount('earnings_payable'),
        amount: payout.kcashNet,
        currency: 'KCASH',
        kind: 'payout_reversal',
        metadata: { ...metadata, reason: outcome.reason },
      });
    if (payout.kcashTax > 0n)
      legs.push({
        idempotencyKey: `payout:${payoutId}:tax-reversal`,
        debit: systemAccount('tax_withheld'),
        credit: systemAccount('earnings_payable'),
        amount: payout.kcashTax,
        currency: 'KCASH',
        kind: 'tax_reversal',
        metadata,
      });
  }
  if (legs.length > 0) await transferMany(tx, legs);

  const [after] = await tx
    .update(payouts)
    .set(
      outcome.ok
        ? { status: 'succeeded', completedAt: now, updatedAt: now }
        : { status: 'failed', failureReason: outcome.reason, completedAt: now, updatedAt: now },
    )
    .where(eq(payouts.id, payoutId))
    .returning();
  await tx
    .update(earnings)
    .set(
      outcome.ok
        ? { status: 'credited', creditedAt: now, updatedAt: now }
        : { status: 'failed', failureReason: outcome.reason, updatedAt: now },
    )
    .where(and(eq(earnings.payoutId, payoutId), eq(earnings.status, 'distributing')));
  if (after)
    await enqueueNotification(tx, {
      kind: 'payout_update',
      userId: after.userId,
      dedupeKey: `payout-${outcome.ok ? 'paid' : 'failed'}:${payoutId}`,
      payload: { payoutId, status: outcome.ok ? 'paid' : 'failed', kcash: payout.kcashNet.toString() },
    });
  return after ?? null;
}

export function settlePayout(db: Database, payoutId: string, outcome: PayoutOutcome, now: Date) {
  return db.transaction((tx) => settlePayoutInTransaction(tx, payoutId, outcome, now));
}

/**
 * One step of a payout: sends it to the provider if not sent yet (the provider keeps one transfer per
 * payout id, so a retried job never pays twice), reads its state, and books the outcome or schedules
 * another look. Returns the payout's status after the step.
 */
export async function processPayout(
  deps: AppDeps,
  payoutId: string,
  provider: PayoutProvider | null = payoutProviderOf(deps.env),
): Promise<PayoutStatus | null> {
  const [payout] = await deps.db.select().from(payouts).where(eq(payouts.id, payoutId));
  if (!payout || payout.status === 'succeeded' || payout.status === 'failed') return payout?.status ?? null;
  // The job fails and is retried with backoff until a provider is configured again.
  if (!provider) throw new Error('No payout provider is configured (PAYOUT_PROVIDER=none)');
  const now = deps.clock();
  let sent = payout.providerPayoutId
    ? await provider.getTransfer(deps.db, payout.providerPayoutId, now)
    : null;
  if (!sent) {
    sent = await provider.createTransfer(
      deps.db,
      {
        reference: payout.id,
        amount: payout.payoutNet,
        currency: 'INR',
        method: payout.method,
        destination: payout.destination,
      },
      now,
    );
    await deps.db
      .update(payouts)
      .set({ providerPayoutId: sent.id, status: 'processing', updatedAt: now })
      .where(and(eq(payouts.id, payout.id), eq(payouts.status, 'requested')));
  }
  if (sent.status === 'processing') {
    const checks = payout.attempts;
    await deps.db.transaction(async (tx) => {
      await tx
        .update(payouts)
        .set({ attempts: sql`${payouts.attempts} + 1`, updatedAt: now })
        .where(eq(payouts.id, payout.id));
      await enqueueJob(tx, {
        kind: PAYOUT_JOB,
        payload: { payoutId: payout.id },
        runAt: new Date(now.getTime() + payoutRecheckDelayMs(checks)),
        dedupeKey: `payout:${payout.id}:check:${checks + 1}`,
      });
    });
    if (checks >= 10)
      deps.logger.warn('payout still processing', { payoutId: payout.id, checks: checks + 1 });
    return 'processing';
  }
  const settled = await settlePayout(
    deps.db,
    payout.id,
    sent.status === 'succeeded'
      ? { ok: true }
      : { ok: false, reason: sent.failureReason ?? PAYOUT_FAILED_MESSAGE },
    now,
  );
  return settled?.status ?? null;
}

/** The `payout.process` job. */
export const processPayoutJob: JobHandler = async (deps, job) => {
  const payoutId = typeof job.payload.payoutId === 'string' ? job.payload.payoutId : null;
  if (payoutId) await processPayout(deps, payoutId);
};
