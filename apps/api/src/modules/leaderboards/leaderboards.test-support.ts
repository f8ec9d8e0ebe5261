import { randomUUID } from 'node:crypto';
import { type Executor, schema } from '@khel/db';
import type { LeaderboardRow } from '@khel/db/schema';
import { asc, eq, sql } from 'drizzle-orm';
import { createLeaderboard, type RankedEntry } from './leaderboards.ts';

/** A published campaign-kind board, live from a day ago for a week. */
export function newBoard(
  db: Executor,
  fields: Partial<Parameters<typeof createLeaderboard>[1]> = {},
): Promise<LeaderboardRow> {
  return createLeaderboard(db, {
    slug: `board-${randomUUID()}`,
    title: 'Test board',
    kind: 'campaign',
    campaignId: null,
    startsAt: new Date(Date.now() - 86_400_000),
    endsAt: new Date(Date.now() + 7 * 86_400_000),
    publishedAt: new Date(Date.now() - 86_400_000),
    ...fields,
  });
}

/** `n` bare user rows. */
export async function newUsers(db: Executor, n: number): Promise<string[]> {
  const rows = await db
    .insert(schema.users)
    .values(Array.from({ length: n }, () => ({})))
    .returning({ id: schema.users.id });
  return rows.map((r) => r.id);
}

/** The reference order: every entry sorted by score desc, reached_at asc, user id asc, ranked 1 … n. */
export async function bruteForceRanks(db: Executor, leaderboardId: string): Promise<RankedEntry[]> {
  const rows = await db
    .select()
    .from(schema.leaderboardEntries)
    .where(eq(schema.leaderboardEntries.leaderboardId, leaderboardId));
  rows.sort(
    (a, b) =>
      b.score - a.score ||
      a.reachedAt.getTime() - b.reachedAt.getTime() ||
      (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
  );
  return rows.map((r, i) => ({ rank: i + 1, userId: r.userId, score: r.score, reachedAt: r.reachedAt }));
}

/** A board's non-empty bucket counts, sorted (bucket as text: it may exceed 2^53). */
export async function countsOf(db: Executor, leaderboardId: string) {
  const rows = await db
    .select({
      level: schema.leaderboardScoreCounts.level,
      bucket: sql<string>`${schema.leaderboardScoreCounts.bucket}::text`,
      shard: schema.leaderboardScoreCounts.shard,
      count: schema.leaderboardScoreCounts.count,
    })
    .from(schema.leaderboardScoreCounts)
    .where(eq(schema.leaderboardScoreCounts.leaderboardId, leaderboardId))
    .orderBy(
      asc(schema.leaderboardScoreCounts.level),
      asc(schema.leaderboardScoreCounts.bucket),
      asc(schema.leaderboardScoreCounts.shard),
    );
  return rows.filter((r) => r.count > 0);
}
