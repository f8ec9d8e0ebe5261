import {
  CLAN_DASHBOARD_TYPES,
  CLAN_EVENT_KINDS,
  CLAN_GROUP_NEWS_KINDS,
  CLAN_IMAGE_KINDS,
  CLAN_JOIN_POLICIES,
  CLAN_TIERS,
  CLAN_WAR_STATUSES,
} from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { quests } from './quests.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Clans (issue 12). One clan per user is the primary key of `clan_members`; the member cap is a CHECK on the
 * clan's `member_count`, which every join and leave changes in the same transaction, so concurrent joins can never
 * overfill a clan. A deleted clan keeps its row (`deleted_at`) so its name is free again and its history stays.
 * Waiting periods read `clan_events`.
 */

/** SPEC §3 chief registration (email, chiefCity, phoneNumber set by the OTP check, collegeName, referrerPhoneNumber). */
export const clanChiefRegistrations = pgTable('clan_chief_registrations', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email'),
  chiefCity: text('chief_city'),
  /** E.164, stored when the OTP check passed (SPEC §2). */
  phoneNumber: text('phone_number'),
  phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
  collegeName: text('college_name'),
  referrerPhoneNumber: text('referrer_phone_number'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Uploaded logos and banners (re-encoded JPEG), owned by the uploader until a clan uses them. */
export const clanImages = pgTable(
  'clan_images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLAN_IMAGE_KINDS }).notNull(),
    bytes: bytea('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clan_images_owner_idx').on(t.ownerId),
    check('clan_images_kind_check', sql`${t.kind} in (${sqlList(CLAN_IMAGE_KINDS)})`),
  ],
);

export const clans = pgTable(
  'clans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    city: text('city').notNull(),
    /** ISO 3166 alpha-2. */
    country: text('country').notNull(),
    description: text('description').notNull().default(''),
    /** The chief's college when the clan was created (recommendations match on it). */
    collegeName: text('college_name'),
    logoImageId: uuid('logo_image_id').references(() => clanImages.id, { onDelete: 'set null' }),
    bannerImageId: uuid('banner_image_id').references(() => clanImages.id, { onDelete: 'set null' }),
    chiefId: uuid('chief_id')
      .notNull()
      .references(() => users.id),
    joinPolicy: text('join_policy', { enum: CLAN_JOIN_POLICIES }).notNull().default('OPEN'),
    dashboardType: text('dashboard_type', { enum: CLAN_DASHBOARD_TYPES }).notNull().default('k_quest'),
    memberCap: integer('member_cap').notNull(),
    /** Active members, the chief included; kept in step by every join and leave. */
    memberCount: integer('member_count').notNull().default(0),
    /** Recomputed by the clans score job (docs in the module README). */
    score: bigint('score', { mode: 'number' }).notNull().default(0),
    tier: text('tier', { enum: CLAN_TIERS }).notNull().default('Bronze'),
    /** The highest tier ever reached (news go out once per tier). */
    bestTier: text('best_tier', { enum: CLAN_TIERS }).notNull().default('Bronze'),
    scoreUpdatedAt: timestamp('score_updated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // A live clan's name is unique ignoring case; a deleted clan frees it.
    uniqueIndex('clans_name_key').on(sql`lower(${t.name})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('clans_chief_key').on(t.chiefId).where(sql`${t.deletedAt} is null`),
    index('clans_score_idx').on(t.score.desc(), t.id).where(sql`${t.deletedAt} is null`),
    index('clans_name_prefix_idx')
      .on(sql`lower(${t.name}) text_pattern_ops`)
      .where(sql`${t.deletedAt} is null`),
    check('clans_member_count_check', sql`${t.memberCount} >= 0 and ${t.memberCount} <= ${t.memberCap}`),
    check('clans_join_policy_check', sql`${t.joinPolicy} in (${sqlList(CLAN_JOIN_POLICIES)})`),
    check('clans_dashboard_type_check', sql`${t.dashboardType} in (${sqlList(CLAN_DASHBOARD_TYPES)})`),
    check('clans_tier_check', sql`${t.tier} in (${sqlList(CLAN_TIERS)})`),
    check('clans_best_tier_check', sql`${t.bestTier} in (${sqlList(CLAN_TIERS)})`),
  ],
);

/** Active members: one row per user, so one clan per user. */
export const clanMembers = pgTable(
  'clan_members',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    clanId: uuid('clan_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['Chief', 'Member'] as const })
      .notNull()
      .default('Member'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the member earned for the clan since joining (the score job keeps it). */
    points: bigint('points', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    index('clan_members_clan_idx').on(t.clanId, t.points.desc()),
    check('clan_members_role_check', sql`${t.role} in ('Chief', 'Member')`),
  ],
);

/** Join requests to clans with APPROVAL; deleted when answered or withdrawn. */
export const clanJoinRequests = pgTable(
  'clan_join_requests',
  {
    clanId: uuid('clan_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clanId, t.userId] }), index('clan_join_requests_user_idx').on(t.userId)],
);

/** SPEC §4 clan events: what happened to whom, when (waiting periods read the last leave, delete and creation). */
export const clanEvents = pgTable(
  'clan_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clanId: uuid('clan_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Who did it when it was someone else (the chief who removed or approved). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CLAN_EVENT_KINDS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clan_events_user_kind_idx').on(t.userId, t.kind, t.at.desc()),
    index('clan_events_clan_idx').on(t.clanId, t.at.desc()),
    check('clan_events_kind_check', sql`${t.kind} in (${sqlList(CLAN_EVENT_KINDS)})`),
  ],
);

/** Clan-chief quests (`userquest/clanchief v2`): a quest the chief set for the clan with a target of members. */
export const clanQuests = pgTable(
  'clan_quests',
  {
    clanId: uuid('clan_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    target: integer('target').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set once `target` members completed it (the score job). */
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.clanId, t.questId] }),
    check('clan_quests_target_check', sql`${t.target} >= 1`),
  ],
);

/** The Telegram group a chief linked to the clan (the bot was added to it by the chief). */
export const clanTelegramGroups = pgTable('clan_telegram_groups', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  clanId: uuid('clan_id')
    .notNull()
    .unique()
    .references(() => clans.id, { onDelete: 'cascade' }),
  title: text('title').notNull(),
  linkedBy: uuid('linked_by').references(() => users.id, { onDelete: 'set null' }),
  linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  /** Telegram allows 20 messages a minute to a group: the next news goes out no earlier (set by the notifier). */
  nextSendAt: timestamp('next_send_at', { withTimezone: true }),
});

export const CLAN_GROUP_NEWS_STATUSES = ['pending', 'sent', 'skipped', 'failed'] as const;

/**
 * The group outbox: news for a clan's Telegram group, written in the transaction of the change it announces and
 * delivered by the notifier (apps/bot) at most 20 a minute per group. A clan without a linked group writes none.
 */
export const clanGroupNews = pgTable(
  'clan_group_news',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    clanId: uuid('clan_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CLAN_GROUP_NEWS_KINDS }).notNull(),
    dedupeKey: text('dedupe_key').notNull().unique(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    status: text('status', { enum: CLAN_GROUP_NEWS_STATUSES }).notNull().default('pending'),
    availableAt: timestamp('available_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clan_group_news_due_idx').on(t.availableAt).where(sql`${t.status} = 'pending'`),
    check('clan_group_news_kind_check', sql`${t.kind} in (${sqlList(CLAN_GROUP_NEWS_KINDS)})`),
    check('clan_group_news_status_check', sql`${t.status} in (${sqlList(CLAN_GROUP_NEWS_STATUSES)})`),
  ],
);

export type ClanRow = typeof clans.$inferSelect;
export type ClanMemberRow = typeof clanMembers.$inferSelect;

/**
 * Weekly clan wars (issue 26; the clans module's `wars.ts`). A week's row is written once, by the wars job, with
 * the numbers its wars are fought for (the contract's at that moment: frozen while the week runs), in the same
 * transaction as its wars and its entries. `clan_war_entries` has one row per clan matched that week (the key
 * (week, clan) keeps a clan in one war a week); `war_id` null is a clan with no opponent. A war goes LIVE → ENDED
 * once: the conditional update that ends it is the claim on paying it.
 */
export const clanWarWeeks = pgTable('clan_war_weeks', {
  /** `2026-W48`, the ISO week (domain/recurrence.ts). */
  weekKey: text('week_key').primaryKey(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  minMembers: integer('min_members').notNull(),
  rewardXp: integer('reward_xp').notNull(),
  rewardKpoints: bigint('reward_kpoints', { mode: 'bigint' }).notNull(),
  matchedAt: timestamp('matched_at', { withTimezone: true }).notNull(),
});

export const clanWars = pgTable(
  'clan_wars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    weekKey: text('week_key')
      .notNull()
      .references(() => clanWarWeeks.weekKey),
    tier: text('tier', { enum: CLAN_TIERS }).notNull(),
    clanAId: uuid('clan_a_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    clanBId: uuid('clan_b_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: CLAN_WAR_STATUSES }).notNull().default('LIVE'),
    /** Written when it is decided. */
    scoreA: bigint('score_a', { mode: 'number' }),
    scoreB: bigint('score_b', { mode: 'number' }),
    /** Null for a draw (and while it runs). */
    winnerClanId: uuid('winner_clan_id').references(() => clans.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The wars to decide: a small partial index, emptied as they are.
    index('clan_wars_live_idx').on(t.endsAt).where(sql`${t.status} = 'LIVE'`),
    check('clan_wars_status_check', sql`${t.status} in (${sqlList(CLAN_WAR_STATUSES)})`),
    check('clan_wars_tier_check', sql`${t.tier} in (${sqlList(CLAN_TIERS)})`),
    check('clan_wars_two_clans', sql`${t.clanAId} <> ${t.clanBId}`),
  ],
);

export const clanWarEntries = pgTable(
  'clan_war_entries',
  {
    weekKey: text('week_key')
      .notNull()
      .references(() => clanWarWeeks.weekKey),
    clanId: uuid('clan_id')
      .notNull()
      .references(() => clans.id, { onDelete: 'cascade' }),
    /** Null: no opponent this week. */
    warId: uuid('war_id').references(() => clanWars.id, { onDelete: 'cascade' }),
    /** The clan's score and tier, and its members who joined before the week began, when the wars were made. */
    tier: text('tier', { enum: CLAN_TIERS }).notNull(),
    score: bigint('score', { mode: 'number' }).notNull(),
    members: integer('members').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.weekKey, t.clanId] }),
    // A clan's wars, newest first (its results).
    index('clan_war_entries_clan_idx').on(t.clanId, t.weekKey),
    check('clan_war_entries_tier_check', sql`${t.tier} in (${sqlList(CLAN_TIERS)})`),
  ],
);

export type ClanWarRow = typeof clanWars.$inferSelect;
export type ClanWarWeekRow = typeof clanWarWeeks.$inferSelect;
