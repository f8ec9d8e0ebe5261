import {
  KLASH_ENTRY_STATUSES,
  KLASH_FORMATS,
  KLASH_MATCH_RESOLUTIONS,
  KLASH_MATCH_STATES,
  KLASH_MODES,
  KLASH_PAYOUT_STATUSES,
  KLASH_REPORTS,
  KLASH_STATUSES,
  type KlashPrizesInput,
} from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { clans } from './clans.ts';
import { games } from './quests.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Klash tournaments (issue 14). The tournament row is the lock every registration, withdrawal and
 * cancellation takes (FOR UPDATE), so `registered_count` never passes `capacity`. Its lifecycle moves by
 * conditional UPDATEs (`WHERE status = <from>`) from one recurring job. Money is never here: fees sit in
 * the ledger's `klash_escrow` account, the pool in `rewards_pool`; the amounts below are what was agreed.
 */
export const klashTournaments = pgTable(
  'klash_tournaments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    rules: text('rules').notNull().default(''),
    coverUrl: text('cover_url'),
    gameId: uuid('game_id')
      .notNull()
      .references(() => games.id),
    format: text('format', { enum: KLASH_FORMATS }).notNull(),
    mode: text('mode', { enum: KLASH_MODES }).notNull(),
    teamSize: integer('team_size').notNull().default(1),
    capacity: integer('capacity').notNull(),
    registeredCount: integer('registered_count').notNull().default(0),
    registrationOpensAt: timestamp('registration_opens_at', { withTimezone: true }).notNull(),
    registrationClosesAt: timestamp('registration_closes_at', { withTimezone: true }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    /** Leaderboards: when scores stop counting; brackets: set when the final is settled. */
    endsAt: timestamp('ends_at', { withTimezone: true }),
    matchMinutes: integer('match_minutes').notNull().default(60),
    /** K-Cash minor units; 0 = free. */
    entryFee: bigint('entry_fee', { mode: 'bigint' }).notNull().default(sql`0`),
    prizePool: bigint('prize_pool', { mode: 'bigint' }).notNull(),
    prizes: jsonb('prizes').$type<KlashPrizesInput>().notNull(),
    status: text('status', { enum: KLASH_STATUSES }).notNull().default('draft'),
    payoutStatus: text('payout_status', { enum: KLASH_PAYOUT_STATUSES }).notNull().default('pending'),
    /** Seeding commitment: the secret seed (hex), kept until the start, and its SHA-256 published at open. */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    roundCount: integer('round_count').notNull().default(0),
    winnerEntryId: uuid('winner_entry_id'),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    scoresUpdatedAt: timestamp('scores_updated_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    createdBy: text('created_by').notNull().default('seed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('klash_tournaments_format_check', sql`${t.format} in (${sqlList(KLASH_FORMATS)})`),
    check('klash_tournaments_mode_check', sql`${t.mode} in (${sqlList(KLASH_MODES)})`),
    check('klash_tournaments_status_check', sql`${t.status} in (${sqlList(KLASH_STATUSES)})`),
    check('klash_tournaments_payout_check', sql`${t.payoutStatus} in (${sqlList(KLASH_PAYOUT_STATUSES)})`),
    check(
      'klash_tournaments_capacity',
      sql`${t.capacity} >= 2 and ${t.registeredCount} between 0 and ${t.capacity}`,
    ),
    check('klash_tournaments_money', sql`${t.entryFee} >= 0 and ${t.prizePool} >= 0`),
    check(
      'klash_tournaments_schedule',
      sql`${t.registrationClosesAt} > ${t.registrationOpensAt} and ${t.startsAt} >= ${t.registrationClosesAt}`,
    ),
    index('klash_tournaments_list_idx').on(t.status, t.startsAt),
  ],
);
export type KlashTournamentRow = typeof klashTournaments.$inferSelect;

/** A registration: one player (solo) or one team, registered by its captain. */
export const klashEntries = pgTable(
  'klash_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => klashTournaments.id, { onDelete: 'cascade' }),
    captainUserId: uuid('captain_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The player's display name, or the team's name. */
    name: text('name').notNull(),
    teamName: text('team_name'),
    clanId: uuid('clan_id').references(() => clans.id, { onDelete: 'set null' }),
    status: text('status', { enum: KLASH_ENTRY_STATUSES }).notNull().default('registered'),
    /** The fee taken, and how it was split between bought and earned K-Cash (refunds go back the same way). */
    fee: bigint('fee', { mode: 'bigint' }).notNull().default(sql`0`),
    feeFromBought: bigint('fee_from_bought', { mode: 'bigint' }).notNull().default(sql`0`),
    feeFromEarned: bigint('fee_from_earned', { mode: 'bigint' }).notNull().default(sql`0`),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    seed: integer('seed'),
    /** Leaderboards: the best score received. */
    score: bigint('score', { mode: 'number' }),
    scoredAt: timestamp('scored_at', { withTimezone: true }),
    rank: integer('rank'),
    prize: bigint('prize', { mode: 'bigint' }),
    prizeEarningId: uuid('prize_earning_id'),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    check('klash_entries_status_check', sql`${t.status} in (${sqlList(KLASH_ENTRY_STATUSES)})`),
    check(
      'klash_entries_fee',
      sql`${t.fee} = ${t.feeFromBought} + ${t.feeFromEarned} and ${t.feeFromBought} >= 0 and ${t.feeFromEarned} >= 0`,
    ),
    uniqueIndex('klash_entries_one_active_per_captain')
      .on(t.tournamentId, t.captainUserId)
      .where(sql`${t.status} = 'registered'`),
    index('klash_entries_tournament_idx').on(t.tournamentId, t.status),
    index('klash_entries_captain_idx').on(t.captainUserId),
    /** Leaderboards: the standings' order (score first, then who scored first), so the top N is read in order. */
    index('klash_entries_standings_idx')
      .on(t.tournamentId, sql`${t.score} desc`, t.scoredAt, t.id)
      .where(sql`${t.status} = 'registered' and ${t.score} is not null`),
  ],
);
export type KlashEntryRow = typeof klashEntries.$inferSelect;

/**
 * Leaderboards: how many ranked entries (registered, with a score) have score >> (8 · level) = bucket, for
 * level 0 … 3 (scores are below 2^32), so a rank and the n-th score cost a bounded number of index probes
 * (apps/api/src/modules/klash/standings.ts). Written with the scores, under the tournament row's lock.
 */
export const klashScoreCounts = pgTable(
  'klash_score_counts',
  {
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => klashTournaments.id, { onDelete: 'cascade' }),
    level: smallint('level').notNull(),
    bucket: bigint('bucket', { mode: 'number' }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.tournamentId, t.level, t.bucket] }),
    check('klash_score_counts_count_check', sql`${t.count} >= 0`),
  ],
);

/** The members a captain listed (contact kept to find and notify their account; never logged or shown unmasked). */
export const klashEntryMembers = pgTable(
  'klash_entry_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => klashEntries.id, { onDelete: 'cascade' }),
    contactType: text('contact_type', { enum: ['phone', 'email'] as const }).notNull(),
    /** E.164 phone, or the e-mail in lower case. */
    contact: text('contact').notNull(),
    /** The Khel account with that phone or e-mail, when there is one. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('klash_entry_members_type_check', sql`${t.contactType} in ('phone', 'email')`),
    unique('klash_entry_members_contact_key').on(t.entryId, t.contact),
    index('klash_entry_members_user_idx').on(t.userId),
  ],
);

/** A bracket match. Side a/b: an entry, a bye, or (null, not a bye) the winner of an earlier match to come. */
export const klashMatches = pgTable(
  'klash_matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tournamentId: uuid('tournament_id')
      .notNull()
      .references(() => klashTournaments.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    position: integer('position').notNull(),
    entryA: uuid('entry_a').references(() => klashEntries.id),
    entryB: uuid('entry_b').references(() => klashEntries.id),
    byeA: boolean('bye_a').notNull().default(false),
    byeB: boolean('bye_b').notNull().default(false),
    reportA: text('report_a', { enum: KLASH_REPORTS }),
    reportB: text('report_b', { enum: KLASH_REPORTS }),
    reportedAtA: timestamp('reported_at_a', { withTimezone: true }),
    reportedAtB: timestamp('reported_at_b', { withTimezone: true }),
    scoreA: integer('score_a'),
    scoreB: integer('score_b'),
    state: text('state', { enum: KLASH_MATCH_STATES }).notNull().default('waiting'),
    winnerSide: smallint('winner_side'),
    resolution: text('resolution', { enum: KLASH_MATCH_RESOLUTIONS }),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    unique('klash_matches_slot_key').on(t.tournamentId, t.round, t.position),
    check('klash_matches_state_check', sql`${t.state} in (${sqlList(KLASH_MATCH_STATES)})`),
    check(
      'klash_matches_resolution_check',
      sql`${t.resolution} is null or ${t.resolution} in (${sqlList(KLASH_MATCH_RESOLUTIONS)})`,
    ),
    check(
      'klash_matches_reports_check',
      sql`(${t.reportA} is null or ${t.reportA} in (${sqlList(KLASH_REPORTS)})) and (${t.reportB} is null or ${t.reportB} in (${sqlList(KLASH_REPORTS)}))`,
    ),
    check(
      'klash_matches_winner_check',
      sql`(${t.state} = 'settled') = (${t.winnerSide} is not null) and (${t.winnerSide} is null or ${t.winnerSide} in (0, 1))`,
    ),
    index('klash_matches_open_idx').on(t.state, t.deadlineAt),
    index('klash_matches_entry_a_idx').on(t.entryA),
    index('klash_matches_entry_b_idx').on(t.entryB),
  ],
);
export type KlashMatchRow = typeof klashMatches.$inferSelect;
