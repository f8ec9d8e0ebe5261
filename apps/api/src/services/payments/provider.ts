import { randomBytes } from 'node:crypto';
import type { OnrampCurrency } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';

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
}

export interface PaymentProvider {
  readonly name: 'sandbox';
  createCheckout(db: Executor, request: CheckoutRequest): Promise<{ paymentId: string; checkoutUrl: string }>;
}

/** The events our webhook understands, as the provider sends them (JSON body). */
export interface PaymentEvent {
  id: string;
  type: 'payment.succeeded' | 'payment.failed';
  data: { paymentId: string; reference: string; amount: string; currency: string };
}

export const SANDBOX_CHECKOUT_PATH = '/sandbox/payments';

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
    });
    return { paymentId, checkoutUrl: `${request.apiOrigin}/api${SANDBOX_CHECKOUT_PATH}/${paymentId}` };
  },
};
