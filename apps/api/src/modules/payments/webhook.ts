import { z } from 'zod';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import type { Logger } from '../../lib/logger.ts';
import { applyPaymentEvent } from './deposits.ts';
import type { PaymentEvent } from './provider.ts';
import { verifyWebhookSignature } from './signature.ts';
import { paymentsWebhookSecret } from './webhook-secret.ts';

export const WEBHOOK_UNAUTHORIZED_MESSAGE = 'Invalid webhook signature';
export const WEBHOOK_BAD_EVENT_MESSAGE = 'Invalid webhook event';

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  data: z.object({
    paymentId: z.string().min(1).max(200),
    reference: z.string().min(1).max(200),
    amount: z.string().regex(/^\d{1,19}$/),
    currency: z.string().max(10),
  }),
});

/**
 * Verifies and applies one webhook delivery (401 for a bad signature, 400 for an event we cannot
 * read); the HTTP route and the sandbox checkout share it.
 */
export async function receiveWebhook(
  deps: AppDeps,
  log: Logger | undefined,
  rawBody: string,
  signature: string | undefined,
) {
  const check = verifyWebhookSignature(paymentsWebhookSecret(deps), rawBody, signature, deps.clock());
  if (!check.ok) {
    log?.warn('webhook refused', { reason: check.reason });
    throw new AppError(401, WEBHOOK_UNAUTHORIZED_MESSAGE);
  }
  let parsed: z.ZodSafeParseResult<PaymentEvent>;
  try {
    parsed = eventSchema.safeParse(JSON.parse(rawBody));
  } catch {
    throw new AppError(400, WEBHOOK_BAD_EVENT_MESSAGE);
  }
  if (!parsed.success) throw new AppError(400, WEBHOOK_BAD_EVENT_MESSAGE);
  return applyPaymentEvent(deps, 'sandbox', parsed.data);
}
