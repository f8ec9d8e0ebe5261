import { OUTBOX_CHANNELS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

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
    /**
     * Typed columns taken from the SPEC §3 fields when the event is stored (analytics module,
     * event-columns.ts), so aggregates never parse `details`: when it happened (the client's timestamp,
     * held within a day of receipt), who, which analytics session, channel, device, location, entry point.
     */
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id'),
    analyticSessionId: text('analytic_session_id'),
    channel: text('channel'),
    device: text('device'),
    location: text('location'),
    entryPoint: text('entry_point'),
    /** Sign-up events: the sign-in method of the new account. */
    method: text('method'),
  },
  (t) => [
    index('analytics_events_name_idx').on(t.eventName, t.occurredAt),
    // Append-mostly: block ranges stay narrow, so a day's slice or "received since" is cheap at any size.
    index('analytics_events_occurred_brin').using('brin', t.occurredAt).with({ autosummarize: true }),
    index('analytics_events_received_brin').using('brin', t.receivedAt).with({ autosummarize: true }),
    // The retention job's: the oldest client events first, so each batch it deletes is one index range
    // (BRIN ranges are no help there once pruned pages are reused). Server events are kept.
    index('analytics_events_client_occurred_idx')
      .on(t.occurredAt)
      .where(sql`${t.channel} is distinct from 'server'`),
    // The API's own events (sign_up:<user>, …) are recorded once however often the rollup job runs.
    uniqueIndex('analytics_events_server_event_key').on(t.eventId).where(sql`${t.channel} = 'server'`),
  ],
);

/** Marks seed sets already applied, so demo data is seeded once. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Timed work (DESIGN §6): taken with FOR UPDATE SKIP LOCKED by any number of workers. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** At most one pending job per key (e.g. one purge per user). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    uniqueIndex('jobs_pending_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
  ],
);
