import {
  money,
  NO_LIVE_SEASON_MESSAGE,
  SEASON_BANDS,
  SEASON_DAYS,
  SEASON_POOL_KPOINTS,
  SEASON_RESULT_SHOWN_DAYS,
  SEASON_TOP_SHOWN,
  type Season,
} from '@khel/core/contract';
import { publicName } from '@khel/core/format';
import type { Executor, Transaction } from '@khel/db';
import { ledgerTransfers, type SeasonRow, seasons, users, userXp, xpAwards } from '@khel/db/schema';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { queryRows } from '../../lib/query-rows.ts';
import {
  createLeaderboard,
  endLeaderboard,
  participantsOf,
  rankOf,
  recordPoints,
  topOf,
} from '../leaderboards/index.ts';
import { systemAccount, type TransferInput, transfer, transferMany, userAccount } from '../ledger/index.ts';
import { enqueueNotifications } from '../notifications/index.ts';

const DAY = 86_400_000;

/**
 * Held by each transaction of the seasons job: the job queue runs one run at a time, and this keeps it so if
 * two workers ever run it at once (a board's counters are then written in one order, and a season is made once).
 */
const seasonsLock = (tx: Executor) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('khel:seasons'))`);
/** XP earned in a request that began before the end still counts: a season is paid this long after it ends. */
export const SEASON_SETTLE_GRACE_MS = 60_000;
/** The seasons job: make the season now, count new XP on its board, pay the seasons that ended. */
export const SEASONS_JOB = 'progression.seasons';
export const SEASONS_EVERY_MS = 10_000;
/** Awards counted per transaction of the job, and per run. */
const TALLY_BATCH = 500;
const TALLY_PER_RUN = 5_000;

type Band = { fromRank: number; toRank: number; bps: number };

/**
 * What each rank of a season is paid: rank r in a band gets ⌊pool · bps / 10 000⌋; ranks no one reached get
 * nothing, and what is left of the pool (those ranks, the rounding) is returned. `ranked` is how many gamers
 * have a rank. Exact: the sum of the payments plus the return is the pool.
 */
export function allocateSeason(pool: bigint, bands: readonly Band[], ranked: number) {
  const payments: { rank: number; amount: bigint }[] = [];
  const paidRanks = new Set<number>();
  let left = pool;
  for (const band of bands)
    for (let rank = band.fromRank; rank <= Math.min(band.toRank, ranked); rank++) {
      // Bands never overlap nor ask more than the pool (the contract's share it exactly); if they did, a
      // rank is paid once and the pool is never overdrawn.
      const share = (pool * BigInt(band.bps)) / 10_000n;
      const amount = share < left ? share : left;
      if (amount <= 0n || paidRanks.has(rank)) continue;
      paidRanks.add(rank);
      left -= amount;
      payments.push({ rank, amount });
    }
  const paid = payments.reduce((sum, p) => sum + p.amount, 0n);
  return { payments, returned: pool - paid };
}

/**
 * The season whose window holds `at`, made (with its board and its pool funded from the treasury) when there
 * is none: the first starts at `at`'s hour, each next one where the last ended, SEASON_DAYS long, with the
 * pool and bands of the contract written once. Called by the seasons job only (one run at a time).
 */
export async function ensureSeason(deps: AppDeps, at: Date): Promise<SeasonRow> {
  const [current] = await deps.db
    .select()
    .from(seasons)
    .where(and(lte(seasons.startsAt, at), sql`${seasons.endsAt} > ${at.toISOString()}::timestamptz`));
  if (current) return current;
  return deps.db.transaction(async (tx) => {
    await seasonsLock(tx);
    // Made meanwhile by another run: that one.
    const [made] = await tx
      .select()
      .from(seasons)
      .where(and(lte(seasons.startsAt, at), sql`${seasons.endsAt} > ${at.toISOString()}::timestamptz`));
    if (made) return made;
    const [last] = await tx.select().from(seasons).orderBy(desc(seasons.number)).limit(1);
    // Each season starts where the last ended (skipping whole seasons the job was down for); the first with
    // the hour it is made in.
    let start = last ? last.endsAt : new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
    while (start.getTime() + SEASON_DAYS * DAY <= at.getTime())
      start = new Date(start.getTime() + SEASON_DAYS * DAY);
    const endsAt = new Date(start.getTime() + SEASON_DAYS * DAY);
    const number = (last?.number ?? 0) + 1;
    const board = await createLeaderboard(tx, {
      slug: `season-${number}`,
      title: `Season ${number}`,
      kind: 'season',
      campaignId: null,
      startsAt: start,
      endsAt,
      publishedAt: start,
    });
    const [season] = await tx
      .insert(seasons)
      .values({
        number,
        startsAt: start,
        endsAt,
        leaderboardId: board.id,
        pool: BigInt(SEASON_POOL_KPOINTS),
        bands: SEASON_BANDS.map((b) => ({ ...b })),
      })
      .returning();
    await transfer(tx, {
      idempotencyKey: `season-pool:${season!.id}`,
      debit: systemAccount('treasury'),
      credit: systemAccount('rewards_pool'),
      amount: BigInt(SEASON_POOL_KPOINTS),
      currency: 'KPOINTS',
      kind: 'pool_funding',
      metadata: { season: String(number) },
    });
    return season!;
  });
}

/**
 * Counts XP not yet on a season's board (awards are written by requests; only this job writes the boards, so a
 * request never waits on a board's counters). Each award goes on the board of the season its time falls in,
 * once (`recordPoints`' key is the award's id; the award is marked in the same transaction); an award of no
 * season (before the first) is only marked. Returns how many it counted.
 */
export async function tallySeasonXp(deps: AppDeps): Promise<number> {
  let done = 0;
  while (done < TALLY_PER_RUN) {
    const counted = await deps.db.transaction(async (tx) => {
      await seasonsLock(tx);
      const batch = await queryRows<{
        id: number;
        user_id: string;
        xp: number;
        source: string;
        created_at: string | Date;
      }>(
        tx,
        sql`select id, user_id, xp, source, created_at from ${xpAwards} where not season_tallied
          order by id limit ${TALLY_BATCH} for update skip locked`,
      );
      if (batch.length === 0) return 0;
      const times = batch.map((a) => new Date(a.created_at).getTime());
      const windows = await tx
        .select()
        .from(seasons)
        .where(
          and(
            lte(seasons.startsAt, new Date(Math.max(...times))),
            sql`${seasons.endsAt} > ${new Date(Math.min(...times)).toISOString()}::timestamptz`,
          ),
        );
      // One user's awards together, users in id order: the board's entry rows are taken in one order.
      const ordered = [...batch].sort((a, b) =>
        a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : a.id - b.id,
      );
      for (const award of ordered) {
        const at = new Date(award.created_at);
        const season = windows.find((s) => s.startsAt <= at && at < s.endsAt);
        if (!season) continue;
        await recordPoints(tx, {
          leaderboardId: season.leaderboardId,
          userId: award.user_id,
          sourceKey: `xp:${award.id}`,
          label: award.source,
          points: Number(award.xp),
          at,
        });
      }
      await tx
        .update(xpAwards)
        .set({ seasonTallied: true })
        .where(
          inArray(
            xpAwards.id,
            batch.map((a) => Number(a.id)),
          ),
        );
      return batch.length;
    });
    done += counted;
    if (counted < TALLY_BATCH) break;
  }
  return done;
}

/**
 * Pays every season that ended at least SEASON_SETTLE_GRACE_MS ago and whose XP is all counted: LIVE → ENDED
 * (the conditional update is the claim: a second worker finds it ended and pays nothing), then the pool by the
 * bands written at its start, rank order as the board has it, each payment rewards_pool → the gamer's K-Points
 * (key `season:<season>:<rank>`), the rest back to the treasury, in one transaction. Returns the seasons paid.
 */
export async function settleSeasons(deps: AppDeps, now: Date): Promise<number> {
  const due = await deps.db
    .select()
    .from(seasons)
    .where(
      and(eq(seasons.status, 'LIVE'), lte(seasons.endsAt, new Date(now.getTime() - SEASON_SETTLE_GRACE_MS))),
    )
    .orderBy(asc(seasons.number));
  let paid = 0;
  for (const season of due) {
    // XP of the season not yet on its board waits for the next run.
    const [pending] = await queryRows<{ n: number }>(
      deps.db,
      sql`select count(*)::int as n from ${xpAwards} where not season_tallied
        and created_at >= ${season.startsAt.toISOString()}::timestamptz and created_at < ${season.endsAt.toISOString()}::timestamptz`,
    );
    if (Number(pending?.n ?? 0) > 0) continue;
    const settled = await deps.db.transaction(async (tx) => settleSeason(tx, season, now));
    if (settled) paid += 1;
  }
  return paid;
}

async function settleSeason(tx: Transaction, season: SeasonRow, now: Date): Promise<boolean> {
  await seasonsLock(tx);
  const [claimed] = await tx
    .update(seasons)
    .set({ status: 'ENDED', endedAt: now })
    .where(and(eq(seasons.id, season.id), eq(seasons.status, 'LIVE')))
    .returning({ id: seasons.id });
  if (!claimed) return false;
  const lastRank = Math.max(0, ...season.bands.map((b) => b.toRank));
  const ranked = await topOf(tx, season.leaderboardId, lastRank);
  const { payments, returned } = allocateSeason(season.pool, season.bands, ranked.length);
  const legs: TransferInput[] = payments.map((p) => ({
    idempotencyKey: `season:${season.id}:${p.rank}`,
    debit: systemAccount('rewards_pool'),
    credit: userAccount(ranked[p.rank - 1]!.userId, 'user_kpoints'),
    amount: p.amount,
    currency: 'KPOINTS' as const,
    kind: 'reward' as const,
    metadata: { season: String(season.number), rank: String(p.rank) },
  }));
  if (returned > 0n)
    legs.push({
      idempotencyKey: `season-return:${season.id}`,
      debit: systemAccount('rewards_pool'),
      credit: systemAccount('treasury'),
      amount: returned,
      currency: 'KPOINTS',
      kind: 'pool_funding' as const,
      metadata: { season: String(season.number), rank: 'return' },
    });
  if (legs.length > 0) await transferMany(tx, legs);
  // Each paid rank hears it (the bot's settings, language and quiet hours apply).
  await enqueueNotifications(
    tx,
    payments.map((p) => ({
      kind: 'season_reward' as const,
      userId: ranked[p.rank - 1]!.userId,
      dedupeKey: `season-reward:${season.id}:${p.rank}`,
      payload: { season: season.number, rank: p.rank, kpoints: p.amount.toString() },
    })),
  );
  await endLeaderboard(tx, season.leaderboardId, season.endsAt);
  return true;
}

export const seasonJobHandlers: Record<string, JobHandler> = {
  [SEASONS_JOB]: async (deps) => {
    const now = deps.clock();
    await ensureSeason(deps, now);
    await tallySeasonXp(deps);
    await settleSeasons(deps, now);
  },
};

/** The season now (or the last one, ended, until the next starts) as the card shows it. */
export async function seasonView(db: Executor, userId: string, now: Date): Promise<Season | null> {
  const [season] = await db
    .select()
    .from(seasons)
    .where(lte(seasons.startsAt, now))
    .orderBy(desc(seasons.number))
    .limit(1);
  if (!season) return null;
  const [top, mine, participants] = await Promise.all([
    topOf(db, season.leaderboardId, SEASON_TOP_SHOWN),
    rankOf(db, season.leaderboardId, userId),
    participantsOf(db, season.leaderboardId),
  ]);
  const names = top.length
    ? await db
        .select({ id: users.id, username: users.username, firstName: users.firstName, level: userXp.level })
        .from(users)
        .leftJoin(userXp, eq(userXp.userId, users.id))
        .where(
          inArray(
            users.id,
            top.map((e) => e.userId),
          ),
        )
    : [];
  const nameOf = (id: string) => publicName(names.find((n) => n.id === id) ?? { id });
  return {
    id: season.id,
    number: season.number,
    startsAt: season.startsAt.toISOString(),
    endsAt: season.endsAt.toISOString(),
    status: season.status,
    pool: money(season.pool, 'KPOINTS'),
    bands: season.bands.map((b) => ({
      fromRank: b.fromRank,
      toRank: b.toRank,
      reward: money((season.pool * BigInt(b.bps)) / 10_000n, 'KPOINTS'),
    })),
    top: top.map((e) => ({
      rank: e.rank,
      name: nameOf(e.userId),
      xp: e.score,
      level: names.find((n) => n.id === e.userId)?.level ?? 1,
    })),
    me: mine ? { rank: mine.rank, xp: mine.score } : null,
    participants,
    previous: await previousResult(db, season, userId, now),
  };
}

/**
 * The gamer's result in the season before `current` (or in `current` itself once it ended), shown for
 * SEASON_RESULT_SHOWN_DAYS after it ended: their place in the order the payment used (the ended board's top,
 * frozen) and the K-Points it paid them, read from the ledger by the payment's key; a place past the bands
 * comes from the board's rank and paid nothing.
 */
async function previousResult(
  db: Executor,
  current: SeasonRow,
  userId: string,
  now: Date,
): Promise<Season['previous']> {
  const [ended] = await db
    .select()
    .from(seasons)
    .where(and(eq(seasons.status, 'ENDED'), lte(seasons.number, current.number)))
    .orderBy(desc(seasons.number))
    .limit(1);
  if (!ended?.endedAt || now.getTime() - ended.endedAt.getTime() > SEASON_RESULT_SHOWN_DAYS * DAY)
    return null;
  const lastRank = Math.max(0, ...ended.bands.map((b) => b.toRank));
  const top = await topOf(db, ended.leaderboardId, lastRank);
  const place = top.findIndex((e) => e.userId === userId);
  if (place < 0) {
    const mine = await rankOf(db, ended.leaderboardId, userId);
    return mine ? { number: ended.number, rank: mine.rank, xp: mine.score, reward: null } : null;
  }
  const [paid] = await db
    .select({ amount: ledgerTransfers.amount })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, `season:${ended.id}:${place + 1}`));
  return {
    number: ended.number,
    rank: place + 1,
    xp: top[place]!.score,
    reward: paid ? money(paid.amount, 'KPOINTS') : null,
  };
}

/**
 * Outside production: the live season ends now for the seasons job, its end moved back past the grace period
 * (and its start, when it began within it), so the job's next run counts its XP, pays it and starts the next.
 * What a tester uses to see a season end without waiting four weeks; production never has this route.
 */
export async function endSeasonNow(db: Executor, now: Date): Promise<{ number: number; endsAt: string }> {
  const endsAt = new Date(now.getTime() - SEASON_SETTLE_GRACE_MS - 1_000);
  const [moved] = await db
    .update(seasons)
    .set({
      endsAt,
      startsAt: sql`least(${seasons.startsAt}, ${new Date(endsAt.getTime() - 1_000).toISOString()}::timestamptz)`,
    })
    .where(and(eq(seasons.status, 'LIVE'), gt(seasons.endsAt, now)))
    .returning({ number: seasons.number, leaderboardId: seasons.leaderboardId });
  if (!moved) throw new AppError(409, NO_LIVE_SEASON_MESSAGE);
  return { number: moved.number, endsAt: endsAt.toISOString() };
}
