import { startParamToPath } from '@khel/core/deep-links';
import { GrammyError, InlineKeyboard } from 'grammy';
import { backoffDelay } from '../backoff.ts';
import { grammySignal } from '../grammy-signal.ts';
import { describeError } from '../logger.ts';
import { openAppButton } from '../open-app.ts';
import type { Delivery, Outcome } from './delivery.ts';
import { renderNotification } from './messages.ts';
import {
  type ClaimedNotification,
  holdUntil,
  isStale,
  markBlocked,
  markFailed,
  markSkipped,
  retryLater,
} from './outbox-store.ts';

/** One outbox row to its user's private chat, with a button to its Mini App screen. */
export async function sendNotification(
  d: Delivery,
  n: ClaimedNotification,
  signal?: AbortSignal,
): Promise<Outcome> {
  const { db, api, clock } = d;
  if (n.chatId === null) return skip(d, n, 'the user never opened the bot');
  if (n.blocked) return skip(d, n, 'the user blocked the bot');
  if (!n.enabled) return skip(d, n, 'turned off by the user');
  if (n.muted) return skip(d, n, 'muted by the user');
  if (n.quietUntil) {
    await holdUntil(db, n, n.quietUntil);
    return 'held';
  }
  const now = new Date(clock());
  if (await isStale(db, n, now)) return skip(d, n, 'no longer relevant');

  const message = renderNotification(n.kind, n.payload, n.languageCode);
  const destination = { path: startParamToPath(message.startParam), startParam: message.startParam };
  const chatId = n.chatId;
  try {
    const button = openAppButton(message.button, destination, d.settings, {
      type: 'private',
      botUsername: await d.username(signal),
    });
    const sent = await d.pacer.run(async () => {
      try {
        return await api.sendMessage(
          chatId,
          message.text,
          { ...d.sendOptions, reply_markup: new InlineKeyboard([[button]]) },
          grammySignal(signal),
        );
      } catch (error) {
        // Telegram refuses url buttons it cannot link (local development hosts): send the link as text.
        if (!(error instanceof GrammyError && error.error_code === 400 && /BUTTON/i.test(error.description)))
          throw error;
        const url = 'url' in button ? button.url : destination.path;
        return api.sendMessage(chatId, `${message.text}\n\n${url}`, d.sendOptions, grammySignal(signal));
      }
    }, signal);
    if (sent === undefined || signal?.aborted) return 'abandoned';
    await d.sentMarks.mark(n, new Date(clock()));
    return 'sent';
  } catch (error) {
    if (signal?.aborted) return 'abandoned';
    return handleFailure(d, n, error);
  }
}

async function skip(d: Delivery, n: ClaimedNotification, reason: string): Promise<Outcome> {
  await markSkipped(d.db, n, reason);
  return 'skipped';
}

async function handleFailure(d: Delivery, n: ClaimedNotification, error: unknown): Promise<Outcome> {
  const { db, logger } = d;
  const now = d.clock();
  const description = describeError(error);
  if (error instanceof GrammyError) {
    if (error.error_code === 403) {
      await markBlocked(db, n, new Date(now));
      logger.info('A user blocked the bot; marked', { outboxId: n.id });
      return 'blocked';
    }
    if (error.error_code === 429) {
      const seconds = error.parameters.retry_after ?? 1;
      await retryLater(db, n, new Date(now + seconds * 1000), description, true);
      logger.warn('Telegram asked to slow down for a chat; retrying that chat later', {
        outboxId: n.id,
        retryAfterSeconds: seconds,
      });
      return 'retried';
    }
    if (error.error_code >= 400 && error.error_code < 500) {
      await markFailed(db, n, description);
      logger.warn('Telegram refused a notification; not retrying', { outboxId: n.id, error: description });
      return 'failed';
    }
  }
  if (n.attempts >= d.maxAttempts) {
    await markFailed(db, n, description);
    logger.error('A notification failed too often; given up', { outboxId: n.id, error: description });
    return 'failed';
  }
  const delay = backoffDelay(n.attempts - 1, { initialDelayMs: d.retryDelayMs, maxDelayMs: 60 * 60_000 });
  await retryLater(db, n, new Date(now + delay), description, false);
  logger.warn('Sending a notification failed; will retry', {
    outboxId: n.id,
    delayMs: delay,
    error: description,
  });
  return 'retried';
}
