import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { QUEST_STATUSES } from './quests.ts';
import { defineRoute, uuidParams } from './route.ts';

/**
 * Leaderboards (SPEC §7 leaderboards: centralized, by status, participants, contribution; clan and
 * partner-clan boards come with clans). A board ranks users by score, higher first; equal scores are
 * ordered by who reached the score first. Every campaign has a board (its tasks' points); the
 * centralized board ranks everyone by the K-Points they earned. "Top 100 and my rank" costs the same
 * at a million entries as at ten thousand: ranks come from counts kept per score bucket, not from
 * counting the rows above.
 */

/** SPEC §3: campaign, quest and leaderboard statuses. */
export const LEADERBOARD_STATUSES = QUEST_STATUSES;
export type LeaderboardStatus = (typeof LEADERBOARD_STATUSES)[number];

export const LEADERBOARD_KINDS = ['centralized', 'campaign', 'season'] as const;
export type LeaderboardKind = (typeof LEADERBOARD_KINDS)[number];

export const LEADERBOARD_NOT_FOUND_MESSAGE = 'This leaderboard does not exist.';

export const leaderboardSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    kind: z.enum(LEADERBOARD_KINDS),
    status: z.enum(LEADERBOARD_STATUSES),
    campaignId: z.string().uuid().nullable(),
    campaignSlug: z.string().nullable(),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    participants: z.number().int().min(0),
  }),
);
export type Leaderboard = z.infer<typeof leaderboardSchema>;

export const leaderboardEntrySchema = lazySchema(() =>
  z.object({
    rank: z.number().int().min(1),
    /** Public name: the username, else the first name, else "Gamer". */
    displayName: z.string(),
    avatarUrl: z.string().nullable(),
    /** The gamer's level (progression, issue 26): 1 before their first XP. */
    level: z.number().int().min(1),
    score: z.number().int().min(0),
    reachedAt: z.string(),
  }),
);
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardTopSchema = lazySchema(() =>
  z.object({
    leaderboard: leaderboardSchema,
    /** The first 100. */
    top: z.array(leaderboardEntrySchema),
    total: z.number().int().min(0),
  }),
);
export type LeaderboardTop = z.infer<typeof leaderboardTopSchema>;

/** The signed-in user's place on a board and what made their score. */
export const contributionSchema = lazySchema(() =>
  z.object({
    leaderboardId: z.string().uuid(),
    /** Null while the user has no entry. */
    entry: leaderboardEntrySchema.nullable(),
    total: z.number().int().min(0),
    /** Points by source (a campaign's tasks, quests' K-Points). */
    breakdown: z.array(z.object({ label: z.string(), points: z.number().int() })),
  }),
);
export type Contribution = z.infer<typeof contributionSchema>;

export const leaderboardIdParams = lazySchema(() =>
  uuidParams('leaderboardId', LEADERBOARD_NOT_FOUND_MESSAGE),
);
export const leaderboardStatusParams = lazySchema(() =>
  z.object({
    status: z.enum(LEADERBOARD_STATUSES, { message: LEADERBOARD_NOT_FOUND_MESSAGE }),
  }),
);

export const leaderboardsRoutes = {
  centralizedLeaderboard: defineRoute({
    method: 'GET',
    path: '/leaderboards/centralized',
    summary: 'The centralized board: everyone by K-Points earned, the top 100',
    tag: 'Leaderboards',
    auth: 'none',
    publicCache: { seconds: 2 },
    readReplica: true,
    response: leaderboardTopSchema,
  }),
  leaderboardsByStatus: defineRoute({
    method: 'GET',
    path: '/leaderboards/status/:status',
    summary: 'Leaderboards in one status (PUBLISHED, LIVE, COMPLETED, CONCLUDED), newest first',
    tag: 'Leaderboards',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    params: leaderboardStatusParams,
    response: lazySchema(() => z.object({ leaderboards: z.array(leaderboardSchema) })),
  }),
  leaderboardParticipants: defineRoute({
    method: 'GET',
    path: '/leaderboards/:leaderboardId/participants',
    summary: "A board's top 100 and its number of participants",
    tag: 'Leaderboards',
    auth: 'none',
    publicCache: { seconds: 2 },
    readReplica: true,
    params: leaderboardIdParams,
    response: leaderboardTopSchema,
  }),
  leaderboardContribution: defineRoute({
    method: 'GET',
    path: '/leaderboards/:leaderboardId/contribution',
    summary: "The signed-in user's rank and score on a board, and what the score is made of",
    tag: 'Leaderboards',
    auth: 'bearer',
    params: leaderboardIdParams,
    response: contributionSchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const leaderboardsMessages = {
  LEADERBOARD_NOT_FOUND: LEADERBOARD_NOT_FOUND_MESSAGE,
} as const;
