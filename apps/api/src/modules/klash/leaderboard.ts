import {
  KLASH_ENTRY_NOT_FOUND_MESSAGE,
  KLASH_NOT_LEADERBOARD_MESSAGE,
  KLASH_NOT_LIVE_MESSAGE,
  type KlashLeaderboard,
  money,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { games, type KlashTournamentRow, klashEntries, klashTournaments } from '@khel/db/schema';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import type { KlashGameApi } from './game-api.ts';
import { findTournament } from './klash.ts';
import { rankByScore, splitPrizes } from './prizes.ts';
import { entryRefs } from './views.ts';

/**
 * Score leaderboards: each entry's best score (from the game API, or recorded by an operator) while the
 * board is live; ranks are competition ranks (ties share one, the earlier score listed first), and each
 * rank's prize is what the prize table would pay if the board closed now.
 */

/** Keeps the best of the stored and the given scores (never lowers one). */
async function storeScores(
  tx: Transaction,
  t: KlashTournamentRow,
  scores: { entryId: string; score: number }[],
  now: Date,
) {
  let recorded = 0;
  for (const s of scores) {
    const updated = await tx
      .update(klashEntries)
      .set({ score: s.score, scoredAt: now })
      .where(
        and(
          eq(klashEntries.id, s.entryId),
          eq(klashEntries.tournamentId, t.id),
          eq(klashEntries.status, 'registered'),
          sql`(${klashEntries.score} is null or ${klashEntries.score} < ${s.score})`,
        ),
      )
      .returning({ id: klashEntries.id });
    recorded += updated.length;
  }
  await tx.update(klashTournaments).set({ scoresUpdatedAt: now }).where(eq(klashTournaments.id, t.id));
  return recorded;
}

/** Operator: record scores by hand while the board is live (an entry of another tournament is refused). */
export async function recordScores(
  tx: Transaction,
  slug: string,
  scores: { entryId: string; score: number }[],
  now: Date,
) {
  const [t] = await tx.select().from(klashTournaments).where(eq(klashTournaments.slug, slug)).for('update');
  if (!t || t.status === 'draft') throw new AppError(404, 'This tournament is not available.');
  if (t.format !== 'leaderboard') throw new AppError(409, KLASH_NOT_LEADERBOARD_MESSAGE);
  if (t.status !== 'live' || (t.endsAt && now >= t.endsAt)) throw new AppError(409, KLASH_NOT_LIVE_MESSAGE);
  const ids = [...new Set(scores.map((s) => s.entryId))];
  const found = await tx
    .select({ id: klashEntries.id })
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.tournamentId, t.id),
        eq(klashEntries.status, 'registered'),
        inArray(klashEntries.id, ids),
      ),
    );
  if (found.length !== ids.length) throw new AppError(400, KLASH_ENTRY_NOT_FOUND_MESSAGE);
  return storeScores(tx, t, scores, now);
}

/** The job: asks the game API for the scores between the start and min(now, end). */
export async function feedScores(tx: Transaction, t: KlashTournamentRow, gameApi: KlashGameApi, now: Date) {
  const entries = await tx
    .select({ id: klashEntries.id })
    .from(klashEntries)
    .where(and(eq(klashEntries.tournamentId, t.id), eq(klashEntries.status, 'registered')));
  if (entries.length === 0) return 0;
  const [game] = await tx.select({ slug: games.slug }).from(games).where(eq(games.id, t.gameId));
  const to = t.endsAt && t.endsAt < now ? t.endsAt : now;
  const scores = await gameApi.scores({
    gameSlug: game?.slug ?? '',
    tournamentId: t.id,
    entryIds: entries.map((e) => e.id),
    from: t.startsAt,
    to,
  });
  return storeScores(tx, t, scores, now);
}

/** Ranked entries with a score, best first. */
export async function leaderboardStandings(db: Executor, tournamentId: string) {
  const rows = await db
    .select()
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.tournamentId, tournamentId),
        eq(klashEntries.status, 'registered'),
        sql`${klashEntries.score} is not null`,
      ),
    )
    .orderBy(asc(klashEntries.scoredAt), asc(klashEntries.id));
  return rankByScore(rows.map((r) => ({ ...r, score: r.score! })));
}

export async function leaderboardView(
  db: Executor,
  tournamentId: string,
  limit: number,
  viewerId: string | null,
): Promise<KlashLeaderboard> {
  const t = await findTournament(db, tournamentId);
  if (t.format !== 'leaderboard') throw new AppError(404, KLASH_NOT_LEADERBOARD_MESSAGE);
  const ranked = await leaderboardStandings(db, t.id);
  const paid = t.payoutStatus === 'paid';
  const projected = new Map(
    splitPrizes(
      t.prizes,
      ranked.map((r) => ({ entryId: r.id, rank: r.rank })),
    ).allocations.map((a) => [a.entryId, a.amount]),
  );
  const refs = await entryRefs(db, ranked, viewerId);
  const row = (r: (typeof ranked)[number]) => {
    const amount = paid ? r.prize : (projected.get(r.id) ?? null);
    return {
      ...refs.get(r.id)!,
      rank: r.rank,
      score: r.score,
      prize: amount ? money(amount, 'KCASH') : null,
    };
  };
  const mine = ranked.find((r) => refs.get(r.id)?.isMe);
  return {
    tournamentId: t.id,
    status: t.status,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt?.toISOString() ?? null,
    updatedAt: t.scoresUpdatedAt?.toISOString() ?? null,
    total: ranked.length,
    rows: ranked.slice(0, limit).map(row),
    me: mine ? row(mine) : null,
  };
}
