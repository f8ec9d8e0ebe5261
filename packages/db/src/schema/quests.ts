import {
  GAME_GENRES,
  GAME_LOGIN_METHODS,
  GAME_NETWORKS,
  GAME_PLATFORMS,
  PROOF_METHODS,
  QUEST_KINDS,
  QUEST_RECURRENCES,
  TASK_TYPES,
  USER_TASK_STATUSES,
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
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Games, partner hubs, quests and their tasks (SPEC §1, §3), and each user's progress. Slots are taken
 * with a conditional UPDATE (`remaining_slots = remaining_slots - 1 WHERE remaining_slots > 0`) in the
 * same transaction as the user's start row, and a CHECK keeps them in 0..total, so a quest is never
 * oversold. Rewards are granted once per (user, quest): the ledger and earnings keys say so too.
 */

/** `column <@ array[...]`: every element of a text[] is one of the list. */
const subsetOf = (column: unknown, values: readonly string[]) =>
  sql`${column} <@ array[${sqlList(values)}]::text[]`;

export type TaskType = (typeof TASK_TYPES)[number];
export type UserTaskStatus = (typeof USER_TASK_STATUSES)[number];
export type ProofMethod = (typeof PROOF_METHODS)[number];

/** Partner hubs with their own page (/k-quest/bullieverse, /colexion, /dark-throne). */
export const questHubs = pgTable('quest_hubs', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  tagline: text('tagline').notNull().default(''),
  logoUrl: text('logo_url').notNull(),
  bannerUrl: text('banner_url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** Texts in other languages (contract `translationsSchema`); English is in the fields themselves. */
  translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
});

export const games = pgTable(
  'games',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    genres: text('genres').array().notNull().default(sql`'{}'::text[]`),
    platforms: text('platforms').array().notNull().default(sql`'{}'::text[]`),
    networks: text('networks').array().notNull().default(sql`'{}'::text[]`),
    loginMethods: text('login_methods').array().notNull().default(sql`'{}'::text[]`),
    coverUrl: text('cover_url').notNull(),
    /** A browser game's address, opened in a frame on /rkade. */
    playUrl: text('play_url'),
    hubSlug: text('hub_slug').references(() => questHubs.slug),
    active: boolean('active').notNull().default(true),
    /** Texts in other languages (contract `translationsSchema`); English is in the fields themselves. */
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),

    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('games_genres_check', subsetOf(t.genres, GAME_GENRES)),
    check('games_platforms_check', subsetOf(t.platforms, GAME_PLATFORMS)),
    check('games_networks_check', subsetOf(t.networks, GAME_NETWORKS)),
    check('games_login_methods_check', subsetOf(t.loginMethods, GAME_LOGIN_METHODS)),
  ],
);

export const quests = pgTable(
  'quests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    coverUrl: text('cover_url'),
    hubSlug: text('hub_slug').references(() => questHubs.slug),
    gameId: uuid('game_id').references(() => games.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** Null: open to everyone. Otherwise remaining_slots counts down to 0. */
    totalSlots: integer('total_slots'),
    remainingSlots: integer('remaining_slots'),
    featured: boolean('featured').notNull().default(false),
    /** 'quest' is listed among quests; 'campaign' holds a campaign's tasks and is reached only through it. */
    kind: text('kind', { enum: QUEST_KINDS }).notNull().default('quest'),
    /**
     * Null: done once. 'daily' | 'weekly' | 'monthly': the quest starts afresh each period (issue 26);
     * each period's completion is a `quest_period_completions` row. A recurring quest has no slot limit.
     */
    recurrence: text('recurrence', { enum: QUEST_RECURRENCES }),
    /** Rewards in minor units; null for none. */
    rewardKpoints: bigint('reward_kpoints', { mode: 'bigint' }),
    rewardKcash: bigint('reward_kcash', { mode: 'bigint' }),
    rewardRkhel: bigint('reward_rkhel', { mode: 'bigint' }),
    /** Null while a draft: drafts are never listed. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdBy: text('created_by').notNull().default('seed'),
    /** Texts in other languages (contract `translationsSchema`); English is in the fields themselves. */
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),

    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('quests_dates', sql`${t.endsAt} > ${t.startsAt}`),
    check('quests_kind_check', sql`${t.kind} in (${sqlList(QUEST_KINDS)})`),
    check(
      'quests_recurrence_check',
      sql`${t.recurrence} is null or (${t.recurrence} in (${sqlList(QUEST_RECURRENCES)}) and ${t.kind} = 'quest' and ${t.totalSlots} is null)`,
    ),
    check(
      'quests_slots',
      sql`(${t.totalSlots} is null and ${t.remainingSlots} is null) or (${t.totalSlots} > 0 and ${t.remainingSlots} between 0 and ${t.totalSlots})`,
    ),
    check(
      'quests_rewards_positive',
      sql`coalesce(${t.rewardKpoints}, 1) > 0 and coalesce(${t.rewardKcash}, 1) > 0 and coalesce(${t.rewardRkhel}, 1) > 0`,
    ),
    index('quests_hub_idx').on(t.hubSlug, t.startsAt),
    index('quests_game_idx').on(t.gameId),
    /** The quest list's order within a featured flag and a status: each status is a range of ends_at. */
    /** Today's quests (issue 26): the published recurring quests, by end; a handful whatever the catalogue's size. */
    index('quests_recurring_idx')
      .on(t.endsAt)
      .where(sql`${t.recurrence} is not null and ${t.publishedAt} is not null and ${t.kind} = 'quest'`),
    index('quests_list_idx')
      .on(t.featured, t.endsAt, t.slug)
      .where(sql`${t.publishedAt} is not null and ${t.kind} = 'quest'`),
  ],
);

export const questTasks = pgTable(
  'quest_tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    type: text('type', { enum: TASK_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    locked: boolean('locked').notNull().default(false),
    active: boolean('active').notNull().default(true),
    proof: text('proof', { enum: PROOF_METHODS }),
    /** Points the task scores (campaign leaderboards and dynamic pools); 0 for a quest's tasks. */
    points: integer('points').notNull().default(0),
    /** The type's settings (contract `taskConfigSchema`) without secrets. */
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    /** SHA-256 (hex) of a special code; the code itself is never stored. */
    secretHash: text('secret_hash'),
    /** Texts in other languages (contract `translationsSchema`); English is in the fields themselves. */
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
  },
  (t) => [
    unique('quest_tasks_position_key').on(t.questId, t.position),
    check('quest_tasks_type_check', sql`${t.type} in (${sqlList(TASK_TYPES)})`),
    check('quest_tasks_proof_check', sql`${t.proof} is null or ${t.proof} in (${sqlList(PROOF_METHODS)})`),
  ],
);

/** What a completion granted, after any boost, in minor units (strings); null for a currency not paid. */
export type QuestRewarded = { kpoints: string | null; kcash: string | null; rkhel: string | null };

export const userQuests = pgTable(
  'user_quests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** What was granted, after any boost, in minor units (strings). */
    rewarded: jsonb('rewarded').$type<QuestRewarded>(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questId] }), index('user_quests_quest_idx').on(t.questId)],
);

/**
 * A recurring quest's completions (issue 26), one row per (user, quest, period): the history a new period's
 * start leaves behind when it clears the user's `user_quests` row and tasks, and the record the clan score
 * and the gamer's stats count for recurring quests. The primary key is what makes a period count once.
 */
export const questPeriodCompletions = pgTable(
  'quest_period_completions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    /** The period's first instant (UTC), @khel/core/domain `recurrencePeriod`. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull(),
    rewarded: jsonb('rewarded').$type<QuestRewarded>(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questId, t.periodStart] }),
    index('quest_period_completions_quest_idx').on(t.questId, t.periodStart),
  ],
);

export const userTasks = pgTable(
  'user_tasks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => questTasks.id, { onDelete: 'cascade' }),
    questId: uuid('quest_id')
      .notNull()
      .references(() => quests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: USER_TASK_STATUSES }).notNull().default('PENDING'),
    attempts: integer('attempts').notNull().default(0),
    /** Why the last validation failed. */
    message: text('message'),
    /** The game login value the user gave (capture-login tasks). */
    value: text('value'),
    /** When the user opened the task's signed redirect link (URI redirection). */
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.taskId] }),
    index('user_tasks_quest_idx').on(t.userId, t.questId),
    check('user_tasks_status_check', sql`${t.status} in (${sqlList(USER_TASK_STATUSES)})`),
  ],
);

/** Proof a user attached to a task (userquest/proofs v1 text, v2 link, v3 JPEG); the latest replaces the earlier. */
export const questProofs = pgTable(
  'quest_proofs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    taskId: uuid('task_id')
      .notNull()
      .references(() => questTasks.id, { onDelete: 'cascade' }),
    method: text('method', { enum: PROOF_METHODS }).notNull(),
    text: text('text'),
    link: text('link'),
    image: bytea('image'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.taskId] })],
);

export type QuestHubRow = typeof questHubs.$inferSelect;
export type GameRow = typeof games.$inferSelect;
export type QuestRow = typeof quests.$inferSelect;
export type QuestTaskRow = typeof questTasks.$inferSelect;
export type UserQuestRow = typeof userQuests.$inferSelect;
export type UserTaskRow = typeof userTasks.$inferSelect;

/** Partner hubs a user follows: a quest published in one is announced to them (notification `hub_new_quest`). */
export const hubFollows = pgTable(
  'hub_follows',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hubSlug: text('hub_slug')
      .notNull()
      .references(() => questHubs.slug, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.hubSlug] }), index('hub_follows_hub_idx').on(t.hubSlug)],
);
