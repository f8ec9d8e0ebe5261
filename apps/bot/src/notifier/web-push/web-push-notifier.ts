import type { Database, MasterKey, VapidKeys } from '@khel/db';
import { type BotLogger, consoleLogger, describeError } from '../../logger.ts';
import { startBatchLoop } from '../batch-loop.ts';
import { sendWebPush, type WebPushOutcome } from './send-web-push.ts';
import type { WebPushTransport } from './transport.ts';
import { claimDuePush } from './web-push-store.ts';

export interface WebPushNotifierOptions {
  db: Database;
  vapid: VapidKeys;
  /** `mailto:` or https: who push services may contact (WEB_PUSH_SUBJECT). */
  subject: string;
  masterKey: MasterKey;
  transport: WebPushTransport;
  logger?: BotLogger;
  /** Test clock (ms); default Date.now. */
  clock?: () => number;
  batchSize?: number;
  leaseMs?: number;
  pollIntervalMs?: number;
  maxAttempts?: number;
  retryDelayMs?: number;
}

export type WebPushBatchResult = Record<WebPushOutcome, number> & { claimed: number };

export interface WebPushNotifier {
  runBatch(signal?: AbortSignal): Promise<WebPushBatchResult>;
}

/**
 * The notifier's Web Push lane: claims outbox rows for the website's devices apart from the Telegram lane
 * (its own status and lease on the row), renders each with the Telegram lane's per-kind texts, in the account's
 * language, and pushes it to every subscribed browser.
 */
export function createWebPushNotifier(options: WebPushNotifierOptions): WebPushNotifier {
  const logger = options.logger ?? consoleLogger;
  const clock = options.clock ?? Date.now;
  const batchSize = options.batchSize ?? 50;
  const leaseMs = options.leaseMs ?? 60_000;
  const delivery = {
    db: options.db,
    vapid: options.vapid,
    subject: options.subject,
    masterKey: options.masterKey,
    transport: options.transport,
    logger,
    clock,
    maxAttempts: options.maxAttempts ?? 8,
    retryDelayMs: options.retryDelayMs ?? 5_000,
  };
  return {
    async runBatch(signal) {
      const claimed = await claimDuePush(options.db, { now: new Date(clock()), limit: batchSize, leaseMs });
      const result: WebPushBatchResult = {
        claimed: claimed.length,
        sent: 0,
        skipped: 0,
        held: 0,
        retried: 0,
        failed: 0,
      };
      const outcomes = await Promise.all(
        claimed.map((n) =>
          sendWebPush(delivery, n, signal).catch((error) => {
            // A database error: the row stays leased and is taken again when the lease ends.
            if (!signal?.aborted)
              logger.error('Web push could not finish a row', {
                outboxId: n.id,
                error: describeError(error),
              });
            return null;
          }),
        ),
      );
      for (const outcome of outcomes) if (outcome) result[outcome] += 1;
      return result;
    },
  };
}

export interface WebPushNotifierHandle {
  stop(): Promise<void>;
  /** Drops the batch in flight, as a crash would (tests). */
  kill(): void;
}

/** Runs the Web Push lane until stopped: a batch, the next at once while rows keep coming, else a short wait. */
export function startWebPushNotifier(options: WebPushNotifierOptions): WebPushNotifierHandle {
  const notifier = createWebPushNotifier(options);
  return startBatchLoop({
    runBatch: (signal) => notifier.runBatch(signal),
    pollIntervalMs: options.pollIntervalMs ?? 1_000,
    logger: options.logger ?? consoleLogger,
    failure: 'Web push batch failed; retrying',
  });
}
