import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { moneySchema } from './wallets.ts';

/**
 * The daily reward (issue 10's reward loop): once a day, in the user's own day, K-Points that grow
 * with the streak of days claimed in a row (a week's ladder, then the top step every day).
 */

/** K-Points for day 1…7 of a streak; day 8 and after pay the last step. */
export const DAILY_REWARD_LADDER = [10, 15, 20, 25, 30, 40, 60] as const;
export const DAILY_REWARD_CLAIMED_MESSAGE = 'You have claimed today’s reward. Come back tomorrow!';

/**
 * Streak freezes: a freeze covers one missed day, so the streak goes on as if it had been claimed (no
 * K-Points for that day). One is earned on every STREAK_FREEZE_EVERY-th day of a streak, or bought for
 * STREAK_FREEZE_PRICE K-Points; a gamer holds at most STREAK_FREEZE_MAX.
 */
export const STREAK_FREEZE_MAX = 2;
/** What a freeze costs, in K-Points. */
export const STREAK_FREEZE_PRICE = 200;
/** A freeze is earned on day 7, 14, 21… of a streak (while fewer than the most are held). */
export const STREAK_FREEZE_EVERY = 7;
export const STREAK_FREEZE_LIMIT_MESSAGE =
  'You already hold as many streak freezes as you can. Use one before you buy another.';

export const dailyRewardsMessages = {
  DAILY_REWARD_CLAIMED: DAILY_REWARD_CLAIMED_MESSAGE,
  STREAK_FREEZE_LIMIT: STREAK_FREEZE_LIMIT_MESSAGE,
} as const;

export const dailyRewardSchema = lazySchema(() =>
  z.object({
    /**
     * Days claimed in a row up to today (or up to yesterday when today is not claimed yet; 0 when broken). A day a
     * streak freeze covers counts, also the missed yesterday a held freeze is ready to cover (`freezeReady`).
     */
    streak: z.number().int().min(0),
    claimedToday: z.boolean(),
    /** What today's claim pays (or paid), the level bonus included. */
    todayReward: moneySchema,
    /** The part of it the gamer's level adds (@khel/core/domain `dailyLevelBonus`; 0 at level 1). */
    levelBonus: moneySchema,
    /** The user's day as YYYY-MM-DD, and when the next one starts (ISO). */
    day: z.string(),
    nextDayAt: z.string(),
    /** The week's ladder as the user sees it: day, reward, claimed, or covered by a freeze (`frozen`, paid nothing). */
    week: z.array(
      z.object({
        day: z.number().int().min(1),
        reward: moneySchema,
        claimed: z.boolean(),
        frozen: z.boolean(),
        today: z.boolean(),
      }),
    ),
    /** The streak freezes held, the most one may hold, and what one costs. */
    freezes: z.object({
      held: z.number().int().min(0),
      max: z.number().int().min(1),
      price: moneySchema,
    }),
    /** Today's claim used a freeze for yesterday, which was missed. */
    freezeUsed: z.boolean(),
    /** Today is not claimed, yesterday was missed, and a held freeze will cover it when today is claimed. */
    freezeReady: z.boolean(),
    /** Today's claim earned a freeze (a 7th, 14th… day, with fewer than the most held). */
    freezeEarned: z.boolean(),
  }),
);
export type DailyReward = z.infer<typeof dailyRewardSchema>;

export const dailyRewardsRoutes = {
  dailyReward: defineRoute({
    method: 'GET',
    path: '/rewards/daily',
    summary: "The signed-in user's daily reward: streak, today's reward, the week's ladder, streak freezes",
    tag: 'Rewards',
    auth: 'bearer',
    response: dailyRewardSchema,
  }),
  claimDailyReward: defineRoute({
    method: 'POST',
    path: '/rewards/daily/claim',
    summary: "Claim today's K-Points (once per day; Idempotency-Key header required)",
    tag: 'Rewards',
    auth: 'bearer',
    response: dailyRewardSchema,
    successStatus: 201,
    idempotent: true,
  }),
  buyStreakFreeze: defineRoute({
    method: 'POST',
    path: '/rewards/daily/freezes',
    summary: `Buy a streak freeze for ${STREAK_FREEZE_PRICE} K-Points (at most ${STREAK_FREEZE_MAX} held; Idempotency-Key header required)`,
    tag: 'Rewards',
    auth: 'bearer',
    response: dailyRewardSchema,
    successStatus: 201,
    idempotent: true,
  }),
} as const;
