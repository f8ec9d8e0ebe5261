import { LEADERBOARD_KINDS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
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
 * Leaderboards (SPEC §7): a board ranks users by score (higher first, then who reached it first).
 * `leaderboard_entries` is the record; `leaderboard_score_counts` keeps how many entries each score
 * bucket holds (at two or more levels of coarseness), so a rank is a sum over a bounded number of
 * bucket rows instead of a count of every row above: "my rank" costs the same at 1 000 000 entries as
 * at 10 000. Both change in the transaction that changes a score. `leaderboard_contributions` says
 * what made a score, one row per source (a task, a quest), which also makes a score change idempotent.
 */

/** How many rows each bucket count and each board's participant count is spread over. */
export const LEADERBOARD_SHARDS = 8;

export type LeaderboardKindValue = (typeof LEADERBOARD_KINDS)[number];

export const leaderboards = pgTable(
  'leaderboards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    kind: text('kind', { enum: LEADERBOARD_KINDS }).notNull(),
    /** The campaign a `campaign` board belongs to (no foreign key: campaigns point here). */
    campaignId: uuid('campaign_id'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Null while the board's campaign is a draft: drafts are never listed. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('leaderboards_kind_check', sql`${t.kind} in (${sqlList(LEADERBOARD_KINDS)})`),
    index('leaderboards_campaign_idx').on(t.campaignId),
  ],
);

export const leaderboardEntries = pgTable(
  'leaderboard_entries',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    score: bigint('score', { mode: 'number' }).notNull().default(0),
    /** When the user reached this score: earlier ranks first among equal scores. */
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.leaderboardId, t.userId] }),
    index('leaderboard_entries_rank_idx').on(t.leaderboardId, t.score.desc(), t.reachedAt, t.userId),
    check('leaderboard_entries_score_check', sql`${t.score} >= 0`),
  ],
);

export const leaderboardScoreCounts = pgTable(
  'leaderboard_score_counts',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    /** 0: exact score; higher levels: coarser buckets (score >> (level × bits)). */
    level: smallint('level').notNull(),
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    /**
     * Which of LEADERBOARD_SHARDS rows of the bucket holds this count: an entry is always counted in
     * its user's shard, so writers with different users rarely wait on one another's row.
     */
    shard: smallint('shard').notNull().default(0),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.leaderboardId, t.level, t.bucket, t.shard] }),
    check('leaderboard_score_counts_count_check', sql`${t.count} >= 0`),
  ],
);

/**
 * How many entries a board has, as LEADERBOARD_SHARDS rows summed at read (each new entry adds one to
 * its user's shard): a burst of first entries does not queue on one row.
 */
export const leaderboardParticipantCounts = pgTable(
  'leaderboard_participant_counts',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.leaderboardId, t.shard] }),
    check('leaderboard_participant_counts_count_check', sql`${t.count} >= 0`),
  ],
);

export const leaderboardContributions = pgTable(
  'leaderboard_contributions',
  {
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .references(() => leaderboards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the points are for, unique per user and board (`task:<id>`, `quest:<id>`). */
    sourceKey: text('source_key').notNull(),
    label: text('label').notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.leaderboardId, t.userId, t.sourceKey] })],
);

export type LeaderboardRow = typeof leaderboards.$inferSelect;
export type LeaderboardEntryRow = typeof leaderboardEntries.$inferSelect;
