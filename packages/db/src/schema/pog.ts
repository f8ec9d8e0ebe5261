import {
  MINT_MODES,
  MINT_STATES,
  POG_BADGE_IDS,
  POG_CHAINS,
  POG_SHARE_CHANNELS,
  POG_THEMES,
  POG_VARIANTS,
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
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Proof of Gamer (issue 13). One card per user (`pog_cards.user_id` is unique), its name unique ignoring case
 * (`name_key`, the lower-cased name: 50 people reserving one name at once get one winner). `state` is the SPEC §4 mint
 * flow state the server drives. `serial` is the card's token id on its chain: the mint job mints exactly that id,
 * so a job that dies between the chain and the database finds its token on the next run instead of minting another.
 */
export const pogCards = pgTable(
  'pog_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The token id on the card's chain. */
    serial: bigserial('serial', { mode: 'bigint' }).notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    mode: text('mode', { enum: MINT_MODES }).notNull().default('customize_pog'),
    state: text('state', { enum: MINT_STATES }).notNull().default('AvatarCategorySelection'),
    theme: text('theme', { enum: POG_THEMES }),
    category: text('category'),
    character: text('character'),
    style: text('style'),
    /** Colours taken from a selfie that had a face (the photo itself is never stored). */
    selfieColours: jsonb('selfie_colours').$type<{ skin: string; hair: string; background: string }>(),
    /** The avatar being made (a preview until it is activated). */
    draftAvatar: bytea('draft_avatar'),
    draftProvider: text('draft_provider'),
    /** Generations of the current draft (the first and its refreshes). */
    generations: integer('generations').notNull().default(0),
    /** The card's avatar (set at activation); `avatar_version` changes its address. */
    avatar: bytea('avatar'),
    avatarVersion: integer('avatar_version').notNull().default(0),
    /** Avatar edits bought and not used (SPEC §6). */
    slots: integer('slots').notNull().default(0),
    chain: text('chain', { enum: POG_CHAINS }),
    ownerAddress: text('owner_address'),
    mintStartedAt: timestamp('mint_started_at', { withTimezone: true }),
    mintError: text('mint_error'),
    mintAttempts: integer('mint_attempts').notNull().default(0),
    network: text('network'),
    contract: text('contract'),
    txHash: text('tx_hash'),
    block: text('block'),
    explorerUrl: text('explorer_url'),
    mintedAt: timestamp('minted_at', { withTimezone: true }),
    likes: integer('likes').notNull().default(0),
    /**
     * The owner's `pog_scores.total` and `variant`, copied by triggers (0 and Common without a scores row), so the
     * feeds' order, filter and rank are ranges of one index of this table instead of a join over every card.
     */
    scoreTotal: integer('score_total').notNull().default(0),
    scoreVariant: text('score_variant', { enum: POG_VARIANTS }).notNull().default('Common'),
    /**
     * Likes of the last 7 days, the hottest feed's first key: moved with `likes` by each like and unlike, and
     * recounted for the cards liked lately by the `pog.recent-likes` job as likes age past 7 days.
     */
    recentLikes: integer('recent_likes').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pog_cards_user_key').on(t.userId),
    uniqueIndex('pog_cards_name_key').on(t.nameKey),
    uniqueIndex('pog_cards_serial_key').on(t.serial),
    index('pog_cards_minted_idx').on(t.mintedAt),
    index('pog_cards_likes_idx').on(t.likes.desc()),
    index('pog_cards_total_idx')
      .on(t.scoreTotal.desc(), t.mintedAt, t.id)
      .where(sql`${t.mintedAt} is not null`),
    index('pog_cards_hot_idx')
      .on(t.recentLikes.desc(), t.likes.desc(), t.mintedAt.desc(), t.id)
      .where(sql`${t.mintedAt} is not null`),
    index('pog_cards_variant_total_idx')
      .on(t.scoreVariant, t.scoreTotal.desc(), t.mintedAt, t.id)
      .where(sql`${t.mintedAt} is not null`),
    check('pog_cards_state_check', sql`${t.state} in (${sqlList(MINT_STATES)})`),
    check('pog_cards_mode_check', sql`${t.mode} in (${sqlList(MINT_MODES)})`),
    check('pog_cards_chain_check', sql`${t.chain} is null or ${t.chain} in (${sqlList(POG_CHAINS)})`),
    check('pog_cards_theme_check', sql`${t.theme} is null or ${t.theme} in (${sqlList(POG_THEMES)})`),
    check('pog_cards_name_key_check', sql`${t.nameKey} = lower(${t.name})`),
    check('pog_cards_slots_check', sql`${t.slots} >= 0`),
    check('pog_cards_likes_check', sql`${t.likes} >= 0`),
    check('pog_cards_minted_check', sql`(${t.mintedAt} is null) = (${t.txHash} is null)`),
  ],
);
export type PogCardRow = typeof pogCards.$inferSelect;

/**
 * The five scores of every user with activity, recomputed by the `pog.scores` job (and for one user when they
 * look at their dashboard). `activity` holds the counts they came from.
 */
export const pogScores = pgTable(
  'pog_scores',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    human: integer('human').notNull().default(0),
    play: integer('play').notNull().default(0),
    skill: integer('skill').notNull().default(0),
    commerce: integer('commerce').notNull().default(0),
    social: integer('social').notNull().default(0),
    total: integer('total').notNull().default(0),
    variant: text('variant', { enum: POG_VARIANTS }).notNull().default('Common'),
    activity: jsonb('activity').$type<Record<string, number>>().notNull().default({}),
    scoredAt: timestamp('scored_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pog_scores_total_idx').on(t.total.desc()),
    check('pog_scores_variant_check', sql`${t.variant} in (${sqlList(POG_VARIANTS)})`),
  ],
);

/** Badges earned (once each; never taken back). */
export const pogBadges = pgTable(
  'pog_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badge: text('badge', { enum: POG_BADGE_IDS }).notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.badge] }),
    check('pog_badges_badge_check', sql`${t.badge} in (${sqlList(POG_BADGE_IDS)})`),
  ],
);

/**
 * Minted cards per total (level 0, bucket = total) and per 64 totals (level 1, bucket = total >> 6), per variant,
 * kept by a trigger on `pog_cards` (migration 0027) in the writer's transaction. A card's rank is 1 + the level-1
 * counts above its bucket + the level-0 counts above its total within its bucket (at most 16 + 63 rows a variant)
 * + the cards tied with it and minted earlier; a feed's total is a sum of level 1. Neither counts the cards. Not
 * sharded: its writers are mints (one at a time per chain) and the scores job, never a burst of requests.
 */
export const pogMintedCounts = pgTable(
  'pog_minted_counts',
  {
    level: smallint('level').notNull(),
    bucket: integer('bucket').notNull(),
    scoreVariant: text('score_variant', { enum: POG_VARIANTS }).notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.level, t.bucket, t.scoreVariant] })],
);

export const pogLikes = pgTable(
  'pog_likes',
  {
    cardId: uuid('card_id')
      .notNull()
      .references(() => pogCards.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.cardId, t.userId] }),
    index('pog_likes_recent_idx').on(t.cardId, t.createdAt),
  ],
);

/** Shares of a card (SOCIAL score, the X share task). */
export const pogShares = pgTable(
  'pog_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    cardId: uuid('card_id')
      .notNull()
      .references(() => pogCards.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: POG_SHARE_CHANNELS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('pog_shares_user_idx').on(t.userId, t.channel),
    check('pog_shares_channel_check', sql`${t.channel} in (${sqlList(POG_SHARE_CHANNELS)})`),
  ],
);

/** Slot purchases (SPEC §6): the ledger transfer's key is derived from the request's operation id. */
export const pogSlotPurchases = pgTable('pog_slot_purchases', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  cardId: uuid('card_id')
    .notNull()
    .references(() => pogCards.id, { onDelete: 'cascade' }),
  currency: text('currency', { enum: ['KCASH', 'RKHEL'] }).notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
