import { autoRetry } from '@grammyjs/auto-retry';
import type { Database } from '@khel/db';
import { Api } from 'grammy';
import { grammySignal } from '../grammy-signal.ts';
import { type BotLogger, consoleLogger, describeError } from '../logger.ts';
import type { MiniAppSettings } from '../open-app.ts';
import { startBatchLoop } from './batch-loop.ts';
import type { Delivery } from './delivery.ts';
import { GROUP_NEWS_INTERVAL_MS } from './group-news.ts';
import { claimDueGroupNews } from './group-news-store.ts';
import { claimDue } from './outbox-store.ts';
import { SendPacer } from './pacer.ts';
import { sendGroupNews } from './send-group-news.ts';
import { sendNotification } from './send-notification.ts';
import { SentMarks } from './sent-marks.ts';

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
   * This worker's rate: this many sends per `windowMs`, evenly spaced (SendPacer's token bucket). Default 30 per
   * 1 000 ms (Telegram's free broadcasting limit), 1 000 with `paidBroadcast`. With N notifier workers give each 1/N.
   */
  messagesPerWindow?: number;
  windowMs?: number;
  /** Sends the pacer may save up while idle and send at once (token bucket size). Default 1: evenly spaced. */
  burst?: number;
  /**
   * Paid broadcasts (an operator's choice, NOTIFIER_PAID_BROADCAST): every send carries `allow_paid_broadcast`, so
   * Telegram lets the bot go past 30 messages/s, up to 1 000, for 0.1 Star a message from the bot's balance.
   * Default false.
   */
  paidBroadcast?: boolean;
  /** Least time between two messages to one chat, across every worker. Default 1 000 ms. */
  perChatIntervalMs?: number;
  /** Rows claimed at once. Default messagesPerWindow. */
  batchSize?: number;
  /**
   * Batches in progress at once in this worker (default 2): while one batch is being sent, the next is claimed and
   * waits in the pacer's queue behind it, so the claim's time is not a pause in the sending. They share the pacer,
   * and the claims keep one row per user at a time as between workers.
   */
  lanes?: number;
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
  /** Rows inside their user's quiet hours, moved to the hours' end. */
  held: number;
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
  const messagesPerWindow = options.messagesPerWindow ?? (options.paidBroadcast ? 1_000 : 30);
  const batchSize = options.batchSize ?? messagesPerWindow;
  const leaseMs = options.leaseMs ?? 60_000;
  const groupBatchSize = options.groupBatchSize ?? 10;
  const api = options.api ?? notifierApi(options.token, options.apiRoot);
  let botUsername = options.botUsername;
  const delivery: Delivery = {
    db,
    api,
    pacer: new SendPacer(messagesPerWindow, options.windowMs ?? 1_000, clock, options.burst ?? 1),
    sentMarks: new SentMarks(db, options.perChatIntervalMs ?? 1_000),
    sendOptions: options.paidBroadcast ? { allow_paid_broadcast: true } : {},
    settings: {
      miniAppUrl: options.miniAppUrl,
      ...(options.miniAppShortName ? { miniAppShortName: options.miniAppShortName } : {}),
    },
    logger,
    clock,
    async username(signal) {
      botUsername ??= (await api.getMe(grammySignal(signal))).username;
      return botUsername;
    },
    perChatIntervalMs: options.perChatIntervalMs ?? 1_000,
    groupIntervalMs: options.groupIntervalMs ?? GROUP_NEWS_INTERVAL_MS,
    maxAttempts: options.maxAttempts ?? 8,
    retryDelayMs: options.retryDelayMs ?? 5_000,
  };

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
        held: 0,
        blocked: 0,
        retried: 0,
        failed: 0,
      };
      const outcomes = await Promise.all([
        ...claimed.map((n) =>
          sendNotification(delivery, n, signal).catch((error) => {
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
          sendGroupNews(delivery, news, signal).catch((error) => {
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

/**
 * Runs the notifier until stopped: in each of `lanes` loops a batch, then the next at once while rows keep coming,
 * else a short wait.
 */
export function startNotifier(options: NotifierOptions): NotifierHandle {
  const notifier = createNotifier(options);
  return startBatchLoop({
    runBatch: (signal) => notifier.runBatch(signal),
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    logger: options.logger ?? consoleLogger,
    failure: 'Notifier batch failed; retrying',
    lanes: options.lanes ?? 2,
  });
}
