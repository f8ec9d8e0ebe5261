import type { KlashPrizesInput } from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { klashEntries, klashScoreCounts } from '@khel/db/schema';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { bandAmounts, poolOf } from './prizes.ts';

/**
 * A leaderboard's standings at a cost that does not grow with the field (issue 23). Ranks are competition
 * ranks: an entry's rank is 1 + the number of ranked entries (registered, with a score) with a higher score;
 * entries of one score are listed by who scored first (scored_at, then id).
 *
 * `klash_score_counts` holds, for level k = 0 … 3, how many ranked entries have score >> 8k = bucket. So:
 * - the entries above score s: at each level, the buckets above s >> 8k that share its parent bucket
 *   (s >> 8(k+1)), at most 255 rows per level (level 3 has no parent: scores < 2^32 leave < 256 buckets);
 * - the entries with score s: level 0, bucket s; the field: the sum of level 3;
 * - the score at position X (0 = the best): a descent from level 3, one bounded read per level.
 * The top N is read through `klash_entries_standings_idx` in the standings' order.
 *
 * The counts change with the scores (`storeScores` in leaderboard.ts), and every writer holds the tournament
 * row's lock, so they are written one tournament at a time. A cancellation empties them with the field.
 */

export const SCORE_BUCKET_BITS = 8;
export const SCORE_LEVELS = 4;

const bucketOf = (score: number, level: number) => Math.floor(score / 2 ** (SCORE_BUCKET_BITS * level));

/** Moves the counts of entries whose score changed (from null: a first score). One or two statements. */
export async function moveScoreCounts(
  tx: Transaction,
  tournamentId: string,
  moves: readonly { from: number | null; to: number }[],
): Promise<void> {
  const deltas = new Map<string, { level: number; bucket: number; delta: number }>();
  const add = (level: number, bucket: number, delta: number) => {
    const key = `${level}:${bucket}`;
    const row = deltas.get(key) ?? { level, bucket, delta: 0 };
    row.delta += delta;
    deltas.set(key, row);
  };
  for (const m of moves)
    for (let level = 0; level < SCORE_LEVELS; level++) {
      const a = m.from === null ? null : bucketOf(m.from, level);
      const b = bucketOf(m.to, level);
      if (a === b) continue;
      if (a !== null) add(level, a, -1);
      add(level, b, 1);
    }
  const rows = [...deltas.values()].filter((r) => r.delta !== 0);
  const ups = rows.filter((r) => r.delta > 0);
  const downs = rows.filter((r) => r.delta < 0);
  const json = (rs: typeof rows) => JSON.stringify(rs.map((r) => ({ l: r.level, b: r.bucket, d: r.delta })));
  // Rows in (level, bucket) order; the callers hold the tournament row's lock anyway.
  if (ups.length)
    await tx.execute(sql`
      insert into klash_score_counts (tournament_id, level, bucket, count)
      select ${tournamentId}::uuid, v.l, v.b, v.d
      from jsonb_to_recordset(${json(ups)}::jsonb) as v(l smallint, b bigint, d bigint)
      order by v.l, v.b
      on conflict (tournament_id, level, bucket)
      do update set count = klash_score_counts.count + excluded.count`);
  if (downs.length)
    await tx.execute(sql`
      update klash_score_counts c set count = c.count + v.d
      from jsonb_to_recordset(${json(downs)}::jsonb) as v(l smallint, b bigint, d bigint)
      where c.tournament_id = ${tournamentId}::uuid and c.level = v.l and c.bucket = v.b`);
}

/** Recomputes a board's counts from its entries (a repair, and the bulk setup of the benchmark). */
export async function rebuildScoreCounts(tx: Transaction, tournamentId: string): Promise<void> {
  await clearScoreCounts(tx, tournamentId);
  const bits = sql.raw(String(SCORE_BUCKET_BITS));
  await tx.execute(sql`
    insert into klash_score_counts (tournament_id, level, bucket, count)
    select ${tournamentId}::uuid, l.level, e.score >> (${bits} * l.level), count(*)
    from klash_entries e cross join generate_series(0, ${sql.raw(String(SCORE_LEVELS - 1))}) as l(level)
    where e.tournament_id = ${tournamentId}::uuid and e.status = 'registered' and e.score is not null
    group by l.level, e.score >> (${bits} * l.level)`);
}

/** The field left the board (a cancellation). */
export async function clearScoreCounts(tx: Transaction, tournamentId: string): Promise<void> {
  await tx.delete(klashScoreCounts).where(eq(klashScoreCounts.tournamentId, tournamentId));
}

/** Σ count of the buckets above `score` within its parent, at every level: the entries with a higher score. */
function aboveSql(tournamentId: string, score: number): SQL {
  const ranges: SQL[] = [];
  for (let level = 0; level < SCORE_LEVELS; level++) {
    const mine = bucketOf(score, level);
    if (level + 1 === SCORE_LEVELS) {
      ranges.push(sql`(level = ${level} and bucket > ${mine})`);
      continue;
    }
    const last = (bucketOf(score, level + 1) + 1) * 2 ** SCORE_BUCKET_BITS - 1;
    if (last > mine) ranges.push(sql`(level = ${level} and bucket > ${mine} and bucket <= ${last})`);
  }
  return sql`(select coalesce(sum(count), 0) from klash_score_counts
    where tournament_id = ${tournamentId}::uuid and (${sql.join(ranges, sql` or `)}))`;
}

/** For each score: how many ranked entries score higher, and how many score the same. One statement. */
export async function countsAround(
  db: Executor,
  tournamentId: string,
  scores: readonly number[],
): Promise<Map<number, { above: number; same: number }>> {
  const distinct = [...new Set(scores)];
  if (distinct.length === 0) return new Map();
  const parts = distinct.map(
    (s) => sql`select ${s}::bigint as score, ${aboveSql(tournamentId, s)} as above,
      (select coalesce(sum(count), 0) from klash_score_counts
        where tournament_id = ${tournamentId}::uuid and level = 0 and bucket = ${s}) as same`,
  );
  const rows = (await db.execute(sql.join(parts, sql` union all `))) as unknown as ResultRows;
  return new Map(
    rowsOf(rows).map((r) => [Number(r.score), { above: Number(r.above), same: Number(r.same) }]),
  );
}

type ResultRows = { rows?: Record<string, unknown>[] } | Record<string, unknown>[];
/** postgres.js answers an array, PGlite `{ rows }`. */
const rowsOf = (r: ResultRows) => (Array.isArray(r) ? r : (r.rows ?? []));

/** How many ranked entries the board has. */
export async function fieldSize(db: Executor, tournamentId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${klashScoreCounts.count}), 0)` })
    .from(klashScoreCounts)
    .where(
      and(eq(klashScoreCounts.tournamentId, tournamentId), eq(klashScoreCounts.level, SCORE_LEVELS - 1)),
    );
  return Number(row?.n ?? 0);
}

/**
 * The scores at positions `positions` (0 = the best; a position past the field has none): a descent through the levels, each
 * step one read of at most 256 buckets, shared between the positions that go through the same bucket.
 */
export async function scoresAt(
  db: Executor,
  tournamentId: string,
  positions: readonly number[],
): Promise<Map<number, number>> {
  const children = new Map<string, { bucket: number; count: number }[]>();
  const childrenOf = async (level: number, parent: number | null) => {
    const key = `${level}:${parent}`;
    let rows = children.get(key);
    if (!rows) {
      const span = 2 ** SCORE_BUCKET_BITS;
      rows = (
        await db
          .select({ bucket: klashScoreCounts.bucket, count: klashScoreCounts.count })
          .from(klashScoreCounts)
          .where(
            and(
              eq(klashScoreCounts.tournamentId, tournamentId),
              eq(klashScoreCounts.level, level),
              sql`${klashScoreCounts.count} > 0`,
              parent === null
                ? undefined
                : sql`${klashScoreCounts.bucket} between ${parent * span} and ${parent * span + span - 1}`,
            ),
          )
          .orderBy(desc(klashScoreCounts.bucket))
      ).map((r) => ({ bucket: Number(r.bucket), count: Number(r.count) }));
      children.set(key, rows);
    }
    return rows;
  };
  const out = new Map<number, number>();
  for (const position of new Set(positions)) {
    let left = position;
    let parent: number | null = null;
    for (let level = SCORE_LEVELS - 1; level >= 0; level--) {
      const rows = await childrenOf(level, parent);
      const hit = rows.find((r) => {
        if (left < r.count) return true;
        left -= r.count;
        return false;
      });
      // Past the field (a cancellation emptied the counts since the field was read): no score there.
      if (!hit) break;
      parent = hit.bucket;
      if (level === 0) out.set(position, hit.bucket);
    }
  }
  return out;
}

/** The first `limit` ranked entries in the standings' order, through the standings index. */
export async function topEntries(db: Executor, tournamentId: string, limit: number) {
  return db
    .select()
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.tournamentId, tournamentId),
        eq(klashEntries.status, 'registered'),
        sql`${klashEntries.score} is not null`,
      ),
    )
    .orderBy(desc(klashEntries.score), asc(klashEntries.scoredAt), asc(klashEntries.id))
    .limit(limit);
}

/** Entries of the same score listed before this one, counted up to `cap` (only whether it is below `cap` matters). */
export async function tiesAhead(
  db: Executor,
  entry: { id: string; tournamentId: string; score: number; scoredAt: Date | null },
  cap: number,
): Promise<number> {
  if (cap <= 0) return 0;
  const rows = (await db.execute(sql`
    select count(*) as n from (
      select 1 from klash_entries
      where tournament_id = ${entry.tournamentId}::uuid and status = 'registered' and score = ${entry.score}
        and (scored_at, id) < (${entry.scoredAt?.toISOString() ?? null}::timestamptz, ${entry.id}::uuid)
      limit ${cap}) ahead`)) as unknown as ResultRows;
  return Number(rowsOf(rows)[0]?.n ?? 0);
}

/** Everything a projection needs about the field, read once per request. */
export interface FieldFacts {
  n: number;
  /** Percentile boundaries: the number of entries whose rank − 1 is below X, for each band's from and to. */
  below: Map<number, number>;
}

/** Positions whose "entries ranked below" a percentile table needs. */
export function percentileBoundaries(prizes: KlashPrizesInput, n: number): number[] {
  if (prizes.kind !== 'percentile') return [];
  const at = (percent: number) => Math.ceil((percent * n) / 100);
  return [...new Set(prizes.bands.flatMap((b) => [at(b.fromPercent), at(b.toPercent)]))];
}

/** For each boundary X: how many entries have rank − 1 < X (a whole tie group is in or out). */
export async function entriesRankedBelow(
  db: Executor,
  tournamentId: string,
  n: number,
  boundaries: readonly number[],
): Promise<Map<number, number>> {
  const inside = boundaries.filter((x) => x > 0 && x < n);
  const scores = await scoresAt(db, tournamentId, inside);
  const counts = await countsAround(db, tournamentId, [...scores.values()]);
  const out = new Map<number, number>();
  for (const x of boundaries) {
    if (x <= 0) out.set(x, 0);
    else if (x >= n) out.set(x, n);
    else if (!scores.has(x)) out.set(x, n);
    else {
      const c = counts.get(scores.get(x)!)!;
      out.set(x, c.above < x ? c.above + c.same : c.above);
    }
  }
  return out;
}

/**
 * The projected prize of one entry, equal to its `splitPrizes` allocation over the whole field:
 * - by rank: its tie group (rank r, `same` entries) pools prizes r … r + same − 1 and splits them equally,
 *   the remainder one unit each to the first entries of the group;
 * - by percentile: its band's amount split equally among the band's entries (from the boundaries), the
 *   remainder to the band's first entries.
 */
export async function projectedPrize(
  prizes: KlashPrizesInput,
  field: FieldFacts,
  entry: { rank: number; same: number; offsetInGroup: (cap: number) => Promise<number> },
): Promise<bigint> {
  if (prizes.kind === 'rank') {
    let total = 0n;
    const last = Math.min(entry.rank + entry.same - 1, prizes.ranks.length);
    for (let p = entry.rank; p <= last; p++) total += BigInt(prizes.ranks[p - 1]?.amount ?? '0');
    if (total === 0n) return 0n;
    return shareOf(total, BigInt(entry.same), (cap) => entry.offsetInGroup(cap));
  }
  const amounts = bandAmounts(poolOf(prizes), prizes.bands);
  const at = (percent: number) => Math.ceil((percent * field.n) / 100);
  for (const [i, band] of prizes.bands.entries()) {
    const from = at(band.fromPercent);
    const to = at(band.toPercent);
    if (!(from <= entry.rank - 1 && entry.rank - 1 < to)) continue;
    const first = field.below.get(from)!;
    const members = field.below.get(to)! - first;
    // The band's members start at position `first`; this entry's group starts at rank − 1.
    const groupOffset = entry.rank - 1 - first;
    return shareOf(amounts[i]!, BigInt(members), async (cap) =>
      cap <= groupOffset ? cap : groupOffset + (await entry.offsetInGroup(cap - groupOffset)),
    );
  }
  return 0n;
}

/** total / n, plus one unit when the entry's offset is below the remainder. */
async function shareOf(total: bigint, n: bigint, offset: (cap: number) => Promise<number>): Promise<bigint> {
  const each = total / n;
  const rest = Number(total - each * n);
  if (rest === 0) return each;
  return (await offset(rest)) < rest ? each + 1n : each;
}
