import { setMaxListeners } from 'node:events';
import { autoRetry } from '@grammyjs/auto-retry';
import { startParamToPath } from '@khel/core/deep-links';
import type { Database } from '@khel/db';
import { Api, GrammyError, InlineKeyboard } from 'grammy';
import { backoffDelay, sleep } from '../backoff.ts';
import { grammySignal } from '../grammy-signal.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import { type MiniAppSettings, openAppButton } from '../open-app.ts';
import { GROUP_NEWS_INTERVAL_MS, renderGroupNews } from './group-news.ts';
import {
  type ClaimedGroupNews,
  claimDueGroupNews,
  markGroupNewsFailed,
  markGroupNewsSent,
  moveGroup,
  retryGroupNewsLater,
  unlinkLostGroup,
} from './group-news-store.ts';
import { renderNotification } from './messages.ts';
import {
  type ClaimedNotification,
  claimDue,
  isStale,
  markBlocked,
  markFailed,
  markSent,
  markSkipped,
  retryLater,
} from './outbox-store.ts';
import { SendPacer } from './pacer.ts';

export interface NotifierOptions extends MiniAppSettings {
  db: Database;
  token: string;
  /** Bot API server root (tests point it at the fake). */
  apiRoot?: string;
  /** An Api to send with instead of one built from token/apiRoot (tests). */
  api?: Api;
  /** Known bot username (links for http Mini Apps); fetched with getMe when needed otherwise. */
  botUsername?: string;
  logger?: BotLogger;
  /**
   * This worker's share of Telegram's overall limit: at most this many sends per `windowMs`. Default 30 per
   * 1 000 ms. With N notifier workers give each 30/N.
   */
  messagesPerWindow?: number;
  windowMs?: number;
  /** Least time between two messages to one chat, across every worker. Default 1 000 ms. */
  perChatIntervalMs?: number;
  /** Rows claimed at once. Default messagesPerWindow. */
  batchSize?: number;
  /**
   * Least time between two clan news in one Telegram group, across every worker. Default 3 000 ms, so never more
   * than Telegram's 20 messages a minute per group.
   */
  groupIntervalMs?: number;
  /** Group news claimed at once (one per group). Default 10. */
  groupBatchSize?: number;
  /** How long a claim holds its rows; a dead worker's rows are taken again after it. Default 60 s. */
  leaseMs?: number;
  /** Wait between polls when nothing is due. Default 1 s. */
  pollIntervalMs?: number;
  /** Attempts before a row failing for other reasons (5xx, network) is given up. Default 8. */
  maxAttempts?: number;
  /** First retry delay after such a failure, doubling. Default 5 s. */
  retryDelayMs?: number;
  clock?: () => number;
}

export interface BatchResult {
  claimed: number;
  sent: number;
  skipped: number;
  blocked: number;
  retried: number;
  failed: number;
}

export interface Notifier {
  /** Claims one batch and delivers it. */
  runBatch(signal?: AbortSignal): Promise<BatchResult>;
}

export interface NotifierHandle {
  /** Stops polling after the batch in progress is delivered; never rejects. */
  stop(): Promise<void>;
  /**
   * Drops everything at once, as a crash would: sends in flight are cut off and their rows are left to their
   * leases, for this or another worker to take again. For tests and fatal shutdowns.
   */
  kill(): void;
}

type Outcome = keyof Omit<BatchResult, 'claimed'> | 'abandoned';

/**
 * The outbox notifier (DESIGN §6): claims due rows (outbox-store.ts), renders each in the user's language with a
 * button to its Mini App screen (messages.ts) and sends it within Telegram's limits (SendPacer overall, the
 * per-chat interval through the claim), at least once and once per dedupe key. The same batches deliver clan news
 * to the clans' Telegram groups (group-news-store.ts, group-news.ts): one message per group per `groupIntervalMs`.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { db } = options;
  const logger = options.logger ?? consoleLogger;
  const clock = options.clock ?? Date.now;
  const messagesPerWindow = options.messagesPerWindow ?? 30;
  const windowMs = options.windowMs ?? 1_000;
  const perChatIntervalMs = options.perChatIntervalMs ?? 1_000;
  const batchSize = options.batchSize ?? messagesPerWindow;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryDelayMs = options.retryDelayMs ?? 5_000;
  const groupIntervalMs = options.groupIntervalMs ?? GROUP_NEWS_INTERVAL_MS;
  const groupBatchSize = options.groupBatchSize ?? 10;
  const pacer = new SendPacer(messagesPerWindow, windowMs, clock);
  const settings: MiniAppSettings = {
    miniAppUrl: options.miniAppUrl,
    ...(options.miniAppShortName ? { miniAppShortName: options.miniAppShortName } : {}),
  };
  const api = options.api ?? notifierApi(options.token, options.apiRoot);
  let botUsername = options.botUsername;

  async function username(signal?: AbortSignal): Promise<string> {
    botUsername ??= (await api.getMe(grammySignal(signal))).username;
    return botUsername;
  }

  async function send(n: ClaimedNotification, signal?: AbortSignal): Promise<Outcome> {
    if (n.chatId === null) return skip(n, 'the user never opened the bot');
    if (n.blocked) return skip(n, 'the user blocked the bot');
    if (!n.enabled) return skip(n, 'turned off by the user');
    const now = new Date(clock());
    if (await isStale(db, n, now)) return skip(n, 'no longer relevant');

    const message = renderNotification(n.kind, n.payload, n.languageCode);
    const destination = { path: startParamToPath(message.startParam), startParam: message.startParam };
    const chatId = n.chatId;
    try {
      const button = openAppButton(message.button, destination, settings, {
        type: 'private',
        botUsername: await username(signal),
      });
      const sent = await pacer.run(async () => {
        try {
          return await api.sendMessage(
            chatId,
            message.text,
            { reply_markup: new InlineKeyboard([[button]]) },
            grammySignal(signal),
          );
        } catch (error) {
          // Telegram refuses url buttons it cannot link (local development hosts): send the link as text.
          if (
            !(error instanceof GrammyError && error.error_code === 400 && /BUTTON/i.test(error.description))
          )
            throw error;
          const url = 'url' in button ? button.url : destination.path;
          return api.sendMessage(chatId, `${message.text}\n\n${url}`, {}, grammySignal(signal));
        }
      }, signal);
      if (sent === undefined || signal?.aborted) return 'abandoned';
      await markSent(db, n, new Date(clock()), perChatIntervalMs);
      return 'sent';
    } catch (error) {
      if (signal?.aborted) return 'abandoned';
      return handleFailure(n, error);
    }
  }

  async function skip(n: ClaimedNotification, reason: string): Promise<Outcome> {
    await markSkipped(db, n, reason);
    return 'skipped';
  }

  async function handleFailure(n: ClaimedNotification, error: unknown): Promise<Outcome> {
    const now = clock();
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
    if (n.attempts >= maxAttempts) {
      await markFailed(db, n, description);
      logger.error('A notification failed too often; given up', { outboxId: n.id, error: description });
      return 'failed';
    }
    const delay = backoffDelay(n.attempts - 1, { initialDelayMs: retryDelayMs, maxDelayMs: 60 * 60_000 });
    await retryLater(db, n, new Date(now + delay), description, false);
    logger.warn('Sending a notification failed; will retry', {
      outboxId: n.id,
      delayMs: delay,
      error: description,
    });
    return 'retried';
  }

  /** One clan news to its group (the group outbox, clan_group_news), paced per group by the claim. */
  async function sendGroupNews(news: ClaimedGroupNews, signal?: AbortSignal): Promise<Outcome> {
    const message = renderGroupNews(
      news.kind,
      news.payload,
      { id: news.clanId, name: news.clanName },
      news.languageCode,
    );
    const destination = { path: startParamToPath(message.startParam), startParam: message.startParam };
    try {
      const button = openAppButton(message.button, destination, settings, {
        type: 'group',
        botUsername: await username(signal),
      });
      const sent = await pacer.run(
        () =>
          api.sendMessage(
            news.chatId,
            message.text,
            { reply_markup: new InlineKeyboard([[button]]), link_preview_options: { is_disabled: true } },
            grammySignal(signal),
          ),
        signal,
      );
      if (sent === undefined || signal?.aborted) return 'abandoned';
      await markGroupNewsSent(db, news, new Date(clock()), groupIntervalMs);
      return 'sent';
    } catch (error) {
      if (signal?.aborted) return 'abandoned';
      const now = clock();
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
          await markGroupNewsFailed(db, news, new Date(now), groupIntervalMs, description);
          logger.warn('Telegram refused a clan news; not retrying', { newsId: news.id, error: description });
          return 'failed';
        }
      }
      if (news.attempts >= maxAttempts) {
        await markGroupNewsFailed(db, news, new Date(now), groupIntervalMs, description);
        logger.error('A clan news failed too often; given up', { newsId: news.id, error: description });
        return 'failed';
      }
      const delay = backoffDelay(news.attempts - 1, {
        initialDelayMs: retryDelayMs,
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
  }

  return {
    async runBatch(signal) {
      const now = new Date(clock());
      const [claimed, claimedNews] = await Promise.all([
        claimDue(db, { now, limit: batchSize, leaseMs }),
        claimDueGroupNews(db, { now, limit: groupBatchSize, leaseMs }),
      ]);
      const result: BatchResult = {
        claimed: claimed.length + claimedNews.length,
        sent: 0,
        skipped: 0,
        blocked: 0,
        retried: 0,
        failed: 0,
      };
      const outcomes = await Promise.all([
        ...claimed.map((n) =>
          send(n, signal).catch((error) => {
            // A database error while marking: the row stays leased and is taken again when the lease ends.
            if (!signal?.aborted)
              logger.error('Notifier could not finish a row', {
                outboxId: n.id,
                error: describeError(error),
              });
            return 'abandoned' as const;
          }),
        ),
        ...claimedNews.map((news) =>
          sendGroupNews(news, signal).catch((error) => {
            if (!signal?.aborted)
              logger.error('Notifier could not finish a clan news', {
                newsId: news.id,
                error: describeError(error),
              });
            return 'abandoned' as const;
          }),
        ),
      ]);
      for (const outcome of outcomes) if (outcome !== 'abandoned') result[outcome] += 1;
      return result;
    },
  };
}

/**
 * The Api the notifier sends with. auto-retry retries a 5xx twice in place; a 429 is never waited out here
 * (maxDelaySeconds 0): the notifier reschedules that chat's row instead so other chats keep going, and network
 * errors are rethrown so a row is never held past its lease by endless retries.
 */
export function notifierApi(token: string, apiRoot?: string): Api {
  const api = new Api(token, apiRoot ? { apiRoot: apiRoot.replace(/\/+$/, '') } : {});
  api.config.use(autoRetry({ maxRetryAttempts: 2, maxDelaySeconds: 0, rethrowHttpErrors: true }));
  return api;
}

/** Runs the notifier until stopped: a batch, then the next at once while rows keep coming, else a short wait. */
export function startNotifier(options: NotifierOptions): NotifierHandle {
  const logger = options.logger ?? consoleLogger;
  const notifier = createNotifier(options);
  const pollIntervalMs = options.pollIntervalMs ?? 1_000;
  const stopping = new AbortController();
  const killing = new AbortController();
  // Every send and every send waiting for the pacer listens to it.
  setMaxListeners(0, killing.signal);
  let failures = 0;

  const loop = (async () => {
    while (!stopping.signal.aborted) {
      try {
        const result = await notifier.runBatch(killing.signal);
        failures = 0;
        if (result.claimed === 0) await sleep(pollIntervalMs, stopping.signal);
      } catch (error) {
        if (killing.signal.aborted) return;
        const delay = backoffDelay(failures++, { initialDelayMs: pollIntervalMs, maxDelayMs: 30_000 });
        logger.error('Notifier batch failed; retrying', { delayMs: delay, error: describeError(error) });
        await sleep(delay, stopping.signal);
      }
    }
  })();

  return {
    async stop() {
      stopping.abort();
      await loop;
    },
    kill() {
      killing.abort();
      stopping.abort();
    },
  };
}
