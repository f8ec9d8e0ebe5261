import { createHash, timingSafeEqual } from 'node:crypto';
import { type Bot, type Context, webhookCallback } from 'grammy';
import { Hono } from 'hono';
import { WEBHOOK_SECRET_PATTERN } from './env.ts';

export const SECRET_TOKEN_HEADER = 'X-Telegram-Bot-Api-Secret-Token';

export interface WebhookAppOptions {
  /** The `secret_token` given to setWebhook; Telegram echoes it in every update request. */
  secretToken: string;
  /**
   * How long grammY waits for the handlers before answering. After it, Telegram gets its 200 (so it does not
   * redeliver the update) while the handler keeps running. Default 10 s.
   */
  timeoutMs?: number;
}

const sha256 = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * A Hono app with `POST /` that takes Telegram's webhook calls; mount it wherever the webhook URL points, e.g.
 * `app.route('/telegram/webhook', createWebhookApp(bot, { secretToken }))`.
 * Requests without the right secret header get 403 before grammY (or any bot code) sees them.
 */
export function createWebhookApp<C extends Context>(bot: Bot<C>, options: WebhookAppOptions): Hono {
  if (!WEBHOOK_SECRET_PATTERN.test(options.secretToken)) {
    throw new Error('createWebhookApp: secretToken must be 1–256 characters of A-Za-z0-9_-');
  }
  const expectedDigest = sha256(options.secretToken);
  const handleUpdate = webhookCallback(bot, 'hono', {
    secretToken: options.secretToken,
    onTimeout: 'return',
    timeoutMilliseconds: options.timeoutMs ?? 10_000,
  });

  const app = new Hono();
  app.post('/', async (c) => {
    const given = c.req.header(SECRET_TOKEN_HEADER);
    // Comparing fixed-length digests keeps the check constant-time whatever the length of what was sent.
    if (given === undefined || !timingSafeEqual(sha256(given), expectedDigest)) {
      return c.text('Forbidden', 403);
    }
    let update: unknown;
    try {
      update = await c.req.json(); // Hono caches the parsed body for grammY's adapter
    } catch {
      return c.text('Bad Request', 400);
    }
    if (
      typeof update !== 'object' ||
      update === null ||
      typeof (update as { update_id?: unknown }).update_id !== 'number'
    ) {
      return c.text('Bad Request', 400);
    }
    return handleUpdate(c);
  });
  return app;
}
