import type { AppDeps } from '../../lib/context.ts';
import { devSecretFile } from '../../lib/dev-key-file.ts';

const cache = new WeakMap<AppDeps, string>();

/**
 * The secret the payment provider signs webhooks with: PAYMENTS_WEBHOOK_SECRET, required in
 * production; outside production generated once under DATA_DIR/keys (mode 0600) and reused, like
 * the other development secrets.
 */
export function paymentsWebhookSecret(deps: AppDeps): string {
  const cached = cache.get(deps);
  if (cached) return cached;
  let secret = deps.env.PAYMENTS_WEBHOOK_SECRET;
  if (!secret) {
    if (deps.env.NODE_ENV === 'production')
      throw new Error('PAYMENTS_WEBHOOK_SECRET must be set in production');
    secret = devSecretFile(deps.env.DATA_DIR, 'payments-webhook-secret');
  }
  cache.set(deps, secret);
  return secret;
}
