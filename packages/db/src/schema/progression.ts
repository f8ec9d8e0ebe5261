import { XP_SOURCES } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Progression (issue 26). `xp_awards` holds each XP earned, once per (user, source key): the key names
 * the thing done (`task:<id>`, `quest:<id>`, `campaign:<id>`, `daily:<day>`, `friend:<user>`), so a
 * retry or a second request at once adds nothing. `user_xp` is the user's total and the highest level
 * whose reward was paid; it is the one row per user the award statement adds to (a row no other user
 * touches). The level rewards are K-Points through the ledger (key `level:<user>:<level>`).
 */
export const userXp = pgTable(
  'user_xp',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    xp: bigint('xp', { mode: 'number' }).notNull().default(0),
    /** The highest level reached and paid. */
    level: integer('level').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_xp_nonnegative', sql`${t.xp} >= 0 and ${t.level} >= 1`)],
);

export const xpAwards = pgTable(
  'xp_awards',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: text('source', { enum: XP_SOURCES }).notNull(),
    sourceKey: text('source_key').notNull(),
    xp: integer('xp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('xp_awards_user_key').on(t.userId, t.sourceKey),
    // The newest first for one user (the progression answer), and a week's XP for seasons and wars.
    index('xp_awards_user_recent').on(t.userId, t.id),
    index('xp_awards_created_at').on(t.createdAt),
    check('xp_awards_source', sql`${t.source} in (${sqlList(XP_SOURCES)})`),
    check('xp_awards_positive', sql`${t.xp} > 0`),
  ],
);

export type UserXpRow = typeof userXp.$inferSelect;
export type XpAwardRow = typeof xpAwards.$inferSelect;
