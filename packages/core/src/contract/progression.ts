import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { moneySchema } from './wallets.ts';

/**
 * Progression (issue 26): XP, one score that only rises, and the levels it reaches. Every rule that
 * gives XP is listed here and shown (GET /progression/rules) before it counts; each source counts once
 * per thing done (a task, a quest, a campaign, a day), whatever the retries or concurrency. Reaching a
 * level pays K-Points once (domain/levels.ts: the curve and the reward).
 */

/** What gives XP, and how much, in the order the screens list them. */
export const XP_RULES = {
  username_chosen: 20,
  quest_task: 10,
  quest_complete: 50,
  campaign_finish: 100,
  daily_claim: 20,
  friend_joined: 100,
  /** A Klash tournament the gamer played to its results (once per tournament). */
  klash_result: 40,
  /** A prize-winning rank in a Klash tournament (on top of klash_result). */
  klash_prize: 100,
  /** The gamer's Proof-of-Gamer card minted (once). */
  pog_minted: 150,
  /** A quest the gamer's clan chief set for the clan, completed while in the clan (on top of quest_complete). */
  clan_quest: 30,
  /** Each member of the clan that won a weekly clan war. */
  clan_war_won: 200,
} as const;
export type XpSource = keyof typeof XP_RULES;
export const XP_SOURCES = Object.keys(XP_RULES) as [XpSource, ...XpSource[]];

/** How many levels the rules answer lists (the curve goes on; domain/levels.ts). */
export const XP_LEVELS_LISTED = 10;

export const xpRuleSchema = lazySchema(() =>
  z.object({ source: z.enum(XP_SOURCES), xp: z.number().int().positive() }),
);

export const progressionRulesSchema = lazySchema(() =>
  z.object({
    rules: z.array(xpRuleSchema),
    /** Levels 2…XP_LEVELS_LISTED + 1: the whole XP each starts at and the K-Points reaching it pays. */
    levels: z.array(
      z.object({ level: z.number().int().min(2), xp: z.number().int().min(0), reward: moneySchema }),
    ),
  }),
);
export type ProgressionRules = z.infer<typeof progressionRulesSchema>;

export const progressionSchema = lazySchema(() =>
  z.object({
    /** Every XP earned, ever. */
    xp: z.number().int().min(0),
    level: z.number().int().min(1),
    /** The whole XP the current level started at, and the next level's. */
    levelStartXp: z.number().int().min(0),
    nextLevelXp: z.number().int().min(1),
    /** What reaching the next level pays. */
    nextLevelReward: moneySchema,
    /** The newest XP earned, newest first (at most 10). */
    recent: z.array(z.object({ source: z.enum(XP_SOURCES), xp: z.number().int(), at: z.string() })),
  }),
);
export type Progression = z.infer<typeof progressionSchema>;

/**
 * Seasons: four weeks each, one after the other, started by themselves. A season's board ranks the XP
 * earned within it; when it ends, its pool of K-Points is paid by rank band (the bands and the pool are
 * written when the season starts and never change while it runs). A rank's share is in basis points of
 * the pool; the shares add up to the whole pool, and what no one takes (ranks nobody reached, rounding)
 * goes back to the treasury, so paid + returned = pool to the point.
 */
export const SEASON_DAYS = 28;
export const SEASON_POOL_KPOINTS = 100_000;
export const SEASON_BANDS = [
  { fromRank: 1, toRank: 1, bps: 2_500 },
  { fromRank: 2, toRank: 3, bps: 1_250 },
  { fromRank: 4, toRank: 10, bps: 500 },
  { fromRank: 11, toRank: 60, bps: 30 },
] as const;
/** Shown on the season card. */
export const SEASON_TOP_SHOWN = 10;

export const seasonSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    number: z.number().int().min(1),
    startsAt: z.string(),
    endsAt: z.string(),
    status: z.enum(['LIVE', 'ENDED']),
    pool: moneySchema,
    /** Each band with what each rank in it is paid. */
    bands: z.array(
      z.object({ fromRank: z.number().int().min(1), toRank: z.number().int().min(1), reward: moneySchema }),
    ),
    top: z.array(
      z.object({
        rank: z.number().int().min(1),
        name: z.string(),
        xp: z.number().int().min(0),
        /** The gamer's level now. */
        level: z.number().int().min(1),
      }),
    ),
    /** The signed-in gamer's place, null before their first XP of the season. */
    me: z.object({ rank: z.number().int().min(1), xp: z.number().int().min(0) }).nullable(),
    participants: z.number().int().min(0),
    /**
     * The season before, once ended and paid, for the first SEASON_RESULT_SHOWN_DAYS of this one: the gamer's
     * place and what it paid (null reward: a rank past the bands). Null when they earned no XP in it.
     */
    previous: z
      .object({
        number: z.number().int().min(1),
        rank: z.number().int().min(1),
        xp: z.number().int().min(0),
        reward: moneySchema.nullable(),
      })
      .nullable(),
  }),
);
export type Season = z.infer<typeof seasonSchema>;
export const NO_LIVE_SEASON_MESSAGE = 'No season is running now.';
/** How long a season's card shows the gamer's result in the season before. */
export const SEASON_RESULT_SHOWN_DAYS = 7;

export const progressionRoutes = {
  progressionRules: defineRoute({
    method: 'GET',
    path: '/progression/rules',
    summary: 'What gives XP and what each level pays (the rules, shown before they count)',
    tag: 'Progression',
    auth: 'none',
    publicCache: { seconds: 300 },
    response: progressionRulesSchema,
  }),
  season: defineRoute({
    method: 'GET',
    path: '/progression/season',
    summary: "The season now: its countdown, pool and bands, the top 10 and the signed-in user's rank",
    tag: 'Progression',
    auth: 'bearer',
    response: lazySchema(() => seasonSchema.nullable()),
  }),
  devEndSeason: defineRoute({
    method: 'POST',
    path: '/dev/seasons/end',
    summary:
      'Development only: end the live season now (its end moved back past the grace period), so the next run of the seasons job pays it and starts the next',
    tag: 'Development',
    auth: 'bearer',
    response: lazySchema(() => z.object({ number: z.number().int().min(1), endsAt: z.string() })),
    devOnly: true,
  }),
  progression: defineRoute({
    method: 'GET',
    path: '/progression',
    summary: "The signed-in user's XP, level, the next level and the newest XP earned",
    tag: 'Progression',
    auth: 'bearer',
    response: progressionSchema,
  }),
} as const;
