import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppDeps } from '../../lib/context.ts';

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
    const dir = join(deps.env.DATA_DIR, 'keys');
    const file = join(dir, 'payments-webhook-secret');
    if (existsSync(file)) {
      secret = readFileSync(file, 'utf8').trim();
    } else {
      mkdirSync(dir, { recursive: true });
      secret = randomBytes(32).toString('base64url');
      try {
        writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
        chmodSync(file, 0o600);
      } catch {
        // Another process wrote it first: use theirs.
        secret = readFileSync(file, 'utf8').trim();
      }
    }
  }
  cache.set(deps, secret);
  return secret;
}
