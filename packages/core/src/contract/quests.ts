import { z } from 'zod';
import { FIELD_REQUIRED_MESSAGE } from '../validation/game-login.ts';
import { GAME_LOGIN_METHODS, gameRefSchema, pageStateSchema, SLUG_PATTERN, slugSchema } from './games.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute, UUID_PATTERN, uuidParams } from './route.ts';
import { translationsSchema } from './translations.ts';
import { moneySchema } from './wallets.ts';

/**
 * Quests (SPEC §1, §2 /k-quest/ and /quest-details/, §3 Quests and games and Task types, §4 task
 * validation button, §7 quest and userquest paths). A quest belongs to a partner hub and/or a game,
 * has ordered tasks, optional limited slots (`remainingSlots`) and rewards in K-Points, K-Cash and
 * rKHEL, granted once when every active task is verified (K-Cash as an earning to collect).
 */

export const questTranslationsSchema = lazySchema(() =>
  translationsSchema(['title', 'description'] as const),
);
export const taskTranslationsSchema = lazySchema(() =>
  translationsSchema(['title', 'description', 'hint'] as const),
);
export const hubTranslationsSchema = lazySchema(() => translationsSchema(['tagline'] as const, 160));

/** SPEC §3 statuses, derived from the quest's dates and slots (a draft is never shown). */
export const QUEST_STATUSES = ['PUBLISHED', 'LIVE', 'COMPLETED', 'CONCLUDED'] as const;
export type QuestStatus = (typeof QUEST_STATUSES)[number];

/** A quest row of kind 'campaign' holds a campaign's tasks: never listed among quests. */
export const QUEST_KINDS = ['quest', 'campaign'] as const;
export type QuestKind = (typeof QUEST_KINDS)[number];

/**
 * Quests that repeat (issue 26): a daily, weekly or monthly quest starts afresh each period (UTC days,
 * weeks from Monday, calendar months; @khel/core/domain `recurrencePeriod`), and each period's completion
 * is counted and paid once. A recurring quest has no slot limit.
 */
export const QUEST_RECURRENCES = ['daily', 'weekly', 'monthly'] as const;
export type QuestRecurrence = (typeof QUEST_RECURRENCES)[number];
export const RECURRING_QUEST_SLOTS_MESSAGE =
  'A quest that repeats is open to everyone: it has no slot limit.';

/** SPEC §3 task types, one validator each on the server. */
export const TASK_TYPES = [
  'link_twitter',
  'link_discord',
  'link_google',
  'link_wallet',
  'link_steam',
  'link_telegram',
  'x_comment',
  'x_like',
  'x_retweet',
  'x_follow',
  'x_hashtag_tweet',
  'x_bio',
  'referral_invite',
  'create_referral',
  'discord_join_server',
  'telegram_join_channel',
  'discord_role_check',
  'hold_token',
  'hold_nft',
  'uri_redirection',
  'capture_login',
  'game_api',
  'special_code',
  'internal_api',
  'share_pog_x',
] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** What the signed-in user checks for an internal API validation task. */
export const INTERNAL_CHECKS = ['has_pog', 'kyc_verified', 'in_clan', 'store_spent'] as const;
export type InternalCheck = (typeof INTERNAL_CHECKS)[number];

/** Proof methods of `userquest/proofs` v1 (text), v2 (link), v3 (JPEG image). */
export const PROOF_METHODS = ['text', 'link', 'image'] as const;
export type ProofMethod = (typeof PROOF_METHODS)[number];

/** A user's progress on a quest. */
export const USER_QUEST_STATUSES = ['NOT_STARTED', 'STARTED', 'COMPLETED'] as const;
export type UserQuestStatus = (typeof USER_QUEST_STATUSES)[number];
/** A user's progress on a task. */
export const USER_TASK_STATUSES = ['PENDING', 'FAILED', 'VERIFIED'] as const;
export type UserTaskStatus = (typeof USER_TASK_STATUSES)[number];

export const QUESTS_DEFAULT_LIMIT = 100;
export const QUESTS_DEFAULT_PAGE = 1;
export const QUESTS_MAX_LIMIT = 100;
/**
 * The quest list counts its matching quests up to this many (or to the page's end, when that is further):
 * past it `total` is that bound and `totalCapped` is true, so a page's cost does not grow with the catalogue.
 */
export const QUEST_LIST_TOTAL_CAP = 1_000;
/** Most wrong special codes per user and task. */
export const SPECIAL_CODE_MAX_ATTEMPTS = 5;
/** A game API answer must come within this many milliseconds. */
export const GAME_API_TIMEOUT_MS = 10_000;

export const QUEST_NOT_FOUND_MESSAGE = 'This quest is not available.';
export const TASK_NOT_FOUND_MESSAGE = 'This task is not part of the quest.';
export const QUEST_NO_SLOTS_MESSAGE = 'All slots of this quest are taken.';
export const QUEST_NOT_LIVE_MESSAGE = 'This quest is not live.';
export const QUEST_NOT_STARTED_MESSAGE = 'Start the quest first.';
export const TASK_LOCKED_MESSAGE = 'Complete the other tasks of this quest first.';
export const TASK_PROOF_REQUIRED_MESSAGE = 'Add your proof first.';
export const SPECIAL_CODE_WRONG_MESSAGE = 'That code is not right.';
export const SPECIAL_CODE_LOCKED_MESSAGE = 'Too many wrong codes for this task.';
/** SPEC §8: messages that begin 'Quest login method' are thrown by the client instead of shown in the wallet modal. */
export const questLoginMethodMessage = (detail: string) => `Quest login method: ${detail}`;

const httpsUrl = lazySchema(() =>
  z
    .string()
    .max(500)
    .url()
    .refine((u) => /^https?:\/\//i.test(u), { message: 'Use an http(s) address' }),
);
const evmAddress = lazySchema(() =>
  z.string().regex(/^0x[0-9a-fA-F]{40}$/, { message: 'Use a 0x address of 40 hex digits' }),
);
/** A positive whole number as a string (amounts in minor units an operator writes). */
export const positiveIntegerStringSchema = lazySchema(() =>
  z.string().regex(/^[1-9]\d{0,30}$/, { message: 'Use a positive whole number' }),
);

/** Each task type's settings, as an operator writes them (the special code is stored only as a hash). */
export const taskConfigSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('link_twitter') }).strict(),
    z.object({ type: z.literal('link_discord') }).strict(),
    z.object({ type: z.literal('link_google') }).strict(),
    z.object({ type: z.literal('link_wallet') }).strict(),
    z.object({ type: z.literal('link_steam') }).strict(),
    z.object({ type: z.literal('link_telegram') }).strict(),
    z.object({ type: z.literal('x_comment'), postUrl: httpsUrl }).strict(),
    z.object({ type: z.literal('x_like'), postUrl: httpsUrl }).strict(),
    z.object({ type: z.literal('x_retweet'), postUrl: httpsUrl }).strict(),
    z.object({ type: z.literal('x_follow'), handle: z.string().regex(/^@?[A-Za-z0-9_]{1,15}$/) }).strict(),
    z
      .object({ type: z.literal('x_hashtag_tweet'), hashtag: z.string().regex(/^#?[\p{L}\p{N}_]{1,60}$/u) })
      .strict(),
    z.object({ type: z.literal('x_bio'), text: z.string().trim().min(2).max(60) }).strict(),
    z.object({ type: z.literal('referral_invite'), count: z.number().int().min(1).max(100) }).strict(),
    z.object({ type: z.literal('create_referral') }).strict(),
    z
      .object({
        type: z.literal('discord_join_server'),
        guildId: z.string().regex(/^\d{5,25}$/),
        inviteUrl: httpsUrl,
      })
      .strict(),
    z
      .object({
        type: z.literal('telegram_join_channel'),
        /** `@channelname` or a numeric chat id (-100…). */
        chat: z.string().regex(/^(@[A-Za-z][A-Za-z0-9_]{3,31}|-?\d{5,20})$/),
        inviteUrl: httpsUrl,
      })
      .strict(),
    z
      .object({
        type: z.literal('discord_role_check'),
        guildId: z.string().regex(/^\d{5,25}$/),
        roleId: z.string().regex(/^\d{5,25}$/),
        roleName: z.string().trim().min(1).max(60),
        inviteUrl: httpsUrl,
      })
      .strict(),
    z
      .object({
        type: z.literal('hold_token'),
        chainId: z.number().int().positive(),
        contract: evmAddress,
        symbol: z.string().trim().min(1).max(12),
        decimals: z.number().int().min(0).max(36),
        /** The least balance, in the token's base units. */
        minAmount: positiveIntegerStringSchema,
      })
      .strict(),
    z
      .object({
        type: z.literal('hold_nft'),
        chainId: z.number().int().positive(),
        contract: evmAddress,
        name: z.string().trim().min(1).max(60),
        minCount: z.number().int().min(1).max(1000),
      })
      .strict(),
    z.object({ type: z.literal('uri_redirection'), url: httpsUrl }).strict(),
    z.object({ type: z.literal('capture_login'), method: z.enum(GAME_LOGIN_METHODS) }).strict(),
    z
      .object({
        type: z.literal('game_api'),
        /** The partner game's endpoint; we GET it with `?playerId=<the captured game id>`. */
        endpoint: httpsUrl,
        method: z.enum(GAME_LOGIN_METHODS),
      })
      .strict(),
    z
      .object({
        type: z.literal('special_code'),
        /** Given by the operator; kept only as a SHA-256 hash. */
        code: z.string().trim().min(4).max(64),
        hint: z.string().trim().max(120).optional(),
      })
      .strict(),
    z.object({ type: z.literal('internal_api'), check: z.enum(INTERNAL_CHECKS) }).strict(),
    z.object({ type: z.literal('share_pog_x') }).strict(),
  ]),
);
export type TaskConfig = z.infer<typeof taskConfigSchema>;

/** How much a quest gives, in minor units (strings); leave a currency out for none. */
export const questRewardsInputSchema = lazySchema(() =>
  z
    .object({
      kpoints: positiveIntegerStringSchema.optional(),
      kcash: positiveIntegerStringSchema.optional(),
      rkhel: positiveIntegerStringSchema.optional(),
    })
    .strict()
    .refine((r) => r.kpoints || r.kcash || r.rkhel, { message: 'A quest gives at least one reward' }),
);

const questTextSchema = (max: number) => z.string().trim().min(1).max(max);

/** A quest as an operator imports it (CLI `quests import`, operator API). */
export const questInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      title: questTextSchema(80),
      description: questTextSchema(2000),
      hubSlug: slugSchema.nullable().default(null),
      gameSlug: slugSchema.nullable().default(null),
      coverUrl: z.string().max(500).nullable().default(null),
      startsAt: z.string().datetime({ offset: true }),
      endsAt: z.string().datetime({ offset: true }),
      /** Null: open to everyone. */
      totalSlots: z.number().int().min(1).max(10_000_000).nullable().default(null),
      /** Null: done once; else the quest starts afresh each UTC day, ISO week or month (QUEST_RECURRENCES). */
      recurrence: z.enum(QUEST_RECURRENCES).nullable().default(null),
      featured: z.boolean().default(false),
      rewards: questRewardsInputSchema,
      translations: questTranslationsSchema.default({}),
      tasks: z
        .array(
          z
            .object({
              title: questTextSchema(120),
              description: z.string().trim().max(1000).default(''),
              /** Opens only when every other active task is verified (SPEC §4). */
              locked: z.boolean().default(false),
              /** Proof the user attaches before validating (userquest/proofs). */
              proof: z.enum(PROOF_METHODS).nullable().default(null),
              config: taskConfigSchema,
              translations: taskTranslationsSchema.default({}),
            })
            .strict(),
        )
        .min(1)
        .max(20),
    })
    .strict()
    .refine((q) => Date.parse(q.endsAt) > Date.parse(q.startsAt), {
      message: 'A quest must end after it starts',
      path: ['endsAt'],
    })
    .refine((q) => q.recurrence === null || q.totalSlots === null, {
      message: RECURRING_QUEST_SLOTS_MESSAGE,
      path: ['totalSlots'],
    }),
);
export type QuestInput = z.infer<typeof questInputSchema>;

export const questHubSchema = lazySchema(() =>
  z.object({
    slug: z.string(),
    name: z.string(),
    tagline: z.string(),
    logoUrl: z.string(),
    bannerUrl: z.string(),
    translations: hubTranslationsSchema,
  }),
);
export type QuestHub = z.infer<typeof questHubSchema>;

export const questRewardsSchema = lazySchema(() =>
  z.object({
    kpoints: moneySchema.nullable(),
    kcash: moneySchema.nullable(),
    rkhel: moneySchema.nullable(),
  }),
);

export const questSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    coverUrl: z.string(),
    hub: questHubSchema.nullable(),
    game: gameRefSchema.nullable(),
    status: z.enum(QUEST_STATUSES),
    startsAt: z.string(),
    endsAt: z.string(),
    /** Null when the quest is open to everyone. */
    totalSlots: z.number().int().nullable(),
    remainingSlots: z.number().int().min(0).nullable(),
    featured: z.boolean(),
    /** Null for a quest done once; else it starts afresh each period, and `resetsAt` ends the current one. */
    recurrence: z.enum(QUEST_RECURRENCES).nullable(),
    resetsAt: z.string().nullable(),
    rewards: questRewardsSchema,
    taskCount: z.number().int().min(0),
    /** The game login method a capture-login task of this quest asks for, if any. */
    loginMethod: z.enum(GAME_LOGIN_METHODS).nullable(),
    translations: questTranslationsSchema,
  }),
);
export type Quest = z.infer<typeof questSchema>;

/** A task as everyone may see it (no secrets: a special code is never sent). */
export const taskSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    position: z.number().int().min(0),
    type: z.enum(TASK_TYPES),
    title: z.string(),
    description: z.string(),
    locked: z.boolean(),
    /** The user acts elsewhere first (follow, join, open a link): the button starts at COMPLETE TASK. */
    needsAction: z.boolean(),
    /** Where that action happens (a post, an invite, a channel); for a redirection task, our signed link. */
    actionUrl: z.string().nullable(),
    /** What the user types before validating: a code, or a game login value of this method. */
    input: z.enum(['none', 'code', 'login_value']),
    loginMethod: z.enum(GAME_LOGIN_METHODS).nullable(),
    proof: z.enum(PROOF_METHODS).nullable(),
    /** A hint the operator gave (special codes). */
    hint: z.string().nullable(),
    translations: taskTranslationsSchema,
  }),
);
export type Task = z.infer<typeof taskSchema>;

export const questDetailsSchema = lazySchema(() => questSchema.extend({ tasks: z.array(taskSchema) }));
export type QuestDetails = z.infer<typeof questDetailsSchema>;

export const userTaskSchema = lazySchema(() =>
  z.object({
    taskId: z.string().uuid(),
    status: z.enum(USER_TASK_STATUSES),
    /** False while a locked task waits on the others. */
    unlocked: z.boolean(),
    /** Why the last validation failed. */
    message: z.string().nullable(),
    attemptsLeft: z.number().int().min(0).nullable(),
    hasProof: z.boolean(),
    verifiedAt: z.string().nullable(),
    /** A redirection task's link for this user (it records the visit, then goes on to the page). */
    redirectUrl: z.string().nullable(),
  }),
);
export type UserTask = z.infer<typeof userTaskSchema>;

export const questStatusSchema = lazySchema(() =>
  z.object({
    questId: z.string().uuid(),
    status: z.enum(USER_QUEST_STATUSES),
    startedAt: z.string().nullable(),
    completedAt: z.string().nullable(),
    completedTasks: z.number().int().min(0),
    totalTasks: z.number().int().min(0),
    tasks: z.array(userTaskSchema),
    /** What the user got (after any boost), once the quest is completed. */
    rewarded: questRewardsSchema.nullable(),
  }),
);
export type QuestStatusView = z.infer<typeof questStatusSchema>;

export const myQuestSchema = lazySchema(() =>
  z.object({
    quest: questSchema,
    progress: questStatusSchema.omit({ tasks: true }),
    /** The first task still to do (null when every task is verified). */
    nextTask: z.object({ id: z.string().uuid(), title: z.string(), type: z.enum(TASK_TYPES) }).nullable(),
  }),
);
export type MyQuest = z.infer<typeof myQuestSchema>;

const csvStatuses = lazySchema(() =>
  z
    .string()
    .max(200)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(QUEST_STATUSES)).max(QUEST_STATUSES.length)),
);

/** What a quest may pay: the list can be narrowed to the quests that pay one (`?reward=rkhel`). */
export const QUEST_REWARD_KINDS = ['kcash', 'rkhel', 'kpoints'] as const;
export type QuestRewardKind = (typeof QUEST_REWARD_KINDS)[number];

export const questListQuerySchema = lazySchema(() =>
  z.object({
    hub: slugSchema.optional(),
    game: slugSchema.optional(),
    /** Only the quests that pay this (more than 0 of it). */
    reward: z.enum(QUEST_REWARD_KINDS).optional(),
    /** Comma-separated statuses; default PUBLISHED, LIVE and COMPLETED (not the concluded ones). */
    status: csvStatuses.optional(),
    featured: z.enum(['true', 'false']).optional(),
    search: z.string().trim().max(60).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(QUESTS_DEFAULT_PAGE),
    limit: z.coerce.number().int().min(1).max(QUESTS_MAX_LIMIT).default(QUESTS_DEFAULT_LIMIT),
  }),
);

export const questPageSchema = lazySchema(() =>
  pageStateSchema.extend({
    /**
     * True when more quests match than were counted: `total` is then a lower bound (QUEST_LIST_TOTAL_CAP, or
     * the page's end when that is further), shown as "1 000+"; false when `total` is exact.
     */
    totalCapped: z.boolean(),
    quests: z.array(questSchema),
  }),
);

export const questFiltersSchema = lazySchema(() =>
  z.object({
    hubs: z.array(questHubSchema.extend({ questCount: z.number().int().min(0) })),
    games: z.array(z.object({ slug: z.string(), name: z.string(), questCount: z.number().int().min(0) })),
    statuses: z.array(z.enum(QUEST_STATUSES)),
  }),
);

const questIdBody = lazySchema(() =>
  z.object({
    questId: z.string().regex(UUID_PATTERN, { message: QUEST_NOT_FOUND_MESSAGE }),
  }),
);

export const startQuestBodySchema = lazySchema(() => questIdBody.strict());
export const startQuestSchema = lazySchema(() =>
  z.object({
    status: z.enum(USER_QUEST_STATUSES),
    startedAt: z.string(),
    remainingSlots: z.number().int().min(0).nullable(),
  }),
);

export const validateTaskBodySchema = lazySchema(() =>
  questIdBody
    .extend({
      taskId: z.string().regex(UUID_PATTERN, { message: TASK_NOT_FOUND_MESSAGE }),
      /** The special code, or the game login value, for tasks that ask for one. */
      value: z.string().max(200).optional(),
    })
    .strict(),
);
export const validateTaskSchema = lazySchema(() =>
  z.object({
    verified: z.boolean(),
    /** Why it failed (null when verified). */
    message: z.string().nullable(),
    /** The message's code in the catalogue, to translate it by (null when it has none). */
    messageCode: z.string().nullable().optional(),
    task: userTaskSchema,
    quest: questStatusSchema.omit({ tasks: true }),
  }),
);
export type ValidateTaskResult = z.infer<typeof validateTaskSchema>;

export const PROOF_TEXT_MAX = 1000;
export const proofTextBodySchema = lazySchema(() =>
  questIdBody
    .extend({
      taskId: z.string().regex(UUID_PATTERN, { message: TASK_NOT_FOUND_MESSAGE }),
      text: z.string().trim().min(1, { message: FIELD_REQUIRED_MESSAGE }).max(PROOF_TEXT_MAX),
    })
    .strict(),
);
export const proofLinkBodySchema = lazySchema(() =>
  questIdBody
    .extend({
      taskId: z.string().regex(UUID_PATTERN, { message: TASK_NOT_FOUND_MESSAGE }),
      link: httpsUrl,
    })
    .strict(),
);
export const PROOF_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const proofSchema = lazySchema(() =>
  z.object({
    taskId: z.string().uuid(),
    method: z.enum(PROOF_METHODS),
    createdAt: z.string(),
  }),
);

export const questSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().max(80).regex(SLUG_PATTERN, { message: QUEST_NOT_FOUND_MESSAGE }),
  }),
);
const questIdParams = lazySchema(() => uuidParams('questId', QUEST_NOT_FOUND_MESSAGE));

/**
 * The social sandbox (DESIGN §8; development only): what a developer, acting as X or Discord, says a
 * person did there. `actor` is the platform's user id (the subject of the user's linked identity).
 * X: like/unlike/retweet/unretweet/reply take the post (link or id) as `target`, reply the text as
 * `value`; follow/unfollow the handle; post and bio their text as `value`. Discord: join/leave take
 * the guild id; role_add/role_remove the guild id and the role id as `value`.
 */
export const SANDBOX_X_ACTIONS = [
  'like',
  'unlike',
  'retweet',
  'unretweet',
  'reply',
  'follow',
  'unfollow',
  'post',
  'bio',
] as const;
export const SANDBOX_DISCORD_ACTIONS = ['join', 'leave', 'role_add', 'role_remove'] as const;
/** X's limits, which the sandbox applies too. */
export const X_POST_MAX_LENGTH = 280;
export const X_BIO_MAX_LENGTH = 160;

export const sandboxSocialActionBodySchema = lazySchema(() =>
  z
    .object({
      platform: z.enum(['x', 'discord']),
      actor: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { message: "Give the person's platform user id" }),
      action: z.enum([...SANDBOX_X_ACTIONS, ...SANDBOX_DISCORD_ACTIONS]),
      target: z.string().max(500).default(''),
      value: z.string().max(1000).default(''),
    })
    .strict()
    .refine((b) => (SANDBOX_X_ACTIONS as readonly string[]).includes(b.action) === (b.platform === 'x'), {
      message: 'This action is not one of that platform',
      path: ['action'],
    }),
);
export type SandboxSocialActionInput = z.output<typeof sandboxSocialActionBodySchema>;
export const sandboxSocialActionSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    platform: z.enum(['x', 'discord']),
    actor: z.string(),
    action: z.enum([...SANDBOX_X_ACTIONS, ...SANDBOX_DISCORD_ACTIONS]),
    target: z.string(),
    value: z.string(),
    createdAt: z.string(),
  }),
);
export type SandboxSocialAction = z.infer<typeof sandboxSocialActionSchema>;

export const HUB_NOT_FOUND_MESSAGE = 'This partner hub does not exist.';
export const hubSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().max(80).regex(SLUG_PATTERN, { message: HUB_NOT_FOUND_MESSAGE }),
  }),
);
export const hubFollowSchema = lazySchema(() => z.object({ hubSlug: z.string(), following: z.boolean() }));

export const questsRoutes = {
  followedHubs: defineRoute({
    method: 'GET',
    path: '/quest/hubs/followed',
    summary: 'The partner hubs the signed-in user follows (their new quests are announced by the bot)',
    tag: 'Quests',
    auth: 'bearer',
    response: lazySchema(() => z.object({ hubs: z.array(z.string()) })),
  }),
  followHub: defineRoute({
    method: 'PUT',
    path: '/quest/hubs/:slug/follow',
    summary: 'Follow a partner hub: its new quests are announced to the user',
    tag: 'Quests',
    auth: 'bearer',
    params: hubSlugParams,
    response: hubFollowSchema,
  }),
  unfollowHub: defineRoute({
    method: 'DELETE',
    path: '/quest/hubs/:slug/follow',
    summary: 'Stop following a partner hub',
    tag: 'Quests',
    auth: 'bearer',
    params: hubSlugParams,
    response: hubFollowSchema,
  }),
  questList: defineRoute({
    method: 'GET',
    path: '/quest/list/v2',
    summary: 'Quests by hub, game, status and words, a page at a time (limit 100, page 1)',
    tag: 'Quests',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    query: questListQuerySchema,
    response: questPageSchema,
  }),
  questFilters: defineRoute({
    method: 'GET',
    path: '/quest/filter',
    summary: 'The partner hubs, games and statuses quests can be filtered by',
    tag: 'Quests',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    response: questFiltersSchema,
  }),
  questDetails: defineRoute({
    method: 'GET',
    path: '/quest/by-slug/:slug',
    summary: 'One quest with its ordered tasks (/quest-details/{slug})',
    tag: 'Quests',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    params: questSlugParams,
    response: questDetailsSchema,
  }),
  myQuests: defineRoute({
    method: 'GET',
    path: '/userquest/me',
    summary: "The signed-in user's started and completed quests with their next step",
    tag: 'Quests',
    auth: 'bearer',
    response: lazySchema(() => z.object({ quests: z.array(myQuestSchema) })),
  }),
  liveQuests: defineRoute({
    method: 'GET',
    path: '/userquest/live',
    summary: 'Quests the signed-in user started and can still finish',
    tag: 'Quests',
    auth: 'bearer',
    response: lazySchema(() => z.object({ quests: z.array(myQuestSchema) })),
  }),
  todayQuests: defineRoute({
    method: 'GET',
    path: '/userquest/today',
    summary:
      "Today's quests: the daily, weekly and monthly quests running now, with the signed-in user's progress in the current period",
    tag: 'Quests',
    auth: 'bearer',
    response: lazySchema(() => z.object({ quests: z.array(myQuestSchema) })),
  }),
  startQuest: defineRoute({
    method: 'POST',
    path: '/userquest/start',
    summary:
      'Start a quest; a quest with limited slots takes one (never oversold; starting again changes nothing)',
    tag: 'Quests',
    auth: 'bearer',
    body: startQuestBodySchema,
    response: startQuestSchema,
  }),
  questSlots: defineRoute({
    method: 'GET',
    path: '/userquest/slots/:questId',
    summary: 'Slots of a quest: total and remaining',
    tag: 'Quests',
    auth: 'bearer',
    params: questIdParams,
    response: lazySchema(() =>
      z.object({
        totalSlots: z.number().int().nullable(),
        remainingSlots: z.number().int().nullable(),
      }),
    ),
  }),
  questStatus: defineRoute({
    method: 'GET',
    path: '/userquest/queststatus/:questId',
    summary: "The signed-in user's progress on one quest, task by task",
    tag: 'Quests',
    auth: 'bearer',
    params: questIdParams,
    response: questStatusSchema,
  }),
  validateTask: defineRoute({
    method: 'POST',
    path: '/userquest/task/validate',
    summary: 'Check that the user did a task; the last task completes the quest and grants its rewards once',
    tag: 'Quests',
    auth: 'bearer',
    body: validateTaskBodySchema,
    response: validateTaskSchema,
  }),
  proofMethods: defineRoute({
    method: 'GET',
    path: '/userquest/proofs/methods',
    summary: 'The ways to attach proof to a task: v1 text, v2 link, v3 JPEG image',
    tag: 'Quests',
    auth: 'none',
    response: lazySchema(() =>
      z.object({
        methods: z.array(z.object({ version: z.string(), method: z.enum(PROOF_METHODS) })),
      }),
    ),
  }),
  proofText: defineRoute({
    method: 'POST',
    path: '/userquest/proofs/v1',
    summary: 'Attach a text proof to a task',
    tag: 'Quests',
    auth: 'bearer',
    body: proofTextBodySchema,
    response: proofSchema,
  }),
  proofLink: defineRoute({
    method: 'POST',
    path: '/userquest/proofs/v2',
    summary: 'Attach a link proof to a task',
    tag: 'Quests',
    auth: 'bearer',
    body: proofLinkBodySchema,
    response: proofSchema,
  }),
  proofImage: defineRoute({
    method: 'POST',
    path: '/userquest/proofs/v3',
    summary: 'Attach a JPEG image proof to a task (multipart: questId, taskId, image)',
    tag: 'Quests',
    auth: 'bearer',
    multipart: true,
    maxBodyBytes: PROOF_IMAGE_MAX_BYTES + 64 * 1024,
    response: proofSchema,
  }),
  devSocialAction: defineRoute({
    method: 'POST',
    path: '/dev/social/actions',
    summary: 'Development only: record what a person did on X or Discord, for the social sandbox',
    tag: 'Development',
    auth: 'none',
    body: sandboxSocialActionBodySchema,
    response: sandboxSocialActionSchema,
    successStatus: 201,
    devOnly: true,
  }),
} as const;

/** A Telegram task (joining a channel, linking Telegram) of a user whose Khel account has no Telegram yet. */
export const TELEGRAM_LINK_REQUIRED_MESSAGE = 'Link your Telegram account in your profile first.';
/** The task types done in Telegram, with the Telegram account linked to Khel (the screens mark them). */
export const TELEGRAM_TASK_TYPES: readonly TaskType[] = ['telegram_join_channel', 'link_telegram'];

/** A task whose kind has no validator on this server. */
export const TASK_NO_VALIDATOR_MESSAGE = 'This task cannot be checked yet.';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const questsMessages = {
  QUEST_NOT_FOUND: QUEST_NOT_FOUND_MESSAGE,
  TASK_NOT_FOUND: TASK_NOT_FOUND_MESSAGE,
  QUEST_NO_SLOTS: QUEST_NO_SLOTS_MESSAGE,
  QUEST_NOT_LIVE: QUEST_NOT_LIVE_MESSAGE,
  QUEST_NOT_STARTED: QUEST_NOT_STARTED_MESSAGE,
  TASK_LOCKED: TASK_LOCKED_MESSAGE,
  TASK_PROOF_REQUIRED: TASK_PROOF_REQUIRED_MESSAGE,
  SPECIAL_CODE_WRONG: SPECIAL_CODE_WRONG_MESSAGE,
  SPECIAL_CODE_LOCKED: SPECIAL_CODE_LOCKED_MESSAGE,
  TASK_NO_VALIDATOR: TASK_NO_VALIDATOR_MESSAGE,
  TELEGRAM_LINK_REQUIRED: TELEGRAM_LINK_REQUIRED_MESSAGE,
} as const;
