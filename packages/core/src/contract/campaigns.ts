import { z } from 'zod';
import { CAMPAIGN_VARIANTS } from '../domain/campaign.ts';
import { gameRefSchema, pageStateSchema, SLUG_PATTERN, slugSchema } from './games.ts';
import { lazySchema } from './lazy.ts';
import { assetUrlSchema } from './operators.ts';
import {
  positiveIntegerStringSchema,
  questHubSchema,
  taskConfigSchema,
  taskSchema,
  taskTranslationsSchema,
  userTaskSchema,
} from './quests.ts';
import { defineRoute, UUID_PATTERN, uuidParams } from './route.ts';
import { translationsSchema } from './translations.ts';
import { moneySchema } from './wallets.ts';

export { CAMPAIGN_VARIANTS, type CampaignVariant } from '../domain/campaign.ts';

/**
 * Campaigns: K-Drop (SPEC §1 airdrop-style campaigns, §2 /k-drop/campaigns, §3 Campaign, §4 campaign
 * statuses, timer and buttons, §7 campaigns and leaderboards paths). A campaign is a set of tasks (the
 * quest task types, checked by the same validators) with one of four reward rules (its variant); the
 * reward is K-Cash, credited exactly once as an earning to collect when the user claims it.
 *
 * Lifecycle, moved on time by jobs: DRAFT → PUBLISHED → LIVE → ENDED → PROCESSING_REWARDS →
 * REWARDS_CREDITED (→ ARCHIVED). A user with a reward to claim sees CLAIM_REWARDS; a claimed reward is
 * REWARD_DISBURSEMENT_SUCCESSFUL.
 */

/** The lifecycle a campaign row goes through (CLAIM_REWARDS is per user, not a stored status). */
export const CAMPAIGN_LIFECYCLE = [
  'DRAFT',
  'PUBLISHED',
  'LIVE',
  'ENDED',
  'PROCESSING_REWARDS',
  'REWARDS_CREDITED',
  'ARCHIVED',
] as const;
export type CampaignLifecycle = (typeof CAMPAIGN_LIFECYCLE)[number];

/** `by-state` tabs: live now, upcoming (published, not started), ended (everything after LIVE). */
export const CAMPAIGN_LIST_STATES = ['LIVE', 'UPCOMING', 'ENDED'] as const;
export type CampaignListState = (typeof CAMPAIGN_LIST_STATES)[number];

/** A user's entry in a campaign. HELD: flagged by the fairness rules, kept and shown, not rewarded until released. */
export const CAMPAIGN_ENTRY_STATUSES = ['STARTED', 'FINISHED', 'HELD', 'DISQUALIFIED'] as const;
export type CampaignEntryStatus = (typeof CAMPAIGN_ENTRY_STATUSES)[number];

/** What a campaign reward is for (SPEC §3 stages carry `gamer_earnings` and `earningType`). */
export const CAMPAIGN_EARNING_TYPES = [
  'FIXED_REWARD',
  'POOL_SHARE',
  'LEADERBOARD_PRIZE',
  'RAFFLE_PRIZE',
  'REFERRAL_BONUS',
] as const;
export type CampaignEarningType = (typeof CAMPAIGN_EARNING_TYPES)[number];

/** A reward of a user: claimable, paid (SPEC §4 success marker), or held with the entry. */
export const CAMPAIGN_REWARD_STATUSES = ['CLAIMABLE', 'REWARD_DISBURSEMENT_SUCCESSFUL', 'HELD'] as const;
export type CampaignRewardStatus = (typeof CAMPAIGN_REWARD_STATUSES)[number];

/** Continents as geolocation names them (location's `continentCode`). */
export const CONTINENT_CODES = ['AF', 'AN', 'AS', 'EU', 'NA', 'OC', 'SA'] as const;
export type ContinentCode = (typeof CONTINENT_CODES)[number];

/** Why a user may not enter (the eligibility rules frozen when the campaign went LIVE). */
export const CAMPAIGN_INELIGIBLE_REASONS = ['COUNTRY', 'CONTINENT', 'KYC', 'POG', 'CLAN'] as const;
export type CampaignIneligibleReason = (typeof CAMPAIGN_INELIGIBLE_REASONS)[number];

export const CAMPAIGNS_DEFAULT_LIMIT = 100;
export const CAMPAIGNS_MAX_LIMIT = 100;
/** Leaderboards show the top this many, plus the reader's own rank. */
export const LEADERBOARD_TOP = 100;

export const CAMPAIGN_NOT_FOUND_MESSAGE = 'This campaign is not available.';
export const CAMPAIGN_NOT_LIVE_MESSAGE = 'This campaign is not live.';
export const CAMPAIGN_NOT_STARTED_MESSAGE = 'Start the campaign first.';
export const CAMPAIGN_ALREADY_LIVE_MESSAGE = 'This campaign has already started.';
export const CAMPAIGN_NOT_ELIGIBLE_MESSAGE = 'You are not eligible for this campaign.';
export const CAMPAIGN_TASK_NOT_FOUND_MESSAGE = 'This task is not part of the campaign.';
export const CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE = 'There is no reward to claim.';
export const CAMPAIGN_ENTRY_HELD_MESSAGE = 'Your entry is held for review.';
/** Why an entry is held (shown to the user as `heldReason`). */
export const CAMPAIGN_HELD_DEVICE_REASON = 'Too many entries from one device';
export const CAMPAIGN_HELD_IP_REASON = 'Too many entries from one network';
/** One entry per person: a sign-in method that entered under another account cannot enter again. */
export const CAMPAIGN_ALREADY_ENTERED_MESSAGE = 'You already entered this campaign with another account.';
/** A fixed-slot campaign finished after its last slot was taken: no reward. */
export const CAMPAIGN_NO_SLOT_LEFT_MESSAGE = 'Every reward slot was taken before you finished.';
/** SPEC §8 texts around a claim. */
export const CLAIM_FAILED_TITLE = 'Claim Failed';
export const REWARD_CLAIM_FAILED_MESSAGE =
  'Reward claim transaction failed. Please retry by signing the transaction again.';

/** An amount in minor units, as a string. */
const minorUnits = positiveIntegerStringSchema;
const isoDate = lazySchema(() => z.string().datetime({ offset: true }));
const textOf = (max: number) => z.string().trim().min(1).max(max);
const assetUrl = assetUrlSchema;

export const campaignTranslationsSchema = lazySchema(() =>
  translationsSchema(['title', 'description'] as const),
);
export const stageTranslationsSchema = lazySchema(() =>
  translationsSchema(['title', 'description'] as const),
);

/** A rank band of a leaderboard campaign: every rank from..to gets `shareBasisPoints` of the pool. */
export const rankBandSchema = lazySchema(() =>
  z
    .object({
      fromRank: z.number().int().min(1).max(10_000),
      toRank: z.number().int().min(1).max(10_000),
      shareBasisPoints: z.number().int().min(1).max(10_000),
    })
    .strict()
    .refine((b) => b.toRank >= b.fromRank, {
      message: 'A band ends at or after its first rank',
      path: ['toRank'],
    }),
);
export type RankBand = z.infer<typeof rankBandSchema>;

/** Each variant's parameters (K-Cash in minor units: 1 K-Cash = 1000). */
export const campaignRewardInputSchema = lazySchema(() =>
  z.discriminatedUnion('variant', [
    z
      .object({
        variant: z.literal('FIXED_SLOT_FIXED_REWARD'),
        /** The first `slots` users to finish every task get `amount` each. */
        slots: z.number().int().min(1).max(1_000_000),
        amount: minorUnits,
      })
      .strict(),
    z.object({ variant: z.literal('OPEN_SLOT_DYNAMIC_REWARD'), pool: minorUnits }).strict(),
    z
      .object({
        variant: z.literal('OPEN_SLOT_LEADERBOARD_REWARD'),
        pool: minorUnits,
        /** Shares of the pool by rank; the ranks' shares add up to 100 % (10 000 basis points). */
        bands: z.array(rankBandSchema).min(1).max(50),
      })
      .strict(),
    z
      .object({
        variant: z.literal('OPEN_SLOT_RAFFLE_REWARD'),
        pool: minorUnits,
        winners: z.number().int().min(1).max(10_000),
      })
      .strict(),
  ]),
);
export type CampaignRewardInput = z.infer<typeof campaignRewardInputSchema>;

export const campaignEligibilitySchema = lazySchema(() =>
  z
    .object({
      /** ISO 3166-1 alpha-2; empty: every country. */
      countries: z
        .array(z.string().regex(/^[A-Z]{2}$/))
        .max(250)
        .default([]),
      continents: z.array(z.enum(CONTINENT_CODES)).max(CONTINENT_CODES.length).default([]),
      kycRequired: z.boolean().default(false),
      pogRequired: z.boolean().default(false),
      clanRequired: z.boolean().default(false),
    })
    .strict(),
);
export type CampaignEligibility = z.infer<typeof campaignEligibilitySchema>;

/** Entries beyond these from one IP address or one device are held for review (null: no cap). */
export const campaignEntryCapsSchema = lazySchema(() =>
  z
    .object({
      perIp: z.number().int().min(1).max(100_000).nullable().default(null),
      perDevice: z.number().int().min(1).max(100_000).nullable().default(null),
    })
    .strict(),
);
export type CampaignEntryCaps = z.infer<typeof campaignEntryCapsSchema>;

/** What an operator leaves out of a campaign's eligibility and entry caps means this. */
export const CAMPAIGN_ELIGIBILITY_DEFAULTS: CampaignEligibility = {
  countries: [],
  continents: [],
  kycRequired: false,
  pogRequired: false,
  clanRequired: false,
};
export const CAMPAIGN_ENTRY_CAPS_DEFAULTS: CampaignEntryCaps = { perIp: null, perDevice: null };

/**
 * The eligibility and entry caps in an answer: every field is present (an answer schema fills nothing in, so a
 * client may read an answer without parsing it: contract/answers.test.ts).
 */
const campaignEligibilityAnswerSchema = lazySchema(() =>
  z.object({
    countries: z.array(z.string()),
    continents: z.array(z.enum(CONTINENT_CODES)),
    kycRequired: z.boolean(),
    pogRequired: z.boolean(),
    clanRequired: z.boolean(),
  }),
);
const campaignEntryCapsAnswerSchema = lazySchema(() =>
  z.object({ perIp: z.number().int().nullable(), perDevice: z.number().int().nullable() }),
);

/** Paid to the referrer when someone they invited finishes the campaign (as an earning). */
export const campaignReferralInputSchema = lazySchema(() =>
  z
    .object({
      rewardPerFinisher: minorUnits,
      maxRewardedReferrals: z.number().int().min(1).max(10_000),
    })
    .strict(),
);

/** A roadmap stage (SPEC §3: stages carry `gamer_earnings` and `earningType`). */
export const campaignStageInputSchema = lazySchema(() =>
  z
    .object({
      title: textOf(80),
      description: z.string().trim().max(500).default(''),
      startsAt: isoDate,
      endsAt: isoDate.nullable().default(null),
      gamerEarnings: minorUnits.nullable().default(null),
      earningType: z.enum(CAMPAIGN_EARNING_TYPES).nullable().default(null),
      translations: stageTranslationsSchema.default({}),
    })
    .strict(),
);

export const campaignTaskInputSchema = lazySchema(() =>
  z
    .object({
      title: textOf(120),
      description: z.string().trim().max(1000).default(''),
      locked: z.boolean().default(false),
      proof: z.enum(['text', 'link', 'image']).nullable().default(null),
      /** Points the task scores (leaderboard and dynamic-pool campaigns rank and split by points). */
      points: z.number().int().min(0).max(1_000_000).default(1),
      config: taskConfigSchema,
      translations: taskTranslationsSchema.default({}),
    })
    .strict(),
);

/** A campaign as an operator imports it (operator API, CLI `campaigns import`). */
export const campaignInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      title: textOf(80),
      description: textOf(4000),
      coverUrl: assetUrl.nullable().default(null),
      hubSlug: slugSchema.nullable().default(null),
      gameSlug: slugSchema.nullable().default(null),
      startsAt: isoDate,
      endsAt: isoDate,
      featured: z.boolean().default(false),
      /** Private campaigns are reached by link only: never listed. */
      private: z.boolean().default(false),
      reward: campaignRewardInputSchema,
      referral: campaignReferralInputSchema.nullable().default(null),
      eligibility: campaignEligibilitySchema.default(() => ({
        ...CAMPAIGN_ELIGIBILITY_DEFAULTS,
        countries: [],
        continents: [],
      })),
      entryCaps: campaignEntryCapsSchema.default(() => ({ ...CAMPAIGN_ENTRY_CAPS_DEFAULTS })),
      stages: z.array(campaignStageInputSchema).max(12).default([]),
      tasks: z.array(campaignTaskInputSchema).min(1).max(30),
      translations: campaignTranslationsSchema.default({}),
    })
    .strict()
    .refine((c) => Date.parse(c.endsAt) > Date.parse(c.startsAt), {
      message: 'A campaign must end after it starts',
      path: ['endsAt'],
    }),
);
export type CampaignInput = z.infer<typeof campaignInputSchema>;

/** The reward rule as everyone may see it. */
export const campaignRewardSchema = lazySchema(() =>
  z.object({
    variant: z.enum(CAMPAIGN_VARIANTS),
    /** FIXED: per finisher; others: null. */
    amount: moneySchema.nullable(),
    /** The whole pool: FIXED slots × amount; the others' pool. */
    pool: moneySchema,
    totalSlots: z.number().int().nullable(),
    remainingSlots: z.number().int().min(0).nullable(),
    winners: z.number().int().nullable(),
    bands: z
      .array(z.object({ fromRank: z.number().int(), toRank: z.number().int(), share: moneySchema }))
      .nullable(),
    referral: z.object({ rewardPerFinisher: moneySchema, maxRewardedReferrals: z.number().int() }).nullable(),
  }),
);

export const campaignStageSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    description: z.string(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    gamer_earnings: moneySchema.nullable(),
    earningType: z.enum(CAMPAIGN_EARNING_TYPES).nullable(),
    translations: stageTranslationsSchema,
  }),
);
export type CampaignStage = z.infer<typeof campaignStageSchema>;

/** campaignInfo: a campaign as everyone may see it. */
export const campaignSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    coverUrl: z.string(),
    hub: questHubSchema.nullable(),
    game: gameRefSchema.nullable(),
    status: z.enum(CAMPAIGN_LIFECYCLE),
    startsAt: z.string(),
    endsAt: z.string(),
    featured: z.boolean(),
    reward: campaignRewardSchema,
    /** The rules frozen when the campaign went LIVE (before that, as they stand). */
    eligibility: campaignEligibilityAnswerSchema,
    entryCaps: campaignEntryCapsAnswerSchema,
    participants: z.number().int().min(0),
    finishers: z.number().int().min(0),
    taskCount: z.number().int().min(0),
    /** The quest row behind the tasks: proofs go to userquest/proofs with this id. */
    questId: z.string().uuid(),
    /** The campaign's board (leaderboards routes). */
    leaderboardId: z.string().uuid(),
    /** Raffle: SHA-256 (hex) of the secret seed, published when the campaign goes LIVE. */
    seedHash: z.string().nullable(),
    /** Raffle: the seed itself, published at the draw. */
    seed: z.string().nullable(),
    drawnAt: z.string().nullable(),
    translations: campaignTranslationsSchema,
  }),
);
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignTaskSchema = lazySchema(() => taskSchema.extend({ points: z.number().int().min(0) }));
export const campaignDetailsSchema = lazySchema(() =>
  campaignSchema.extend({
    tasks: z.array(campaignTaskSchema),
    stages: z.array(campaignStageSchema),
  }),
);
export type CampaignDetails = z.infer<typeof campaignDetailsSchema>;

export const campaignPageSchema = lazySchema(() =>
  pageStateSchema.extend({ campaigns: z.array(campaignSchema) }),
);

/** A reward of the user in a campaign (claim data). */
export const campaignClaimSchema = lazySchema(() =>
  z.object({
    earningType: z.enum(CAMPAIGN_EARNING_TYPES),
    amount: moneySchema,
    status: z.enum(CAMPAIGN_REWARD_STATUSES),
    /** Leaderboard prize: the rank; raffle prize: the draw position. */
    rank: z.number().int().nullable(),
    claimedAt: z.string().nullable(),
    /** The earning it became (to collect on /collect-earnings). */
    earningId: z.string().uuid().nullable(),
  }),
);
export type CampaignClaim = z.infer<typeof campaignClaimSchema>;

/** userCampaignProgressInfo. */
export const campaignProgressSchema = lazySchema(() =>
  z.object({
    campaignId: z.string().uuid(),
    /** Null before Get started. */
    entryStatus: z.enum(CAMPAIGN_ENTRY_STATUSES).nullable(),
    /** The entry's public id (the raffle's entrant list shows these, not user ids). */
    entryId: z.string().nullable(),
    /** Why an entry is held (shown to the user). */
    heldReason: z.string().nullable(),
    /** The reason's code in the catalogue, to translate it by. */
    heldReasonCode: z.string().nullable().optional(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    points: z.number().int().min(0),
    completedTasks: z.number().int().min(0),
    totalTasks: z.number().int().min(0),
    tasks: z.array(userTaskSchema),
    /** Rank on the campaign's leaderboard (null without points). */
    rank: z.number().int().min(1).nullable(),
    /** What stands between the user and entering (empty: eligible). */
    ineligible: z.array(z.enum(CAMPAIGN_INELIGIBLE_REASONS)),
    claims: z.array(campaignClaimSchema),
    /** FIXED: the reward slot the user's finish took (null: not finished, or no slot was left). */
    slotNumber: z.number().int().min(1).nullable().optional(),
    /** What to tell the user about the entry (held, or finished after every slot was taken); null: nothing. */
    notice: z.string().nullable().optional(),
    /** The user asked to be told when this upcoming campaign goes live ("Notify me"). */
    reminded: z.boolean().optional(),
    /** SPEC §4 button for this user, from @khel/core/domain getCampaignButton. */
    button: z.enum(['GET_STARTED', 'CONTINUE_TASKS', 'ENDED', 'COMING_SOON', 'CLAIM_REWARDS']),
  }),
);
export type CampaignProgress = z.infer<typeof campaignProgressSchema>;

/** userReferralInfo. */
export const campaignReferralSchema = lazySchema(() =>
  z.object({
    code: z.string().nullable(),
    links: z.object({ website: z.string(), miniApp: z.string().nullable() }).nullable(),
    /** People who signed up with the code and started / finished this campaign. */
    joined: z.number().int().min(0),
    finished: z.number().int().min(0),
    /** Referrer rewards earned in this campaign so far. */
    earned: moneySchema,
    rewardPerFinisher: moneySchema.nullable(),
    maxRewardedReferrals: z.number().int().nullable(),
  }),
);
export type CampaignReferral = z.infer<typeof campaignReferralSchema>;

/** What anyone needs to recompute a raffle's winners (docs/raffle.md; /k-drop/campaigns/<slug>/verify). */
export const raffleSchema = lazySchema(() =>
  z.object({
    campaignId: z.string().uuid(),
    seedHash: z.string().nullable(),
    seed: z.string().nullable(),
    drawnAt: z.string().nullable(),
    winners: z.number().int(),
    /** Entrants' public entry ids, sorted ascending (published at the draw). */
    entrants: z.array(z.string()),
    /** The drawn entry ids, in draw order. */
    drawn: z.array(z.string()),
    /** The algorithm, named and versioned. */
    algorithm: z.string(),
  }),
);
export type Raffle = z.infer<typeof raffleSchema>;

export const campaignListQuerySchema = lazySchema(() =>
  z.object({
    status: z.enum(CAMPAIGN_LIST_STATES).default('LIVE'),
    featured: z.enum(['true', 'false']).optional(),
    /** Also list upcoming campaigns with the live ones. */
    upcoming: z.enum(['true', 'false']).optional(),
    country: z
      .string()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase())
      .optional(),
    continent: z.enum(CONTINENT_CODES).optional(),
    variant: z.enum(CAMPAIGN_VARIANTS).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(CAMPAIGNS_MAX_LIMIT).default(CAMPAIGNS_DEFAULT_LIMIT),
  }),
);

export const campaignSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().max(80).regex(SLUG_PATTERN, { message: CAMPAIGN_NOT_FOUND_MESSAGE }),
  }),
);
export const campaignIdParams = lazySchema(() => uuidParams('campaignId', CAMPAIGN_NOT_FOUND_MESSAGE));

/** A device id the client keeps (localStorage); entry caps count per device. */
export const startCampaignBodySchema = lazySchema(() =>
  z
    .object({
      deviceId: z
        .string()
        .regex(/^[A-Za-z0-9_-]{8,64}$/)
        .optional(),
    })
    .strict(),
);

export const validateCampaignTaskBodySchema = lazySchema(() =>
  z
    .object({
      taskId: z.string().regex(UUID_PATTERN, { message: CAMPAIGN_TASK_NOT_FOUND_MESSAGE }),
      value: z.string().max(200).optional(),
    })
    .strict(),
);

/** A campaign as the operator sends it: checked with `campaignInputSchema` on the server (the message names the field). */
export const operatorCampaignBodySchema = lazySchema(() =>
  z.object({ campaign: z.record(z.string(), z.unknown()), publish: z.boolean().default(false) }).strict(),
);
/** Several campaigns at once (CLI `campaigns import`): all are written, or none. */
export const operatorImportCampaignsBodySchema = lazySchema(() =>
  z
    .object({
      campaigns: z.array(z.record(z.string(), z.unknown())).min(1).max(100),
      publish: z.boolean().default(false),
    })
    .strict(),
);
export const operatorCampaignSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    status: z.enum(CAMPAIGN_LIFECYCLE),
  }),
);
export const operatorCampaignSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().max(80).regex(SLUG_PATTERN, { message: CAMPAIGN_NOT_FOUND_MESSAGE }),
  }),
);
export const heldEntrySchema = lazySchema(() =>
  z.object({
    entryId: z.string(),
    userId: z.string().uuid(),
    status: z.enum(CAMPAIGN_ENTRY_STATUSES),
    heldReason: z.string().nullable(),
    startedAt: z.string(),
    finishedAt: z.string().nullable(),
  }),
);
export const reviewEntryBodySchema = lazySchema(() =>
  z.object({ decision: z.enum(['release', 'disqualify']) }).strict(),
);
export const operatorEntryParams = lazySchema(() =>
  z.object({
    slug: z.string().max(80).regex(SLUG_PATTERN, { message: CAMPAIGN_NOT_FOUND_MESSAGE }),
    entryId: z.string().regex(/^[A-Za-z0-9-]{1,40}$/, { message: CAMPAIGN_NOT_FOUND_MESSAGE }),
  }),
);

export const campaignsRoutes = {
  campaignsByState: defineRoute({
    method: 'GET',
    path: '/campaigns/by-state',
    summary:
      'Campaigns by state (live, upcoming, ended), featured, country and continent targeting, variant; private ones never (limit 100)',
    tag: 'Campaigns',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    query: campaignListQuerySchema,
    response: campaignPageSchema,
  }),
  campaignInfo: defineRoute({
    method: 'GET',
    path: '/campaigns/by-slug/:slug',
    summary: 'campaignInfo: one campaign with its tasks, reward rule, eligibility and roadmap',
    tag: 'Campaigns',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    params: campaignSlugParams,
    response: campaignDetailsSchema,
  }),
  campaignRoadmap: defineRoute({
    method: 'GET',
    path: '/campaigns/:campaignId/roadmap',
    summary: "A campaign's stages with their earnings (gamer_earnings, earningType)",
    tag: 'Campaigns',
    auth: 'none',
    params: campaignIdParams,
    response: lazySchema(() => z.object({ stages: z.array(campaignStageSchema) })),
  }),
  campaignProgress: defineRoute({
    method: 'GET',
    path: '/campaigns/:campaignId/progress',
    summary:
      "userCampaignProgressInfo: the signed-in user's entry, tasks, points, rank, eligibility and claims",
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    response: campaignProgressSchema,
  }),
  remindCampaign: defineRoute({
    method: 'PUT',
    path: '/campaigns/:campaignId/remind',
    summary: 'Notify me: the bot tells the signed-in user once when this upcoming campaign goes live',
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    response: lazySchema(() => z.object({ reminded: z.boolean() })),
  }),
  unremindCampaign: defineRoute({
    method: 'DELETE',
    path: '/campaigns/:campaignId/remind',
    summary: 'Stop the "campaign is live" reminder of an upcoming campaign',
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    response: lazySchema(() => z.object({ reminded: z.boolean() })),
  }),
  startCampaign: defineRoute({
    method: 'POST',
    path: '/campaigns/:campaignId/start',
    summary: 'Enter a live campaign (eligibility checked; entries over the IP or device caps are held)',
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    body: startCampaignBodySchema,
    response: campaignProgressSchema,
  }),
  validateCampaignTask: defineRoute({
    method: 'POST',
    path: '/campaigns/:campaignId/task/validate',
    summary:
      'Check that the user did a task; points count at once, the last task finishes the entry (a fixed campaign takes a slot)',
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    body: validateCampaignTaskBodySchema,
    response: lazySchema(() =>
      z.object({
        verified: z.boolean(),
        message: z.string().nullable(),
        /** The message's code in the catalogue, to translate it by. */
        messageCode: z.string().nullable().optional(),
        progress: campaignProgressSchema,
      }),
    ),
  }),
  claimCampaignReward: defineRoute({
    method: 'POST',
    path: '/campaigns/:campaignId/claim-reward',
    summary: "Claim the user's campaign rewards: each becomes an earning to collect, exactly once",
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    idempotent: true,
    response: lazySchema(() => z.object({ claims: z.array(campaignClaimSchema) })),
  }),
  campaignReferral: defineRoute({
    method: 'GET',
    path: '/campaigns/:campaignId/referral-code',
    summary:
      "userReferralInfo: the user's referral code, invite links to this campaign and referral progress",
    tag: 'Campaigns',
    auth: 'bearer',
    params: campaignIdParams,
    response: campaignReferralSchema,
  }),
  campaignRaffle: defineRoute({
    method: 'GET',
    path: '/campaigns/:campaignId/raffle',
    summary: "A raffle's commitment, revealed seed, sorted entrants and winners, to recompute the draw",
    tag: 'Campaigns',
    auth: 'none',
    params: campaignIdParams,
    response: raffleSchema,
  }),
  operatorUpsertCampaign: defineRoute({
    method: 'PUT',
    path: '/operator/campaigns',
    summary:
      'Create or edit a campaign by slug (a draft, or a published one before it goes LIVE); `publish` checks the variant and publishes',
    tag: 'Operators',
    auth: 'operator',
    body: operatorCampaignBodySchema,
    response: operatorCampaignSchema,
  }),
  operatorImportCampaigns: defineRoute({
    method: 'PUT',
    path: '/operator/campaigns/import',
    summary:
      'Create or edit several campaigns in one transaction: if any is refused, none is written (the message names it)',
    tag: 'Operators',
    auth: 'operator',
    body: operatorImportCampaignsBodySchema,
    response: lazySchema(() => z.object({ campaigns: z.array(operatorCampaignSchema) })),
  }),
  operatorPublishCampaign: defineRoute({
    method: 'POST',
    path: '/operator/campaigns/:slug/publish',
    summary: "Publish a draft after checking its variant's parameters (slots, pool, bands, winners)",
    tag: 'Operators',
    auth: 'operator',
    params: operatorCampaignSlugParams,
    response: operatorCampaignSchema,
  }),
  operatorEndCampaign: defineRoute({
    method: 'POST',
    path: '/operator/campaigns/:slug/end',
    summary: 'End a live campaign now (rewards are then processed as at its planned end)',
    tag: 'Operators',
    auth: 'operator',
    params: operatorCampaignSlugParams,
    response: operatorCampaignSchema,
  }),
  operatorHeldEntries: defineRoute({
    method: 'GET',
    path: '/operator/campaigns/:slug/held',
    summary: 'Entries held by the fairness rules, oldest first',
    tag: 'Operators',
    auth: 'operator',
    params: operatorCampaignSlugParams,
    response: lazySchema(() => z.object({ entries: z.array(heldEntrySchema) })),
  }),
  operatorReviewEntry: defineRoute({
    method: 'POST',
    path: '/operator/campaigns/:slug/entries/:entryId/review',
    summary: 'Release a held entry (it counts again) or disqualify it',
    tag: 'Operators',
    auth: 'operator',
    params: operatorEntryParams,
    body: reviewEntryBodySchema,
    response: heldEntrySchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const campaignsMessages = {
  CAMPAIGN_NOT_FOUND: CAMPAIGN_NOT_FOUND_MESSAGE,
  CAMPAIGN_NOT_LIVE: CAMPAIGN_NOT_LIVE_MESSAGE,
  CAMPAIGN_NOT_STARTED: CAMPAIGN_NOT_STARTED_MESSAGE,
  CAMPAIGN_NOT_ELIGIBLE: CAMPAIGN_NOT_ELIGIBLE_MESSAGE,
  CAMPAIGN_TASK_NOT_FOUND: CAMPAIGN_TASK_NOT_FOUND_MESSAGE,
  CAMPAIGN_NOTHING_TO_CLAIM: CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE,
  CAMPAIGN_ENTRY_HELD: CAMPAIGN_ENTRY_HELD_MESSAGE,
  CAMPAIGN_HELD_DEVICE: CAMPAIGN_HELD_DEVICE_REASON,
  CAMPAIGN_HELD_IP: CAMPAIGN_HELD_IP_REASON,
} as const;
