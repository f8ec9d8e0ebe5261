import type { Database } from '@khel/db';
import type { Api } from 'grammy';
import type { BotLogger } from '../logger.ts';
import type { MiniAppSettings } from '../open-app.ts';
import type { SendPacer } from './pacer.ts';
import type { SentMarks } from './sent-marks.ts';

/** What one delivery came to; `held` rows wait for the user's quiet hours to end; `abandoned` ones for their lease. */
export type Outcome = 'sent' | 'skipped' | 'held' | 'blocked' | 'retried' | 'failed' | 'abandoned';

/** What sending a notification or a clan news needs: the notifier's settings, Api, pacer and clock. */
export interface Delivery {
  db: Database;
  api: Api;
  pacer: SendPacer;
  /** Marks sent rows, many per statement. */
  sentMarks: SentMarks;
  /** Added to every send: `allow_paid_broadcast: true` when the operator turned paid broadcasts on. */
  sendOptions: { allow_paid_broadcast?: true };
  settings: MiniAppSettings;
  logger: BotLogger;
  clock: () => number;
  /** The bot's username (fetched once with getMe when not given). */
  username(signal?: AbortSignal): Promise<string>;
  perChatIntervalMs: number;
  groupIntervalMs: number;
  maxAttempts: number;
  retryDelayMs: number;
}
