import { UUID_PATTERN } from '@khel/core/contract';
import { schema } from '@khel/db';
import type { DepositRow } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { cancelJob, type JobHandler } from '../../lib/jobs.ts';
import { PAYMENT_PROVIDERS, type PaymentProvider } from './provider.ts';

/**
 * Refunds of deposits paid after they had expired or failed (DESIGN §5). Such a payment credits
 * nothing: `applyPaymentEvent` marks the deposit `refund_due` (once per provider event) and enqueues a
 * DEPOSIT_REFUND_JOB in the same transaction; the job asks the provider to hand the payment back and
 * marks the deposit `refunded` with the provider's refund id. No ledger transfer is involved at any
 * step: the K-Cash was never credited. Support staff can run the same refund at once with
 * `refundDepositByOperator` (the CLI `apps/api/scripts/refund-deposit.ts <depositId>`), e.g. after the
 * job gave up.
 */
export const DEPOSIT_REFUND_JOB = 'deposit.refund';
export const depositRefundJobKey = (depositId: string) => `${DEPOSIT_REFUND_JOB}:${depositId}`;

export type RefundOutcome =
  /** The provider refunded the payment now and the deposit is `refunded`. */
  | { kind: 'refunded'; deposit: DepositRow }
  /** It had been refunded before: nothing was asked of the provider. */
  | { kind: 'already_refunded'; deposit: DepositRow }
  /** The deposit is in another state (e.g. credited, pending): there is nothing to refund. */
  | { kind: 'not_due'; deposit: DepositRow }
  | { kind: 'not_found' };

type RefundDeps = Pick<AppDeps, 'db' | 'clock' | 'logger'>;

async function depositById(deps: RefundDeps, depositId: string): Promise<DepositRow | undefined> {
  if (!UUID_PATTERN.test(depositId)) return undefined;
  const [row] = await deps.db.select().from(schema.deposits).where(eq(schema.deposits.id, depositId));
  return row;
}

/**
 * Refunds a `refund_due` deposit through its provider and marks it `refunded`. Safe to run twice or
 * concurrently (job and operator): the provider's refund is idempotent per payment, and only one
 * caller moves the row from `refund_due` to `refunded`. A provider error is thrown (the job retries).
 */
export async function refundDeposit(
  deps: RefundDeps,
  depositId: string,
  providers: Record<PaymentProvider['name'], PaymentProvider> = PAYMENT_PROVIDERS,
): Promise<RefundOutcome> {
  const deposit = await depositById(deps, depositId);
  if (!deposit) return { kind: 'not_found' };
  if (deposit.status === 'refunded') return { kind: 'already_refunded', deposit };
  if (deposit.status !== 'refund_due') return { kind: 'not_due', deposit };

  // The outside call is made outside any transaction; repeating it is harmless (see above).
  const { refundId } = await providers[deposit.provider].refund(deps.db, deposit.providerPaymentId);
  const t = schema.deposits;
  const [refunded] = await deps.db
    .update(t)
    .set({ status: 'refunded', refundedAt: deps.clock(), providerRefundId: refundId })
    .where(and(eq(t.id, deposit.id), eq(t.status, 'refund_due')))
    .returning();
  if (refunded) {
    deps.logger.info('deposit refunded', { depositId: deposit.id, provider: deposit.provider, refundId });
    return { kind: 'refunded', deposit: refunded };
  }
  const now = (await depositById(deps, deposit.id))!;
  return now.status === 'refunded'
    ? { kind: 'already_refunded', deposit: now }
    : { kind: 'not_due', deposit: now };
}

/** Job handler of DEPOSIT_REFUND_JOB (payload `{ depositId }`). */
export const refundDepositJob: JobHandler = async (deps, job) => {
  const depositId = String(job.payload.depositId ?? '');
  const outcome = await refundDeposit(deps, depositId);
  if (outcome.kind === 'not_found' || outcome.kind === 'not_due')
    deps.logger.warn('deposit refund job found nothing to refund', {
      depositId,
      status: outcome.kind === 'not_due' ? outcome.deposit.status : null,
    });
};

export class RefundRefusedError extends Error {}

/**
 * The operator's path (support staff): refunds a deposit in `refund_due` now, the same way the job
 * does, and cancels its pending job. A deposit already refunded is reported, not refunded again;
 * any other state is refused with a RefundRefusedError saying why.
 */
export async function refundDepositByOperator(
  deps: RefundDeps,
  depositId: string,
): Promise<{ deposit: DepositRow; alreadyRefunded: boolean }> {
  const outcome = await refundDeposit(deps, depositId);
  switch (outcome.kind) {
    case 'not_found':
      throw new RefundRefusedError(`No deposit with id ${depositId}`);
    case 'not_due':
      throw new RefundRefusedError(
        `Deposit ${depositId} is ${outcome.deposit.status}: only a deposit in refund_due can be refunded`,
      );
    default:
      await cancelJob(deps.db, depositRefundJobKey(depositId), deps.clock());
      return { deposit: outcome.deposit, alreadyRefunded: outcome.kind === 'already_refunded' };
  }
}
