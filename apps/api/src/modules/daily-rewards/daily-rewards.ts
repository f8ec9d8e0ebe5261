import {
  DAILY_REWARD_CLAIMED_MESSAGE,
  DAILY_REWARD_LADDER,
  type DailyReward,
  money,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { dailyClaims, type UserRow } from '@khel/db/schema';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import { systemAccount, transfer, userAccount } from '../ledger/index.ts';
import { awardXp } from '../progression/index.ts';
import { shoppingCountryOf } from '../store/index.ts';

/**
 * A user's day is their country's (India IST, Brazil São Paulo, Nepal, Bangladesh; UTC otherwise),
 * so the reward resets at their midnight, not at the server's.
 */
const TIME_ZONES: Record<string, string> = {
  IN: 'Asia/Kolkata',
  BR: 'America/Sao_Paulo',
  NP: 'Asia/Kathmandu',
  BD: 'Asia/Dhaka',
};

export const timeZoneOf = (user: Pick<UserRow, 'country' | 'phoneNumber'>) =>
  TIME_ZONES[shoppingCountryOf(user) ?? ''] ?? 'UTC';

/** The local date at `at` in `timeZone`, as YYYY-MM-DD. */
export function localDay(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/** When the local day after `day` begins, as an instant (found by stepping, so DST rules are the zone's own). */
function nextDayStart(day: string, timeZone: string, now: Date): Date {
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

async function view(db: Executor, user: UserRow, now: Date): Promise<DailyReward> {
  const timeZone = timeZoneOf(user);
  const today = localDay(now, timeZone);
  const recent = await db
    .select()
    .from(dailyClaims)
    .where(and(eq(dailyClaims.userId, user.id), inArray(dailyClaims.day, [today, addDays(today, -1)])))
    .orderBy(desc(dailyClaims.day));
  const todays = recent.find((r) => r.day === today);
  const yesterdays = recent.find((r) => r.day === addDays(today, -1));
  const streak = todays?.streak ?? yesterdays?.streak ?? 0;
  const todayStreak = todays?.streak ?? (yesterdays?.streak ?? 0) + 1;
  // The week of the ladder the user is in: day 1–7, 8–14, … (after day 7 every step pays the top reward).
  const weekStart = Math.floor((todayStreak - 1) / 7) * 7 + 1;
  return {
    streak,
    claimedToday: todays !== undefined,
    todayReward: money(todays?.amount ?? rewardFor(todayStreak), 'KPOINTS'),
    day: today,
    nextDayAt: nextDayStart(today, timeZone, now).toISOString(),
    week: Array.from({ length: 7 }, (_, i) => {
      const n = weekStart + i;
      return {
        day: n,
        reward: money(rewardFor(n), 'KPOINTS'),
        claimed: n < todayStreak || (n === todayStreak && todays !== undefined),
        today: n === todayStreak,
      };
    }),
  };
}

export const getDailyReward = (db: Executor, user: UserRow, now: Date) => view(db, user, now);

/**
 * Claims today's reward in the caller's transaction: a row per (user, local day) (a second claim the
 * same day is refused), the streak continued from yesterday's row, and K-Points treasury → user with
 * ledger key `daily:<user>:<day>`.
 */
export async function claimDailyReward(tx: Transaction, user: UserRow, now: Date): Promise<DailyReward> {
  const today = localDay(now, timeZoneOf(user));
  const [yesterday] = await tx
    .select({ streak: dailyClaims.streak })
    .from(dailyClaims)
    .where(and(eq(dailyClaims.userId, user.id), eq(dailyClaims.day, addDays(today, -1))));
  const streak = (yesterday?.streak ?? 0) + 1;
  const amount = rewardFor(streak);
  const [claimed] = await tx
    .insert(dailyClaims)
    .values({ userId: user.id, day: today, streak, amount, createdAt: now })
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
    metadata: { dailyReward: true, day: today, streak: String(streak) },
  });
  await awardXp(tx, { userId: user.id, source: 'daily_claim', key: `daily:${today}`, at: now });
  return view(tx, user, now);
}
