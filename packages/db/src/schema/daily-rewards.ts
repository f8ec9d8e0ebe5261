import { STREAK_FREEZE_MAX } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Daily rewards (issue 10's reward loop): one claim per user and local day; `streak` counts the days
 * claimed in a row up to this one (a day a streak freeze covered counts as claimed). The K-Points move
 * through the ledger (key `daily:<user>:<day>`).
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
    /** The part of `amount` the gamer's level added (issue 26: what a level unlocks); 0 at level 1. */
    levelBonus: bigint('level_bonus', { mode: 'bigint' }).notNull().default(sql`0`),
    /** The missed day before this one that a streak freeze covered (used by this claim); null: none. */
    frozenDay: text('frozen_day'),
    /** This claim earned a streak freeze (its day was the 7th, 14th… of the streak). */
    freezeEarned: boolean('freeze_earned').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    // The evening reminder reads yesterday's claims of every user: one range of this index.
    index('daily_claims_day_idx').on(t.day),
    check('daily_claims_streak_positive', sql`${t.streak} >= 1`),
    check('daily_claims_day_format', sql`${t.day} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`),
    check(
      'daily_claims_frozen_day_format',
      sql`${t.frozenDay} is null or ${t.frozenDay} ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'`,
    ),
  ],
);

export type DailyClaimRow = typeof dailyClaims.$inferSelect;

/**
 * The streak freezes a user holds (no row: none). Taken and added by conditional writes (`held > 0`,
 * `held < max`), so concurrent claims and purchases never spend one twice nor pass the most held.
 */
export const streakFreezes = pgTable(
  'streak_freezes',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    held: smallint('held').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('streak_freezes_held_range', sql`${t.held} between 0 and ${sql.raw(String(STREAK_FREEZE_MAX))}`),
  ],
);
