import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { newEventId } from './deposits.ts';
import type { PaymentEvent } from './provider.ts';
import { DEPOSIT_TTL_MS } from './rates.ts';
import { signWebhook } from './signature.ts';
import { paymentsWebhookSecret } from './webhook-secret.ts';

type SandboxPayment = typeof schema.sandboxPayments.$inferSelect;

/** The sandbox provider's payment behind a checkout page; 404 when there is none. */
export async function sandboxPaymentOf(deps: AppDeps, id: string): Promise<SandboxPayment> {
  const t = schema.sandboxPayments;
  const [payment] = await deps.db.select().from(t).where(eq(t.id, id));
  if (!payment) throw new AppError(404, 'Not found');
  return payment;
}

/** An open payment left past the deposit's lifetime can no longer be paid. */
export const isSandboxPaymentExpired = (payment: SandboxPayment, now: Date) =>
  payment.status === 'open' && payment.createdAt.getTime() + DEPOSIT_TTL_MS <= now.getTime();

/**
 * Completes a sandbox payment as the payer chose (pay or decline) and makes the provider's event,
 * signed as its webhook would be. Completing twice is harmless: the first outcome stays, and its
 * event is made again.
 */
export async function completeSandboxPayment(
  deps: AppDeps,
  payment: SandboxPayment,
  outcome: 'succeeded' | 'failed',
  now: Date,
): Promise<{ event: PaymentEvent; raw: string; signature: string }> {
  const t = schema.sandboxPayments;
  await deps.db
    .update(t)
    .set({ status: outcome, eventId: newEventId(), completedAt: now })
    .where(and(eq(t.id, payment.id), eq(t.status, 'open')));
  const [done] = await deps.db.select().from(t).where(eq(t.id, payment.id));
  const event: PaymentEvent = {
    id: done!.eventId!,
    type: done!.status === 'failed' ? 'payment.failed' : 'payment.succeeded',
    data: {
      paymentId: done!.id,
      reference: done!.reference,
      amount: done!.amount.toString(),
      currency: done!.currency,
    },
  };
  const raw = JSON.stringify(event);
  return { event, raw, signature: signWebhook(paymentsWebhookSecret(deps), raw, now) };
}
