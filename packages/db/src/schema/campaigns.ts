import {
  CAMPAIGN_EARNING_TYPES,
  CAMPAIGN_ENTRY_STATUSES,
  CAMPAIGN_LIFECYCLE,
  CAMPAIGN_REWARD_STATUSES,
  CAMPAIGN_VARIANTS,
  type CampaignEligibility,
  type CampaignEntryCaps,
  type RankBand,
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
  uuid,
} from 'drizzle-orm/pg-core';
import { leaderboards } from './leaderboards.ts';
import { games, questHubs, quests } from './quests.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Campaigns (K-Drop, issue 11). A campaign's tasks live in a quest row of kind 'campaign' (never
 * listed among quests), so the quest validators, proofs and redirect links serve both. The campaign
 * row holds the reward rule (variant), the eligibility rules (frozen when it goes LIVE), the raffle's
 * commitment and its lifecycle, moved by jobs with conditional UPDATEs (`WHERE status = <from>`), so
 * any number of workers move each campaign once. Money is never here: the pool is funded from the
 * treasury into `rewards_pool` through the ledger, and rewards become earnings when claimed.
 */

export type StageJson = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string | null;
  gamerEarnings: string | null;
  earningType: (typeof CAMPAIGN_EARNING_TYPES)[number] | null;
  translations: Record<string, Record<string, string>>;
};

export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverUrl: text('cover_url'),
    hubSlug: text('hub_slug').references(() => questHubs.slug),
    gameId: uuid('game_id').references(() => games.id),
    /** The quest of kind 'campaign' that holds the tasks. */
    questId: uuid('quest_id')
      .notNull()
      .unique()
      .references(() => quests.id),
    leaderboardId: uuid('leaderboard_id')
      .notNull()
      .unique()
      .references(() => leaderboards.id),
    variant: text('variant', { enum: CAMPAIGN_VARIANTS }).notNull(),
    status: text('status', { enum: CAMPAIGN_LIFECYCLE }).notNull().default('DRAFT'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    featured: boolean('featured').notNull().default(false),
    private: boolean('private').notNull().default(false),
    /** K-Cash minor units. FIXED: per finisher (pool = slots × amount). */
    rewardAmount: bigint('reward_amount', { mode: 'bigint' }),
    pool: bigint('pool', { mode: 'bigint' }).notNull(),
    totalSlots: integer('total_slots'),
    /**
     * FIXED: slots nobody has taken, as last counted from `campaign_slots` (which is exact): refreshed
     * after each take commits and by the lifecycle job, never held by a finisher's transaction.
     */
    remainingSlots: integer('remaining_slots'),
    winners: integer('winners'),
    bands: jsonb('bands').$type<RankBand[]>(),
    referralReward: bigint('referral_reward', { mode: 'bigint' }),
    referralMax: integer('referral_max'),
    eligibility: jsonb('eligibility').$type<CampaignEligibility>().notNull(),
    entryCaps: jsonb('entry_caps').$type<CampaignEntryCaps>().notNull(),
    stages: jsonb('stages').$type<StageJson[]>().notNull().default([]),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    /** Raffle: the secret seed (hex), kept from everyone until the draw, and its SHA-256 published at LIVE. */
    seed: text('seed'),
    seedHash: text('seed_hash'),
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    liveAt: timestamp('live_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdBy: text('created_by').notNull().default('seed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('campaigns_dates', sql`${t.endsAt} > ${t.startsAt}`),
    check('campaigns_variant_check', sql`${t.variant} in (${sqlList(CAMPAIGN_VARIANTS)})`),
    check('campaigns_status_check', sql`${t.status} in (${sqlList(CAMPAIGN_LIFECYCLE)})`),
    check('campaigns_pool_positive', sql`${t.pool} > 0`),
    check(
      'campaigns_slots',
      sql`(${t.totalSlots} is null and ${t.remainingSlots} is null) or (${t.totalSlots} > 0 and ${t.remainingSlots} between 0 and ${t.totalSlots})`,
    ),
    index('campaigns_list_idx').on(t.status, t.startsAt),
  ],
);

export const campaignEntries = pgTable(
  'campaign_entries',
  {
    /** The entry's public id (the raffle's entrant list shows these). */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: CAMPAIGN_ENTRY_STATUSES }).notNull().default('STARTED'),
    heldReason: text('held_reason'),
    /** HMAC of the IP address (never the address itself) and the client's device id, for the entry caps. */
    ipHash: text('ip_hash'),
    deviceId: text('device_id'),
    points: integer('points').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** FIXED: the slot taken when finishing (1..slots); null without one. */
    slotNumber: integer('slot_number'),
  },
  (t) => [
    unique('campaign_entries_user_key').on(t.campaignId, t.userId),
    index('campaign_entries_status_idx').on(t.campaignId, t.status, t.finishedAt),
    index('campaign_entries_ip_idx').on(t.campaignId, t.ipHash),
    index('campaign_entries_device_idx').on(t.campaignId, t.deviceId),
    check('campaign_entries_status_check', sql`${t.status} in (${sqlList(CAMPAIGN_ENTRY_STATUSES)})`),
  ],
);

/**
 * How many entered a campaign and how many finished (status FINISHED), kept by a trigger on
 * `campaign_entries` (migration 0027) in the entry's own transaction, so the lists read at most eight rows per
 * campaign instead of counting its entries. Spread over eight shards (last byte of the user id & 7, as the
 * leaderboards' counters) so that a burst of finishers does not queue on one row.
 */
export const campaignEntryCounts = pgTable(
  'campaign_entry_counts',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull(),
    participants: bigint('participants', { mode: 'number' }).notNull().default(0),
    finishers: bigint('finishers', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.shard] })],
);

/**
 * FIXED: one row per slot (1..total_slots), written when the rules are. A finisher takes the first free
 * row not locked by another finisher (FOR UPDATE SKIP LOCKED), so a burst of finishers never queues on
 * one row and never takes more slots than there are.
 */
export const campaignSlots = pgTable(
  'campaign_slots',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.number] }),
    index('campaign_slots_free_idx').on(t.campaignId, t.number).where(sql`${t.takenAt} is null`),
    check('campaign_slots_number_check', sql`${t.number} > 0`),
  ],
);

export const campaignRewards = pgTable(
  'campaign_rewards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `<campaign>:<user>:<earningType>[:<referred user>]`: one allocation per key, whatever retries. */
    allocationKey: text('allocation_key').notNull().unique(),
    earningType: text('earning_type', { enum: CAMPAIGN_EARNING_TYPES }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    rank: integer('rank'),
    status: text('status', { enum: CAMPAIGN_REWARD_STATUSES }).notNull().default('CLAIMABLE'),
    earningId: uuid('earning_id'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaign_rewards_user_idx').on(t.userId, t.campaignId),
    check('campaign_rewards_amount_positive', sql`${t.amount} > 0`),
    check('campaign_rewards_type_check', sql`${t.earningType} in (${sqlList(CAMPAIGN_EARNING_TYPES)})`),
    check('campaign_rewards_status_check', sql`${t.status} in (${sqlList(CAMPAIGN_REWARD_STATUSES)})`),
  ],
);

/**
 * The sign-in identities an entry was made with (HMAC of `<provider>:<subject>`, never the subject): an
 * identity that entered under one account cannot enter again under another (one reward per person,
 * even when a method is unlinked and linked elsewhere). The key makes two accounts racing lose one.
 */
export const campaignEntryIdentities = pgTable(
  'campaign_entry_identities',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    identityHash: text('identity_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.identityHash] })],
);

export type CampaignRow = typeof campaigns.$inferSelect;
export type CampaignEntryRow = typeof campaignEntries.$inferSelect;
export type CampaignRewardRow = typeof campaignRewards.$inferSelect;

/** Users who asked to hear when an upcoming campaign goes LIVE ("Notify me"); the lifecycle job tells them once. */
export const campaignReminders = pgTable(
  'campaign_reminders',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.userId] })],
);
