import { randomBytes } from 'node:crypto';
import type { OnrampCurrency } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';

/**
 * A payment provider (DESIGN §5): creates a checkout for a deposit and later reports the outcome to
 * our webhook as a signed event. Real providers (UPI/PIX/crypto gateways) implement the same shape.
 */
export interface CheckoutRequest {
  depositId: string;
  amount: bigint;
  currency: OnrampCurrency;
  /** Origin of this API (for the sandbox, which serves its checkout from here). */
  apiOrigin: string;
  /** When the checkout opens (the API's clock; the sandbox's checkout expires DEPOSIT_TTL_MS later). */
  now: Date;
}

export interface PaymentProvider {
  readonly name: 'sandbox';
  createCheckout(db: Executor, request: CheckoutRequest): Promise<{ paymentId: string; checkoutUrl: string }>;
  /**
   * Hands a completed payment back to the payer in full and returns the provider's refund id.
   * Idempotent per payment: asking again for a payment already refunded returns the same refund id and
   * moves no money (real providers: pass an idempotency key derived from the payment). Throws when the
   * payment cannot be refunded (never completed, unknown); the caller retries later.
   */
  refund(db: Executor, paymentId: string): Promise<{ refundId: string }>;
}

/** The events our webhook understands, as the provider sends them (JSON body). */
export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  data: { paymentId: string; reference: string; amount: string; currency: string };
}

export const SANDBOX_CHECKOUT_PATH = '/sandbox/payments';
/** The sandbox's payment ids, as `createCheckout` makes them: `sbpay_` and 24 hex digits. */
export const SANDBOX_PAYMENT_ID_PATTERN = /^sbpay_[0-9a-f]{24}$/;

/** Keeps its payments in `sandbox_payments`; its checkout page is served under /api/sandbox/payments/<id>. */
export const sandboxPaymentProvider: PaymentProvider = {
  name: 'sandbox',
  async createCheckout(db, request) {
    const paymentId = `sbpay_${randomBytes(12).toString('hex')}`;
    await db.insert(schema.sandboxPayments).values({
      id: paymentId,
      reference: request.depositId,
      currency: request.currency,
      amount: request.amount,
      createdAt: request.now,
    });
    return { paymentId, checkoutUrl: `${request.apiOrigin}/api${SANDBOX_CHECKOUT_PATH}/${paymentId}` };
  },
  async refund(db, paymentId) {
    const t = schema.sandboxPayments;
    // One refund per payment, so its id is derived from the payment's: asking twice gives the same id.
    const refundId = `sbref_${paymentId.replace(/^sbpay_/, '')}`;
    const [refunded] = await db
      .update(t)
      .set({ status: 'refunded' })
      .where(and(eq(t.id, paymentId), eq(t.status, 'succeeded')))
      .returning({ id: t.id });
    if (refunded) return { refundId };
    const [payment] = await db.select({ status: t.status }).from(t).where(eq(t.id, paymentId));
    if (payment?.status === 'refunded') return { refundId };
    throw new Error(
      payment
        ? `Sandbox payment ${paymentId} cannot be refunded: it is ${payment.status}`
        : `Sandbox payment ${paymentId} does not exist`,
    );
  },
};

/** The providers by the name stored on each deposit. */
export const PAYMENT_PROVIDERS: Record<PaymentProvider['name'], PaymentProvider> = {
  sandbox: sandboxPaymentProvider,
};
