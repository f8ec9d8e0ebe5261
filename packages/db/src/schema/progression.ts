import { XP_SOURCES } from '@khel/core/contract';
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
    /** Counted on its season's board (the seasons job, seasons.ts); false until then. */
    seasonTallied: boolean('season_tallied').notNull().default(false),
  },
  (t) => [
    uniqueIndex('xp_awards_user_key').on(t.userId, t.sourceKey),
    // The awards the seasons job has still to count: a small partial index, emptied as it counts.
    index('xp_awards_untallied').on(t.id).where(sql`not ${t.seasonTallied}`),
    // The newest first for one user (the progression answer), and a week's XP for seasons and wars.
    index('xp_awards_user_recent').on(t.userId, t.id),
    index('xp_awards_created_at').on(t.createdAt),
    check('xp_awards_source', sql`${t.source} in (${sqlList(XP_SOURCES)})`),
    check('xp_awards_positive', sql`${t.xp} > 0`),
  ],
);

/**
 * Seasons (issue 26): one after the other, four weeks each, made by the seasons job. The pool and the
 * bands are written when the season is made and never updated; `status` goes LIVE → ENDED once, when the
 * pool is paid (the update that ends it is the claim on paying it). The board is a leaderboard of kind
 * 'season' (leaderboards module: exact ranks at any size).
 */
export const seasons = pgTable(
  'seasons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: integer('number').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    leaderboardId: uuid('leaderboard_id').notNull(),
    pool: bigint('pool', { mode: 'bigint' }).notNull(),
    bands: jsonb('bands').$type<{ fromRank: number; toRank: number; bps: number }[]>().notNull(),
    status: text('status', { enum: ['LIVE', 'ENDED'] })
      .notNull()
      .default('LIVE'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('seasons_number_key').on(t.number),
    index('seasons_ends_at_idx').on(t.endsAt),
    check('seasons_window', sql`${t.endsAt} > ${t.startsAt}`),
    check('seasons_status', sql`${t.status} in ('LIVE', 'ENDED')`),
    check('seasons_pool_positive', sql`${t.pool} >= 0`),
  ],
);

export type SeasonRow = typeof seasons.$inferSelect;
export type UserXpRow = typeof userXp.$inferSelect;
export type XpAwardRow = typeof xpAwards.$inferSelect;
