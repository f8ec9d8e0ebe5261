import type { Executor } from '@khel/db';
import { sql } from 'drizzle-orm';
import type { JobHandler } from '../../lib/context.ts';
import { deleteInBatches } from '../../lib/delete-in-batches.ts';

/**
 * The recurring job that deletes outbox rows done with for longer than OUTBOX_RETENTION_DAYS, and the `/start`s
 * kept for Telegram users without an account for longer than TELEGRAM_BOT_START_RETENTION_DAYS.
 */
export const OUTBOX_PRUNE_JOB = 'notifications.outbox-prune';
export const OUTBOX_PRUNE_EVERY_MS = 10 * 60 * 1000;
/** Rows per DELETE. */
export const OUTBOX_PRUNE_BATCH = 1_000;
/** Batches per run: at most 100 000 rows a run, 14 million a day; a backlog is worked off over runs. */
export const OUTBOX_PRUNE_MAX_BATCHES = 100;

const DAY_MS = 86_400_000;

const finished = sql`coalesce(sent_at, available_at)`;

/**
 * The ids of one batch: outbox rows done with (sent, skipped or failed: never a pending one) that finished
 * before `before` (sent at, else last due at: `available_at`), the oldest first, one range of
 * `outbox_finished_idx`.
 */
export const outboxPruneVictims = (before: Date) => (limit: number) =>
  sql`select id from outbox
      where status <> 'pending' and ${finished} < ${before.toISOString()}::timestamptz
      order by ${finished} limit ${limit} for update skip locked`;

/** Deletes the outbox rows done with before `before`, in batches. Returns how many went. */
export async function pruneOutbox(
  db: Executor,
  before: Date,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  return deleteInBatches(db, sql`outbox`, outboxPruneVictims(before), {
    batchSize: options.batchSize ?? OUTBOX_PRUNE_BATCH,
    maxBatches: options.maxBatches ?? OUTBOX_PRUNE_MAX_BATCHES,
  });
}

/**
 * The Telegram users of one batch whose `/start` (kept before they had a Khel account, telegram_bot_starts) is
 * older than `before`, the oldest first: a range of `telegram_bot_starts_started_idx`.
 */
export const botStartPruneVictims = (before: Date) => (limit: number) =>
  sql`select telegram_user_id from telegram_bot_starts
      where started_at < ${before.toISOString()}::timestamptz
      order by started_at limit ${limit} for update skip locked`;

/** Deletes the `/start`s kept for Telegram users without an account that are older than `before`. */
export async function pruneBotStarts(
  db: Executor,
  before: Date,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  return deleteInBatches(db, sql`telegram_bot_starts`, botStartPruneVictims(before), {
    key: sql`telegram_user_id`,
    batchSize: options.batchSize ?? OUTBOX_PRUNE_BATCH,
    maxBatches: options.maxBatches ?? OUTBOX_PRUNE_MAX_BATCHES,
  });
}

/**
 * Job handler of OUTBOX_PRUNE_JOB: the outbox rows done with for OUTBOX_RETENTION_DAYS, and the `/start`s of
 * Telegram users who made no account within TELEGRAM_BOT_START_RETENTION_DAYS (they send /start again).
 */
export const pruneOutboxJob: JobHandler = async (deps) => {
  const now = deps.clock().getTime();
  const pruned = await pruneOutbox(deps.db, new Date(now - deps.env.OUTBOX_RETENTION_DAYS * DAY_MS));
  if (pruned > 0) deps.logger.info('outbox rows pruned', { pruned });
  const starts = await pruneBotStarts(
    deps.db,
    new Date(now - deps.env.TELEGRAM_BOT_START_RETENTION_DAYS * DAY_MS),
  );
  if (starts > 0) deps.logger.info('bot starts without an account pruned', { pruned: starts });
};
