import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The daily rollup of `analytics_events` (operators' analytics): one row per UTC day, metric and
 * dimensions. Rebuilt per day by the `analytics.rollup` job for the days that received events since its
 * last run, so the operator API reads a few hundred rows whatever the event volume.
 * Metrics: `events`, `active_users` (distinct users of the day), `sessions` (dim1 channel, dim2 device),
 * `sign_ups` (dim1 method, dim2 location), `visits`, `first_quest`, `first_collect`.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    dim1: text('dim1').notNull().default(''),
    dim2: text('dim2').notNull().default(''),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.metric, t.dim1, t.dim2] })],
);

/** Where the rollup job got to (one row, id 1). */
export const analyticsRollupState = pgTable('analytics_rollup_state', {
  id: integer('id').primaryKey(),
  /** Events received from here on (less a margin for late commits) mark their day to rebuild. */
  rolledThrough: timestamp('rolled_through', { withTimezone: true }),
  /** Accounts, quest completions and collects from here on become server events. */
  ingestedThrough: timestamp('ingested_through', { withTimezone: true }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
  /**
   * Client events that occurred before this (a UTC midnight) have been deleted by the retention job: the
   * days before it are final and never rebuilt from the raw events again.
   */
  prunedBefore: timestamp('pruned_before', { withTimezone: true }),
});
