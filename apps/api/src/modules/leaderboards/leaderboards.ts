import type { LeaderboardKind } from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import {
  LEADERBOARD_SHARDS,
  type LeaderboardRow,
  leaderboardContributions,
  leaderboardEntries,
  leaderboardParticipantCounts,
  leaderboardScoreCounts,
  leaderboards,
} from '@khel/db/schema';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { JobHandler } from '../../lib/context.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { queryRows } from '../../lib/query-rows.ts';

/**
 * Leaderboards (README.md): entries ranked by score (higher first), then by who reached the score
 * first, then by user id. A rank is exact and costs a bounded number of index probes at any size:
 *
 * Every entry has a rank key K = score · 2^32 + (2^32 − 1 − second), where `second` is the whole
 * seconds from RANK_EPOCH to reached_at (clamped to 0 … 2^32 − 1), so a larger K ranks higher.
 * `leaderboard_score_counts` holds, for level k = 0 … 7, how many entries have K >> (8k) = bucket.
 * The entries ahead of one with key K are
 *   - those with a larger K: at each level, the buckets above K >> 8k that share its parent bucket
 *     (K >> 8(k+1)), at most 255 rows per level and 8 levels; bucket 0 of a level is never above
 *     anything, so it is not stored (small scores never touch the high levels);
 *   - those with the same K (same score, reached in the same second) and an earlier
 *     (reached_at, user_id): counted through the index (leaderboard_id, score desc, reached_at,
 *     user_id), so that part costs the number of entries that reached the same score within the
 *     same second, ahead of this one.
 *
 * Each count is spread over LEADERBOARD_SHARDS rows (an entry counts in its user's shard, from the last
 * byte of the user id) and summed at read, and so is the board's number of participants: a burst of
 * gamers scoring the same points in the same second moves eight rows per bucket instead of one, so
 * their transactions rarely wait on one another.
 */

/** Seconds are counted from here (reached_at earlier than this shares second 0). */
export const RANK_EPOCH_MS = Date.UTC(2020, 0, 1);
const TIME_BITS = 32n;
const TIME_MAX = (1n << TIME_BITS) - 1n;
/** Bits per level and number of levels: K < 2^63 needs 8 levels of 8 bits. */
export const BUCKET_BITS = 8n;
export const BUCKET_LEVELS = 8;
/** The highest score a board keeps (K must fit a signed 64-bit bucket). */
export const MAX_SCORE = 2 ** 31 - 1;
export const CENTRALIZED_BOARD_SLUG = 'k-points';

/** The second a time falls in, as the rank key counts it. */
function secondOf(at: Date): bigint {
  const s = BigInt(Math.floor((at.getTime() - RANK_EPOCH_MS) / 1000));
  return s < 0n ? 0n : s > TIME_MAX ? TIME_MAX : s;
}

/** The rank key of a score reached at a time: larger ranks higher. */
export function rankKey(score: number, reachedAt: Date): bigint {
  return (BigInt(score) << TIME_BITS) + (TIME_MAX - secondOf(reachedAt));
}

/** The same key in SQL, from an entry's score and reached_at columns (names), for rebuilding counts. */
function rankKeySql(score: string, reachedAt: string): SQL {
  const second = sql`least(greatest(floor(extract(epoch from ${sql.raw(reachedAt)}) - ${RANK_EPOCH_MS / 1000}), 0), ${TIME_MAX.toString()}::bigint)::bigint`;
  return sql`(${sql.raw(score)}::bigint << ${sql.raw(String(TIME_BITS))}) + (${TIME_MAX.toString()}::bigint - ${second})`;
}

/** The shard an entry of this user counts in (the migration computes it the same way in SQL). */
export function leaderboardShardOf(userId: string): number {
  return Number.parseInt(userId.slice(-2), 16) & (LEADERBOARD_SHARDS - 1);
}
const shardSql = (userIdColumn: string) =>
  sql.raw(`(get_byte(uuid_send(${userIdColumn}), 15) & ${LEADERBOARD_SHARDS - 1})`);

/** A board's participants in SQL (the sum of its shard rows), for a column or a board id. */
export const participantsSql = (leaderboardId: SQL) =>
  sql<number>`(select coalesce(sum(${leaderboardParticipantCounts.count}), 0) from ${leaderboardParticipantCounts} where ${leaderboardParticipantCounts.leaderboardId} = ${leaderboardId})`.mapWith(
    Number,
  );

const bucketOf = (key: bigint, level: number) => key >> (BigInt(level) * BUCKET_BITS);

/** Where the same-key ties of a key begin: the first instant of its second (none for second 0). */
function secondStart(reachedAt: Date): Date | null {
  const s = secondOf(reachedAt);
  return s === 0n ? null : new Date(RANK_EPOCH_MS + Number(s) * 1000);
}

export interface NewLeaderboard {
  slug: string;
  title: string;
  kind: LeaderboardKind;
  campaignId: string | null;
  startsAt: Date;
  endsAt: Date | null;
  publishedAt: Date | null;
}

export async function createLeaderboard(tx: Executor, input: NewLeaderboard): Promise<LeaderboardRow> {
  const [row] = await tx.insert(leaderboards).values(input).returning();
  return row!;
}

/** Makes a board visible (idempotent: the first publication time stays). */
export async function publishLeaderboard(tx: Executor, leaderboardId: string, at: Date): Promise<void> {
  await tx
    .update(leaderboards)
    .set({ publishedAt: sql`coalesce(${leaderboards.publishedAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(leaderboards.id, leaderboardId));
}

/** Sets the board's end (a campaign ended early, or its dates changed). */
export async function endLeaderboard(tx: Executor, leaderboardId: string, at: Date): Promise<void> {
  await tx.update(leaderboards).set({ endsAt: at }).where(eq(leaderboards.id, leaderboardId));
}

export async function leaderboardById(db: Executor, leaderboardId: string): Promise<LeaderboardRow | null> {
  const [row] = await db.select().from(leaderboards).where(eq(leaderboards.id, leaderboardId));
  return row ?? null;
}

/** The centralized board's id (slug 'k-points', inserted by migration 0013). */
/** How many entries a board has (the sum of its shard rows). */
export async function participantsOf(db: Executor, leaderboardId: string): Promise<number> {
  const [row] = await db
    .select({ n: participantsSql(sql`${leaderboardId}::uuid`) })
    .from(sql`(select 1) as one`);
  return row?.n ?? 0;
}

export async function centralizedBoardId(db: Executor): Promise<string> {
  const [row] = await db
    .select({ id: leaderboards.id })
    .from(leaderboards)
    .where(eq(leaderboards.slug, CENTRALIZED_BOARD_SLUG));
  if (!row)
    throw new Error(`the ${CENTRALIZED_BOARD_SLUG} leaderboard is missing (migration 0013 inserts it)`);
  return row.id;
}

export interface PointsInput {
  leaderboardId: string;
  userId: string;
  /** What the points are for, once per user and board (`task:<id>`, `quest:<id>`). */
  sourceKey: string;
  label: string;
  points: number;
  at: Date;
}

/** The job that records points for a request (recordPointsLater). */
export const RECORD_POINTS_JOB = 'leaderboards.record';

/**
 * recordPoints after the caller's transaction commits: a job written in it (the points are as durable as what
 * earned them), run by a worker in a short transaction of its own. A request then writes no board row: a burst
 * of gamers finishing the same quest never waits on another finisher's bucket or participants rows (issue 23),
 * and the board follows within the job queue's delay, the entry's time being `at`, when the points were earned.
 */
export async function recordPointsLater(tx: Transaction, input: PointsInput): Promise<void> {
  await enqueueJob(tx, {
    kind: RECORD_POINTS_JOB,
    payload: { ...input, at: input.at.toISOString() },
    runAt: input.at,
    dedupeKey: `points:${input.leaderboardId}:${input.userId}:${input.sourceKey}`,
  });
}

export const leaderboardJobHandlers: Record<string, JobHandler> = {
  [RECORD_POINTS_JOB]: async (deps, job) => {
    const p = job.payload as Omit<PointsInput, 'at'> & { at: string };
    await deps.db.transaction((tx) => recordPoints(tx, { ...p, at: new Date(p.at) }));
  },
};

/**
 * Adds points to a user's entry, in the caller's transaction, once per (board, user, sourceKey): a
 * second call with the same key changes nothing and answers `applied: false` with the current score.
 * The entry's score grows by `points`, its reached_at becomes the later of the old one and `at`, the
 * board's participants (in the user's shard) grow by one on a new entry, and the bucket counts move from the old rank key to
 * the new one. Locks, always in this order: the contribution row, the entry row, the bucket rows of the
 * user's shard in (level, bucket) order (one statement), then that shard's participants row for a new
 * entry (never the board row); so concurrent calls never
 * deadlock one another. Make at most one call per board in a transaction (two calls could take bucket
 * rows out of order against another transaction).
 */
export async function recordPoints(
  tx: Transaction,
  input: PointsInput,
): Promise<{ applied: boolean; score: number; reachedAt: Date | null }> {
  const { leaderboardId, userId, sourceKey, label, points, at } = input;
  if (!Number.isSafeInteger(points) || points < 0)
    throw new RangeError(`points must be a whole number ≥ 0, got ${points}`);
  const shard = leaderboardShardOf(userId);
  // The contribution and, when it is the user's first on the board, the entry with its buckets and
  // its shard's participants, in one statement (issue 23: a burst of finishers). Each step runs only
  // when the one before wrote its row, and in the order of the locks above: the participants row waits
  // for every bucket row (it reads their count).
  if (points > MAX_SCORE) throw new RangeError(`a leaderboard score is at most ${MAX_SCORE}`);
  const buckets = bucketRows(null, rankKey(points, at));
  const [first] = await queryRows<{ contributed: number; created: number }>(
    tx,
    sql`
      with contribution as (
        insert into ${leaderboardContributions} (leaderboard_id, user_id, source_key, label, points, created_at)
        values (${leaderboardId}::uuid, ${userId}::uuid, ${sourceKey}, ${label}, ${points}::int, ${at.toISOString()}::timestamptz)
        on conflict do nothing
        returning points
      ), entry as (
        insert into ${leaderboardEntries} (leaderboard_id, user_id, score, reached_at)
        select ${leaderboardId}::uuid, ${userId}::uuid, ${points}::int, ${at.toISOString()}::timestamptz
        where exists (select 1 from contribution)
        on conflict do nothing
        returning score
      ), buckets as (${
        buckets.length === 0
          ? sql`select 1 where false`
          : sql`
        insert into leaderboard_score_counts (leaderboard_id, level, bucket, shard, count)
        select * from (values ${bucketValuesSql(leaderboardId, shard, buckets)}) as v(leaderboard_id, level, bucket, shard, count)
        where exists (select 1 from entry)
        on conflict (leaderboard_id, level, bucket, shard)
        do update set count = leaderboard_score_counts.count + 2 * excluded.count - 1
        returning 1`
      }), participants as (
        insert into ${leaderboardParticipantCounts} (leaderboard_id, shard, count)
        select ${leaderboardId}::uuid, ${shard}::smallint, 1
        where exists (select 1 from entry) and (select count(*) from buckets) >= 0
        on conflict (leaderboard_id, shard)
        do update set count = ${leaderboardParticipantCounts}.count + 1
      )
      select (select count(*) from contribution)::int as contributed, (select count(*) from entry)::int as created`,
  );
  if (Number(first?.contributed ?? 0) === 0) {
    const [entry] = await tx
      .select({ score: leaderboardEntries.score, reachedAt: leaderboardEntries.reachedAt })
      .from(leaderboardEntries)
      .where(and(eq(leaderboardEntries.leaderboardId, leaderboardId), eq(leaderboardEntries.userId, userId)));
    return { applied: false, score: entry?.score ?? 0, reachedAt: entry?.reachedAt ?? null };
  }
  if (Number(first?.created ?? 0) > 0) return { applied: true, score: points, reachedAt: at };
  // The entry was there already: it is locked and moved, and its buckets follow.
  {
    // The entry locked and moved in one round trip: `old` is the row as locked (the latest committed
    // version), and the new score and time are computed from it, so concurrent calls add up exactly.
    const [moved] = await queryRows<{
      old_score: number;
      old_reached_at: Date | string;
      score: number;
      reached_at: Date | string;
    }>(
      tx,
      sql`
      with old as (
        select score, reached_at from ${leaderboardEntries}
        where leaderboard_id = ${leaderboardId}::uuid and user_id = ${userId}::uuid
        for update
      ), moved as (
        update ${leaderboardEntries} e
        set score = old.score + ${points}::int, reached_at = greatest(old.reached_at, ${at.toISOString()}::timestamptz)
        from old
        where e.leaderboard_id = ${leaderboardId}::uuid and e.user_id = ${userId}::uuid and ${points}::int > 0
        returning e.score, e.reached_at
      )
      select old.score as old_score, old.reached_at as old_reached_at,
        coalesce(moved.score, old.score) as score, coalesce(moved.reached_at, old.reached_at) as reached_at
      from old left join moved on true`,
    );
    const old = { score: Number(moved!.old_score), reachedAt: new Date(moved!.old_reached_at) };
    if (points === 0) return { applied: true, score: old.score, reachedAt: old.reachedAt };
    const score = Number(moved!.score);
    const reachedAt = new Date(moved!.reached_at);
    if (score > MAX_SCORE) throw new RangeError(`a leaderboard score is at most ${MAX_SCORE}`);
    await moveBuckets(tx, leaderboardId, shard, rankKey(old.score, old.reachedAt), rankKey(score, reachedAt));
    return { applied: true, score, reachedAt };
  }
}

/**
 * One entry leaves key `from` (null: a new entry) for key `to`: −1 on the old buckets, +1 on the new,
 * levels where both are the same bucket untouched, bucket 0 never stored. One upsert, rows sorted by
 * (level, bucket) so every transaction locks them in the same order. A CHECK (count ≥ 0) applies to the
 * proposed row even when it conflicts, so the proposed count carries the delta as 1 (+1) or 0 (−1).
 */
async function moveBuckets(
  tx: Transaction,
  leaderboardId: string,
  shard: number,
  from: bigint | null,
  to: bigint,
) {
  const rows = bucketRows(from, to);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into leaderboard_score_counts (leaderboard_id, level, bucket, shard, count)
    values ${bucketValuesSql(leaderboardId, shard, rows)}
    on conflict (leaderboard_id, level, bucket, shard)
    do update set count = leaderboard_score_counts.count + 2 * excluded.count - 1`);
}

interface BucketMove {
  level: number;
  bucket: bigint;
  delta: 1 | -1;
}

/** The bucket rows an entry moving from key `from` (null: new) to `to` changes, in lock order. */
function bucketRows(from: bigint | null, to: bigint): BucketMove[] {
  const rows: BucketMove[] = [];
  for (let level = 0; level < BUCKET_LEVELS; level++) {
    const a = from === null ? null : bucketOf(from, level);
    const b = bucketOf(to, level);
    if (a === b) continue;
    if (a !== null && a !== 0n) rows.push({ level, bucket: a, delta: -1 });
    if (b !== 0n) rows.push({ level, bucket: b, delta: 1 });
  }
  rows.sort((x, y) => x.level - y.level || (x.bucket < y.bucket ? -1 : x.bucket > y.bucket ? 1 : 0));
  return rows;
}

/** The rows of a bucket upsert: the proposed count carries the delta as 1 (+1) or 0 (−1). */
function bucketValuesSql(leaderboardId: string, shard: number, rows: readonly BucketMove[]): SQL {
  return sql.join(
    rows.map(
      (r) =>
        sql`(${leaderboardId}::uuid, ${r.level}::smallint, ${r.bucket.toString()}::bigint, ${shard}::smallint, ${r.delta > 0 ? 1 : 0}::bigint)`,
    ),
    sql`, `,
  );
}

/** How many entries rank above key K: the higher buckets within K's parent, at every level. */
function aboveSql(leaderboardId: string, key: bigint): SQL {
  const ranges: SQL[] = [];
  for (let level = 0; level < BUCKET_LEVELS; level++) {
    const mine = bucketOf(key, level);
    const last = level + 1 < BUCKET_LEVELS ? ((bucketOf(key, level + 1) + 1n) << BUCKET_BITS) - 1n : null;
    if (last !== null && last <= mine) continue;
    ranges.push(
      last === null
        ? sql`(level = ${level} and bucket > ${mine.toString()}::bigint)`
        : sql`(level = ${level} and bucket > ${mine.toString()}::bigint and bucket <= ${last.toString()}::bigint)`,
    );
  }
  return sql`(select coalesce(sum(count), 0) from leaderboard_score_counts
    where leaderboard_id = ${leaderboardId}::uuid and (${sql.join(ranges, sql` or `)}))`;
}

/** Entries with the same key (same score, same second) ahead of this one, through the rank index. */
function tiesAheadSql(leaderboardId: string, userId: string, score: number, reachedAt: Date): SQL {
  const start = secondStart(reachedAt);
  return sql`(select count(*) from leaderboard_entries
    where leaderboard_id = ${leaderboardId}::uuid and score = ${score}
      ${start ? sql`and reached_at >= ${start.toISOString()}::timestamptz` : sql``}
      and (reached_at, user_id) < (${reachedAt.toISOString()}::timestamptz, ${userId}::uuid))`;
}

/**
 * A user's exact rank on a board (1 = first), or null without an entry. `known`: the entry's score and
 * reached_at as the caller just wrote them (recordPoints' answer), so only the rank is read.
 */
export async function rankOf(
  db: Executor,
  leaderboardId: string,
  userId: string,
  known?: { score: number; reachedAt: Date },
): Promise<{ rank: number; score: number; reachedAt: Date } | null> {
  const [entry] = known
    ? [known]
    : await db
        .select({ score: leaderboardEntries.score, reachedAt: leaderboardEntries.reachedAt })
        .from(leaderboardEntries)
        .where(
          and(eq(leaderboardEntries.leaderboardId, leaderboardId), eq(leaderboardEntries.userId, userId)),
        );
  if (!entry) return null;
  const [row] = await db
    .select({ ahead: entriesAheadSql(leaderboardId, userId, entry) })
    .from(sql`(select 1) as one`);
  return { rank: 1 + row!.ahead, score: entry.score, reachedAt: entry.reachedAt };
}

/**
 * How many entries rank above a user's entry whose score and time the caller knows: an SQL number for
 * a caller to read in a statement it sends anyway (rank = 1 + it), as rankOf reads it.
 */
export function entriesAheadSql(
  leaderboardId: string,
  userId: string,
  entry: { score: number; reachedAt: Date },
): SQL<number> {
  return sql<number>`(${aboveSql(leaderboardId, rankKey(entry.score, entry.reachedAt))} + ${tiesAheadSql(leaderboardId, userId, entry.score, entry.reachedAt)})`.mapWith(
    Number,
  );
}

export interface RankedEntry {
  rank: number;
  userId: string;
  score: number;
  reachedAt: Date;
}

/** The first `limit` entries in rank order (the order is total, so the n-th row has rank n). */
export async function topOf(db: Executor, leaderboardId: string, limit: number): Promise<RankedEntry[]> {
  const rows = await db
    .select({
      userId: leaderboardEntries.userId,
      score: leaderboardEntries.score,
      reachedAt: leaderboardEntries.reachedAt,
    })
    .from(leaderboardEntries)
    .where(eq(leaderboardEntries.leaderboardId, leaderboardId))
    // NULLS LAST as in the rank index: a plain DESC means NULLS FIRST, and the planner would sort every row.
    .orderBy(
      sql`${leaderboardEntries.score} desc nulls last`,
      asc(leaderboardEntries.reachedAt),
      asc(leaderboardEntries.userId),
    )
    .limit(limit);
  return rows.map((r, i) => ({ rank: i + 1, ...r }));
}

/**
 * Recomputes a board's bucket counts and participants from its entries (a repair, and the bulk setup
 * of the benchmark): level 0 from the entries' keys, each coarser level from the one below. Run it
 * while nothing writes to the board.
 */
export async function rebuildScoreCounts(tx: Transaction, leaderboardId: string): Promise<void> {
  const board = sql`${leaderboardId}::uuid`;
  const bits = sql.raw(String(BUCKET_BITS));
  await tx.delete(leaderboardScoreCounts).where(eq(leaderboardScoreCounts.leaderboardId, leaderboardId));
  await tx.execute(sql`
    insert into leaderboard_score_counts (leaderboard_id, level, bucket, shard, count)
    select ${board}, 0, k.key, k.shard, count(*)
    from (select ${rankKeySql('e.score', 'e.reached_at')} as key, ${shardSql('e.user_id')} as shard
          from leaderboard_entries e where e.leaderboard_id = ${board}) k
    where k.key <> 0
    group by k.key, k.shard`);
  for (let level = 1; level < BUCKET_LEVELS; level++)
    await tx.execute(sql`
      insert into leaderboard_score_counts (leaderboard_id, level, bucket, shard, count)
      select ${board}, ${level}, bucket >> ${bits}, shard, sum(count)
      from leaderboard_score_counts
      where leaderboard_id = ${board} and level = ${level - 1} and bucket >> ${bits} <> 0
      group by bucket >> ${bits}, shard`);
  await tx
    .delete(leaderboardParticipantCounts)
    .where(eq(leaderboardParticipantCounts.leaderboardId, leaderboardId));
  await tx.execute(sql`
    insert into leaderboard_participant_counts (leaderboard_id, shard, count)
    select ${board}, ${shardSql('e.user_id')}, count(*)
    from leaderboard_entries e where e.leaderboard_id = ${board}
    group by 2`);
}
