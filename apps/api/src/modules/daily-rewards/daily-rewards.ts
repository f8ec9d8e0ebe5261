import {
  DAILY_REWARD_CLAIMED_MESSAGE,
  DAILY_REWARD_LADDER,
  type DailyReward,
  money,
  STREAK_FREEZE_EVERY,
  STREAK_FREEZE_LIMIT_MESSAGE,
  STREAK_FREEZE_MAX,
  STREAK_FREEZE_PRICE,
} from '@khel/core/contract';
import { dailyLevelBonus } from '@khel/core/domain';
import type { Executor, Transaction } from '@khel/db';
import { dailyClaims, streakFreezes, type UserRow, userXp } from '@khel/db/schema';
import { and, desc, eq, gt, gte, lt, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import { ensureUserAccounts, systemAccount, transfer, userAccount } from '../ledger/index.ts';
import { awardXp } from '../progression/index.ts';
import { shoppingCountryOf } from '../store/index.ts';

/**
 * A user's day is their country's (India IST, Brazil São Paulo, Nepal, Bangladesh; UTC otherwise),
 * so the reward resets at their midnight, not at the server's.
 */
export const DAY_TIME_ZONES: Readonly<Record<string, string>> = {
  IN: 'Asia/Kolkata',
  BR: 'America/Sao_Paulo',
  NP: 'Asia/Kathmandu',
  BD: 'Asia/Dhaka',
};

/** The day of a user whose country is none of DAY_TIME_ZONES' (or unknown). */
export const DEFAULT_DAY_TIME_ZONE = 'UTC';

export const timeZoneOf = (user: Pick<UserRow, 'country' | 'phoneNumber'>) =>
  DAY_TIME_ZONES[shoppingCountryOf(user) ?? ''] ?? DEFAULT_DAY_TIME_ZONE;

/** One formatter per zone: making an Intl.DateTimeFormat costs tens of microseconds, using one about one. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The local date at `at` in `timeZone`, as YYYY-MM-DD. */
export function localDay(at: Date, timeZone: string): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    // Zones come from DAY_TIME_ZONES and callers' settings: a handful, but never let the map grow unbounded.
    if (dayFormats.size >= 64) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** When the local day after `day` begins, as an instant (found by stepping, so DST rules are the zone's own). */
export function nextDayStart(day: string, timeZone: string, now: Date): Date {
  const next = addDays(day, 1);
  let t = now.getTime();
  // At most 26 hours away; step by 15 minutes, then by minutes.
  while (localDay(new Date(t), timeZone) < next) t += 15 * 60_000;
  while (localDay(new Date(t - 60_000), timeZone) >= next) t -= 60_000;
  return new Date(Math.floor(t / 60_000) * 60_000);
}

/** K-Points for day `streak` of a streak. */
export const rewardFor = (streak: number) =>
  BigInt(DAILY_REWARD_LADDER[Math.min(streak, DAILY_REWARD_LADDER.length) - 1]!);

/** The gamer's level (1 before any XP): read from their own `user_xp` row, no lock. */
async function levelOf(db: Executor, userId: string): Promise<number> {
  const [row] = await db.select({ level: userXp.level }).from(userXp).where(eq(userXp.userId, userId));
  return row?.level ?? 1;
}

/** The streak freezes the user holds (no row: none). */
async function freezesHeld(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ held: streakFreezes.held })
    .from(streakFreezes)
    .where(eq(streakFreezes.userId, userId));
  return row?.held ?? 0;
}

/**
 * Takes one of the user's freezes if they hold one: a conditional UPDATE, so of two transactions taking the
 * last one the second waits for the first and then finds none. Whether one was taken.
 */
async function takeFreeze(tx: Transaction, userId: string, now: Date): Promise<boolean> {
  const taken = await tx
    .update(streakFreezes)
    .set({ held: sql`${streakFreezes.held} - 1`, updatedAt: now })
    .where(and(eq(streakFreezes.userId, userId), gt(streakFreezes.held, 0)))
    .returning({ held: streakFreezes.held });
  return taken.length > 0;
}

/**
 * Adds a freeze unless the user already holds the most: an upsert whose update runs only while `held < max`
 * (re-checked on the latest row after waiting for a concurrent one). Whether one was added.
 */
async function addFreeze(tx: Transaction, userId: string, now: Date): Promise<boolean> {
  const added = await tx
    .insert(streakFreezes)
    .values({ userId, held: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: streakFreezes.userId,
      set: { held: sql`${streakFreezes.held} + 1`, updatedAt: now },
      setWhere: lt(streakFreezes.held, STREAK_FREEZE_MAX),
    })
    .returning({ held: streakFreezes.held });
  return added.length > 0;
}

async function view(db: Executor, user: UserRow, now: Date): Promise<DailyReward> {
  const timeZone = timeZoneOf(user);
  const today = localDay(now, timeZone);
  const yesterday = addDays(today, -1);
  // The last week's claims: the ladder shows at most six days back, and a day a freeze covered is named
  // by the claim after it.
  const recent = await db
    .select()
    .from(dailyClaims)
    .where(and(eq(dailyClaims.userId, user.id), gte(dailyClaims.day, addDays(today, -7))))
    .orderBy(desc(dailyClaims.day));
  const held = await freezesHeld(db, user.id);
  const todays = recent.find((r) => r.day === today);
  const bonus = todays ? (todays.levelBonus ?? 0n) : BigInt(dailyLevelBonus(await levelOf(db, user.id)));
  const yesterdays = recent.find((r) => r.day === yesterday);
  const dayBefores = recent.find((r) => r.day === addDays(today, -2));
  // Yesterday missed but the day before claimed: a held freeze will cover yesterday when today is claimed.
  const freezeReady = !todays && !yesterdays && dayBefores !== undefined && held > 0;
  const streak = todays?.streak ?? yesterdays?.streak ?? (freezeReady ? dayBefores.streak + 1 : 0);
  const todayStreak = todays?.streak ?? streak + 1;
  const frozenDays = new Set(recent.map((r) => r.frozenDay).filter((d) => d !== null));
  if (freezeReady) frozenDays.add(yesterday);
  // The week of the ladder the user is in: day 1–7, 8–14, … (after day 7 every step pays the top reward).
  const weekStart = Math.floor((todayStreak - 1) / 7) * 7 + 1;
  return {
    streak,
    claimedToday: todays !== undefined,
    todayReward: money(todays?.amount ?? rewardFor(todayStreak) + bonus, 'KPOINTS'),
    levelBonus: money(bonus, 'KPOINTS'),
    day: today,
    nextDayAt: nextDayStart(today, timeZone, now).toISOString(),
    week: Array.from({ length: 7 }, (_, i) => {
      const n = weekStart + i;
      // Step n of the streak fell on this date (steps after today are still to come).
      const frozen = n < todayStreak && frozenDays.has(addDays(today, n - todayStreak));
      return {
        day: n,
        reward: money(rewardFor(n), 'KPOINTS'),
        claimed: !frozen && (n < todayStreak || (n === todayStreak && todays !== undefined)),
        frozen,
        today: n === todayStreak,
      };
    }),
    freezes: { held, max: STREAK_FREEZE_MAX, price: money(BigInt(STREAK_FREEZE_PRICE), 'KPOINTS') },
    freezeUsed: todays?.frozenDay != null,
    freezeReady,
    freezeEarned: todays?.freezeEarned ?? false,
  };
}

export const getDailyReward = (db: Executor, user: UserRow, now: Date) => view(db, user, now);

/**
 * Claims today's reward in the caller's transaction: a row per (user, local day) (a second claim the
 * same day is refused), the streak continued from yesterday's row, and K-Points treasury → user with
 * ledger key `daily:<user>:<day>`.
 *
 * Streak freezes: when yesterday was missed but the day before was claimed, a held freeze is taken for
 * yesterday (recorded as the claim's `frozen_day`, no K-Points for it) and the streak goes on as if it had
 * been claimed; a claim whose streak reaches a 7th, 14th… day earns one while fewer than the most are held.
 * Both are conditional writes on the user's `streak_freezes` row, made before today's row: a concurrent
 * claim of the same day then queues behind this one on that row or on today's key, and is refused once this
 * one commits, its own writes rolled back with it, so a freeze is never spent twice.
 */
export async function claimDailyReward(tx: Transaction, user: UserRow, now: Date): Promise<DailyReward> {
  const today = localDay(now, timeZoneOf(user));
  const yesterday = addDays(today, -1);
  const recent = await tx
    .select({ day: dailyClaims.day, streak: dailyClaims.streak })
    .from(dailyClaims)
    .where(and(eq(dailyClaims.userId, user.id), gte(dailyClaims.day, addDays(today, -2))));
  const claimedYesterday = recent.find((r) => r.day === yesterday);
  const claimedDayBefore = recent.find((r) => r.day === addDays(today, -2));
  if (recent.some((r) => r.day === today)) throw new AppError(409, DAILY_REWARD_CLAIMED_MESSAGE);

  const frozenDay =
    !claimedYesterday && claimedDayBefore && (await takeFreeze(tx, user.id, now)) ? yesterday : null;
  const streak = frozenDay ? claimedDayBefore!.streak + 2 : (claimedYesterday?.streak ?? 0) + 1;
  const freezeEarned = streak % STREAK_FREEZE_EVERY === 0 && (await addFreeze(tx, user.id, now));
  // What the gamer's level unlocks: a bonus on every daily reward (issue 26), at the level they have now.
  const levelBonus = BigInt(dailyLevelBonus(await levelOf(tx, user.id)));
  const amount = rewardFor(streak) + levelBonus;
  const [claimed] = await tx
    .insert(dailyClaims)
    .values({
      userId: user.id,
      day: today,
      streak,
      amount,
      levelBonus,
      frozenDay,
      freezeEarned,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!claimed) throw new AppError(409, DAILY_REWARD_CLAIMED_MESSAGE);
  await transfer(tx, {
    idempotencyKey: `daily:${user.id}:${today}`,
    debit: systemAccount('treasury'),
    credit: userAccount(user.id, 'user_kpoints'),
    amount,
    currency: 'KPOINTS',
    kind: 'reward',
    metadata: {
      dailyReward: true,
      day: today,
      streak: String(streak),
      ...(levelBonus > 0n ? { levelBonus: levelBonus.toString() } : {}),
      ...(frozenDay ? { frozenDay } : {}),
    },
  });
  await awardXp(tx, { userId: user.id, source: 'daily_claim', key: `daily:${today}`, at: now });
  return view(tx, user, now);
}

/**
 * Buys a streak freeze in the caller's transaction (an idempotent request's): one more held unless the
 * most are (409 STREAK_FREEZE_LIMIT_MESSAGE), then STREAK_FREEZE_PRICE K-Points user → treasury with ledger
 * key `streak-freeze:<operationId>` (short: the ledger's own 409, 'Not enough K-Points'). A refusal throws,
 * so the transaction rolls back and nothing changes. The freeze row is written before the ledger locks the
 * K-Points account, in the order a claim takes them, so the two never wait on each other in a cycle.
 */
export async function buyStreakFreeze(
  tx: Transaction,
  user: UserRow,
  now: Date,
  operationId: string,
): Promise<DailyReward> {
  // Accounts first, before any lock is taken (see ensureUserAccounts).
  await ensureUserAccounts(tx, user.id);
  if (!(await addFreeze(tx, user.id, now))) throw new AppError(409, STREAK_FREEZE_LIMIT_MESSAGE);
  await transfer(tx, {
    idempotencyKey: `streak-freeze:${operationId}`,
    debit: userAccount(user.id, 'user_kpoints'),
    credit: systemAccount('treasury'),
    amount: BigInt(STREAK_FREEZE_PRICE),
    currency: 'KPOINTS',
    kind: 'streak_freeze',
    metadata: { streakFreeze: true, day: localDay(now, timeZoneOf(user)) },
  });
  return view(tx, user, now);
}
