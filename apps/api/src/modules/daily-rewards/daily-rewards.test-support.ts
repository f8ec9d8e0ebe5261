import { schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { TestContext } from '../../test-support.ts';
import { addDays, localDay, rewardFor, timeZoneOf } from './daily-rewards.ts';

/** The user's claims, oldest first. */
export const claimRows = (ctx: TestContext, userId: string) =>
  ctx.deps.db
    .select()
    .from(schema.dailyClaims)
    .where(eq(schema.dailyClaims.userId, userId))
    .orderBy(asc(schema.dailyClaims.day));

/**
 * Writes the claims of a streak that ended `daysAgo` days before the user's today with `streak` days (its
 * rows only: the K-Points of those days are not paid, as the tests read only what moves after).
 */
export async function claimedBefore(ctx: TestContext, user: UserRow, daysAgo: number, streak: number) {
  const today = localDay(ctx.now(), timeZoneOf(user));
  await ctx.deps.db.insert(schema.dailyClaims).values(
    Array.from({ length: streak }, (_, i) => ({
      userId: user.id,
      day: addDays(today, -daysAgo - (streak - 1 - i)),
      streak: i + 1,
      amount: rewardFor(i + 1),
    })),
  );
}

/** Sets how many streak freezes the user holds. */
export async function holdFreezes(ctx: TestContext, userId: string, held: number) {
  await ctx.deps.db
    .insert(schema.streakFreezes)
    .values({ userId, held })
    .onConflictDoUpdate({ target: schema.streakFreezes.userId, set: { held } });
}

export async function freezesOf(ctx: TestContext, userId: string): Promise<number> {
  const [row] = await ctx.deps.db
    .select({ held: schema.streakFreezes.held })
    .from(schema.streakFreezes)
    .where(eq(schema.streakFreezes.userId, userId));
  return row?.held ?? 0;
}
