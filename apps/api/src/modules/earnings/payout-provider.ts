import { randomBytes } from 'node:crypto';
import { PAYOUT_REJECTED_MESSAGE } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import type { PayoutMethod } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import type { Env } from '../../env.ts';

/**
 * A payout provider (DESIGN §8): sends money out of Khel to a user's bank account and reports how the
 * transfer went. Real payout APIs (RazorpayX, Cashfree Payouts…) have the same shape: create a transfer
 * with our reference (one transfer per reference, so a retried request never pays twice), then poll it
 * (or receive a webhook) until it succeeds or fails.
 */
export interface PayoutTransferRequest {
  /** Our payout id: the provider keeps one transfer per reference. */
  reference: string;
  /** Minor units of `currency` (INR paise). */
  amount: bigint;
  currency: 'INR';
  method: PayoutMethod;
  /** Masked destination only ({ ifsc, last4, bankName }); the sandbox needs no full account number. */
  destination: Record<string, string>;
}

export type PayoutTransferStatus = 'processing' | 'succeeded' | 'failed';

export interface PayoutTransfer {
  id: string;
  status: PayoutTransferStatus;
  failureReason: string | null;
}

export interface PayoutProvider {
  readonly name: 'sandbox';
  /** Creates the transfer, or returns the one already made for this reference. */
  createTransfer(db: Executor, request: PayoutTransferRequest, now: Date): Promise<PayoutTransfer>;
  /** The transfer's current state. */
  getTransfer(db: Executor, id: string, now: Date): Promise<PayoutTransfer>;
}

/**
 * Sandbox rules, by the last 4 digits of the destination account (an account ending 0000 is already
 * refused by the sandbox KYC bank check):
 * - `1111`: the beneficiary bank rejects the transfer (SANDBOX_PAYOUT_REJECTED_MESSAGE);
 * - `2222`: the transfer hangs: it stays processing for ever;
 * - anything else: it succeeds.
 * A transfer reaches its outcome `delayMs` after it was created (PAYOUT_SANDBOX_DELAY_MS), seen the
 * next time someone asks for it. The scenario is fixed when the transfer is created and written into
 * its id (`sbpo_ok_…`, `sbpo_rejected_…`, `sbpo_hang_…`), as a sandbox may: the id is opaque to us.
 */
export const SANDBOX_PAYOUT_REJECTED_MESSAGE = PAYOUT_REJECTED_MESSAGE;
export const SANDBOX_PAYOUT_REJECT_LAST4 = '1111';
export const SANDBOX_PAYOUT_HANG_LAST4 = '2222';

type Scenario = 'ok' | 'rejected' | 'hang';

export function sandboxScenarioOf(destination: Record<string, string>): Scenario {
  if (destination.last4 === SANDBOX_PAYOUT_REJECT_LAST4) return 'rejected';
  if (destination.last4 === SANDBOX_PAYOUT_HANG_LAST4) return 'hang';
  return 'ok';
}

const scenarioOfId = (id: string): Scenario => {
  const match = /^sbpo_(ok|rejected|hang)_/.exec(id);
  return (match?.[1] as Scenario | undefined) ?? 'ok';
};

type SandboxRow = typeof schema.sandboxPayouts.$inferSelect;
const toTransfer = (row: SandboxRow): PayoutTransfer => ({
  id: row.id,
  status: row.status,
  failureReason: row.failureReason,
});

export function createSandboxPayoutProvider(options: { delayMs: number }): PayoutProvider {
  const t = schema.sandboxPayouts;

  /** Moves a processing transfer to its outcome once its delay has passed. */
  async function advance(db: Executor, row: SandboxRow, now: Date): Promise<SandboxRow> {
    if (row.status !== 'processing') return row;
    const scenario = scenarioOfId(row.id);
    if (scenario === 'hang' || row.createdAt.getTime() + options.delayMs > now.getTime()) return row;
    const [done] = await db
      .update(t)
      .set(
        scenario === 'rejected'
          ? { status: 'failed', failureReason: SANDBOX_PAYOUT_REJECTED_MESSAGE, completedAt: now }
          : { status: 'succeeded', completedAt: now },
      )
      .where(eq(t.id, row.id))
      .returning();
    return done ?? row;
  }

  return {
    name: 'sandbox',
    async createTransfer(db, request, now) {
      if (request.amount <= 0n) throw new Error('sandbox payout: the amount must be positive');
      const scenario = sandboxScenarioOf(request.destination);
      await db
        .insert(t)
        .values({
          id: `sbpo_${scenario}_${randomBytes(12).toString('hex')}`,
          reference: request.reference,
          method: request.method,
          currency: request.currency,
          amount: request.amount,
          status: 'processing',
          createdAt: now,
        })
        .onConflictDoNothing({ target: t.reference });
      const [row] = await db.select().from(t).where(eq(t.reference, request.reference));
      if (!row) throw new Error('sandbox payout: transfer not stored');
      return toTransfer(await advance(db, row, now));
    },
    async getTransfer(db, id, now) {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      if (!row) throw new Error(`sandbox payout: no transfer ${id}`);
      return toTransfer(await advance(db, row, now));
    },
  };
}

/**
 * The provider the environment chooses: the sandbox outside production, none in production until a
 * real one is configured (a sandbox there would mark earnings paid that no bank ever received).
 */
export function payoutProviderOf(env: Env): PayoutProvider | null {
  const production = env.NODE_ENV === 'production';
  const mode = env.PAYOUT_PROVIDER ?? (production ? 'none' : 'sandbox');
  if (mode === 'sandbox' && production)
    throw new Error('PAYOUT_PROVIDER=sandbox is not allowed in production');
  return mode === 'sandbox' ? createSandboxPayoutProvider({ delayMs: env.PAYOUT_SANDBOX_DELAY_MS }) : null;
}
