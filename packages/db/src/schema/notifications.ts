import { NOTIFICATION_KINDS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * The outbox (DESIGN §6): a notification is a row written in the same transaction as the change it
 * announces; the notifier (apps/bot) takes due rows with FOR UPDATE SKIP LOCKED, sends them, and
 * marks them sent. `dedupe_key` makes announcing the same thing twice a no-op.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];
export const PUSH_STATUSES = ['pending', 'sent', 'none', 'skipped', 'failed'] as const;
export type PushStatus = (typeof PUSH_STATUSES)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull().unique(),
    /** What the message says (ids, titles, amounts): the notifier renders it in the user's language. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('pending'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The Web Push channel's own progress on this row, apart from Telegram's (`status`), so neither waits for the
     * other: `pending` until the notifier's web-push lane has delivered it to every device the user had when it
     * was written (`web_push_deliveries`), `none` when they had none, `skipped` (kind off, muted, stale), `failed`.
     */
    pushStatus: text('push_status', { enum: PUSH_STATUSES }).notNull().default('pending'),
    /** When the web-push lane may take it (quiet hours, a retry's backoff); null: `available_at`. */
    pushAvailableAt: timestamp('push_available_at', { withTimezone: true }),
    /** The web-push lane's lease (FOR UPDATE SKIP LOCKED, then this), as `locked_until` is Telegram's. */
    pushLockedUntil: timestamp('push_locked_until', { withTimezone: true }),
    pushAttempts: integer('push_attempts').notNull().default(0),
  },
  (t) => [
    // The web-push lane's queue: the rows it has not finished.
    index('outbox_push_pending_idx').on(t.id).where(sql`${t.pushStatus} = 'pending'`),
    index('outbox_due_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    // The notifier's "busy chats": rows leased or paced until a time still to come.
    index('outbox_locked_until_idx').on(t.lockedUntil).where(sql`${t.lockedUntil} is not null`),
    // The retention job's: rows done with (sent, skipped, failed) by when they finished (sent_at, else the
    // last time they were due), so each batch it deletes is an index range from the oldest.
    index('outbox_finished_idx')
      .on(sql`coalesce(${t.sentAt}, ${t.availableAt})`)
      .where(sql`${t.status} <> 'pending'`),
    check('outbox_status_check', sql`${t.status} in (${sqlList(OUTBOX_STATUSES)})`),
    check('outbox_push_status_check', sql`${t.pushStatus} in (${sqlList(PUSH_STATUSES)})`),
    check('outbox_kind_check', sql`${t.kind} in (${sqlList(NOTIFICATION_KINDS)})`),
  ],
);

/** A kind the user turned off (every kind is on unless a row says otherwise). */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

/**
 * How a user wants the bot's notifications beyond the kinds: `muted` turns every kind off at once (kept apart
 * from the kinds' switches, so unmuting brings back what they had); quiet hours are a window of local time
 * (minutes after midnight; an end before the start runs past midnight) in which nothing is pushed, what falls
 * due then waiting for the end; `time_zone` (IANA) is theirs when they chose one, else their country's is used.
 * No row: nothing muted, no quiet hours.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: boolean('muted').notNull().default(false),
    quietStart: smallint('quiet_start'),
    quietEnd: smallint('quiet_end'),
    timeZone: text('time_zone'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'notification_preferences_quiet_check',
      sql`(${t.quietStart} is null and ${t.quietEnd} is null) or (${t.quietStart} between 0 and 1439 and ${t.quietEnd} between 0 and 1439 and ${t.quietStart} <> ${t.quietEnd})`,
    ),
  ],
);

/**
 * Digests (one push for many events, e.g. the join requests of a clan): for a user and a topic, the outbox row
 * of the latest digest. While that row waits, new events are folded into it; once it is sent (or on its way) the
 * next one is due a window after it. The outbox row may be pruned: then there is no previous digest.
 */
export const notificationDigests = pgTable(
  'notification_digests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    outboxId: bigint('outbox_id', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.topic] })],
);

/** Users who opened the bot (private chat id = Telegram user id); only they are messaged. */
export const botChats = pgTable('bot_chats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  chatId: bigint('chat_id', { mode: 'number' }).notNull().unique(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  /** Telegram answered 403: the user blocked the bot; cleared when they /start it again. */
  blockedAt: timestamp('blocked_at', { withTimezone: true }),
});

/**
 * Telegram users with no Khel account yet who opened the bot's private chat (`/start`, or allowing it to
 * write from the Mini App). When their Telegram account gets a Khel account (sign-in or link), the row
 * becomes their `bot_chats` row, so the first sign-in after `/start` already receives pushes.
 */
export const telegramBotStarts = pgTable(
  'telegram_bot_starts',
  {
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).primaryKey(),
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The prune job (notifications.outbox-prune) deletes the oldest first, a range of this index.
  (t) => [index('telegram_bot_starts_started_idx').on(t.startedAt)],
);

/**
 * The website's Web Push subscriptions (issue 27): one per browser a user turned "Notifications on this device"
 * on in, many per user. `endpoint` is the push service's URL for that browser (unique: a browser that subscribes
 * again under another account moves to it). `keys` is the browser's p256dh and auth, secrets of the device:
 * envelope-encrypted (`v1:<master key id>:<sealed data key>:<sealed JSON>`, `@khel/db` web-push.ts) with a key
 * derived from the VAPID private key, bound to the endpoint. Deleted when the push service answers 404 or 410.
 */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    keys: text('keys').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The push service last accepted a message for it. */
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [index('web_push_subscriptions_user_idx').on(t.userId)],
);

/**
 * What the push service accepted: one row per (outbox row, subscription), written once the push service answered
 * 201, so a retry after a crash or a 429 sends only to the devices still missing it.
 */
export const webPushDeliveries = pgTable(
  'web_push_deliveries',
  {
    outboxId: bigint('outbox_id', { mode: 'number' })
      .notNull()
      .references(() => outbox.id, { onDelete: 'cascade' }),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => webPushSubscriptions.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.outboxId, t.subscriptionId] }),
    index('web_push_deliveries_subscription_idx').on(t.subscriptionId),
  ],
);

export type OutboxRow = typeof outbox.$inferSelect;
export type WebPushSubscriptionRow = typeof webPushSubscriptions.$inferSelect;
