import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Daily rewards (issue 10's reward loop): one claim per user and local day; `streak` counts the days
 * claimed in a row up to this one. The K-Points move through the ledger (key `daily:<user>:<day>`).
 */
export const dailyClaims = pgTable(
  'daily_claims',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's local date (YYYY-MM-DD in their country's time zone). */
    day: text('day').notNull(),
    streak: integer('streak').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('daily_claims_streak_positive', sql`${t.streak} >= 1`),
    check('daily_claims_day_format', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
  ],
);

export type DailyClaimRow = typeof dailyClaims.$inferSelect;
