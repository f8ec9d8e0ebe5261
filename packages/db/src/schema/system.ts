import { OUTBOX_CHANNELS } from '@khel/core/contract';
import { bigserial, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Messages the sandbox providers "sent" (SMS, WhatsApp, email); readable at /api/dev/outbox. */
export const sandboxMessages = pgTable(
  'sandbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    channel: text('channel', { enum: OUTBOX_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_messages_recipient_idx').on(t.recipient, t.createdAt)],
);

/** Events received by the analytics gateway (SPEC §7). */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventName: text('event_name').notNull(),
    eventId: text('event_id').notNull(),
    gameId: text('game_id'),
    accountId: text('account_id'),
    details: jsonb('details').$type<Record<string, string>>().notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('analytics_events_name_idx').on(t.eventName, t.receivedAt)],
);

/** Marks seed sets already applied, so demo data is seeded once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
