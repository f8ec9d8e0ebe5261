import { startParamToPath } from '@khel/core/deep-links';
import { GrammyError, InlineKeyboard } from 'grammy';
import { backoffDelay } from '../backoff.ts';
import { grammySignal } from '../grammy-signal.ts';
import { describeError } from '../logger.ts';
import { openAppButton } from '../open-app.ts';
import type { Delivery, Outcome } from './delivery.ts';
import { renderGroupNews } from './group-news.ts';
import {
  type ClaimedGroupNews,
  markGroupNewsFailed,
  markGroupNewsSent,
  moveGroup,
  retryGroupNewsLater,
  unlinkLostGroup,
} from './group-news-store.ts';

/** One clan news to its group (the group outbox, clan_group_news), paced per group by the claim. */
export async function sendGroupNews(
  d: Delivery,
  news: ClaimedGroupNews,
  signal?: AbortSignal,
): Promise<Outcome> {
  const message = renderGroupNews(
    news.kind,
    news.payload,
    { id: news.clanId, name: news.clanName },
    news.languageCode,
  );
  const destination = { path: startParamToPath(message.startParam), startParam: message.startParam };
  try {
    const button = openAppButton(message.button, destination, d.settings, {
      type: 'group',
      botUsername: await d.username(signal),
    });
    const sent = await d.pacer.run(
      () =>
        d.api.sendMessage(
          news.chatId,
          message.text,
          {
            ...d.sendOptions,
            reply_markup: new InlineKeyboard([[button]]),
            link_preview_options: { is_disabled: true },
          },
          grammySignal(signal),
        ),
      signal,
    );
    if (sent === undefined || signal?.aborted) return 'abandoned';
    await markGroupNewsSent(d.db, news, new Date(d.clock()), d.groupIntervalMs);
    return 'sent';
  } catch (error) {
    if (signal?.aborted) return 'abandoned';
    return handleGroupFailure(d, news, error);
  }
}

async function handleGroupFailure(d: Delivery, news: ClaimedGroupNews, error: unknown): Promise<Outcome> {
  const { db, logger } = d;
  const now = d.clock();
  const description = describeError(error);
  if (error instanceof GrammyError) {
    const movedTo = error.parameters.migrate_to_chat_id;
    if (movedTo !== undefined) {
      await moveGroup(db, news, movedTo);
      logger.info('A clan group became a supergroup; following it', { chatId: news.chatId, movedTo });
      return 'retried';
    }
    if (error.error_code === 403) {
      await unlinkLostGroup(db, news, description);
      logger.info('The bot was removed from a clan group; unlinked it', { chatId: news.chatId });
      return 'blocked';
    }
    if (error.error_code === 429) {
      const seconds = error.parameters.retry_after ?? 1;
      await retryGroupNewsLater(db, news, new Date(now + seconds * 1000), description);
      logger.warn('Telegram asked to slow down for a clan group; retrying it later', {
        chatId: news.chatId,
        retryAfterSeconds: seconds,
      });
      return 'retried';
    }
    if (error.error_code >= 400 && error.error_code < 500) {
      await markGroupNewsFailed(db, news, new Date(now), d.groupIntervalMs, description);
      logger.warn('Telegram refused a clan news; not retrying', { newsId: news.id, error: description });
      return 'failed';
    }
  }
  if (news.attempts >= d.maxAttempts) {
    await markGroupNewsFailed(db, news, new Date(now), d.groupIntervalMs, description);
    logger.error('A clan news failed too often; given up', { newsId: news.id, error: description });
    return 'failed';
  }
  const delay = backoffDelay(news.attempts - 1, {
    initialDelayMs: d.retryDelayMs,
    maxDelayMs: 60 * 60_000,
  });
  await retryGroupNewsLater(db, news, new Date(now + delay), description);
  logger.warn('Sending a clan news failed; will retry', {
    newsId: news.id,
    delayMs: delay,
    error: description,
  });
  return 'retried';
}
