import {
  KLASH_ENTRY_NOT_FOUND_MESSAGE,
  KLASH_NOT_LEADERBOARD_MESSAGE,
  KLASH_NOT_LIVE_MESSAGE,
  type KlashLeaderboard,
  money,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import {
  games,
  type KlashEntryRow,
  type KlashTournamentRow,
  klashEntries,
  klashEntryMembers,
  klashTournaments,
} from '@khel/db/schema';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import type { KlashGameApi } from './game-api.ts';
import { findTournament } from './klash.ts';
import { rankByScore } from './prizes.ts';
import {
  countsAround,
  entriesRankedBelow,
  fieldSize,
  moveScoreCounts,
  percentileBoundaries,
  projectedPrize,
  tiesAhead,
  topEntries,
} from './standings.ts';
import { entryRefs } from './views.ts';

/**
 * Score leaderboards: each entry's best score (from the game API, or recorded by an operator) while the
 * board is live; ranks are competition ranks (ties share one, the earlier score listed first), and each
 * rank's prize is what the prize table would pay if the board closed now.
 */

/**
 * Keeps the best of the stored and the given scores (never lowers one), in the order given (an entry listed twice
 * counts each improvement), and moves the score counts with them: one read, one write, one or two count upserts,
 * whatever the number of entries. Callers hold the tournament row's lock.
 */
async function storeScores(
  tx: Transaction,
  t: KlashTournamentRow,
  scores: { entryId: string; score: number }[],
  now: Date,
) {
  let recorded = 0;
  if (scores.length > 0) {
    const ids = JSON.stringify([...new Set(scores.map((s) => s.entryId))]);
    const current = await tx
      .select({ id: klashEntries.id, score: klashEntries.score })
      .from(klashEntries)
      .where(
        and(
          eq(klashEntries.tournamentId, t.id),
          eq(klashEntries.status, 'registered'),
          sql`${klashEntries.id} in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)`,
        ),
      );
    const before = new Map(current.map((e) => [e.id, e.score]));
    const best = new Map(before);
    for (const s of scores) {
      if (!best.has(s.entryId)) continue;
      const old = best.get(s.entryId);
      if (old === null || old === undefined || old < s.score) {
        best.set(s.entryId, s.score);
        recorded++;
      }
    }
    const changed = [...best].filter(([id, score]) => score !== before.get(id)) as [string, number][];
    if (changed.length > 0) {
      await tx.execute(sql`
        update klash_entries e set score = v.score, scored_at = ${now.toISOString()}::timestamptz
        from jsonb_to_recordset(${JSON.stringify(changed.map(([id, score]) => ({ id, score })))}::jsonb)
          as v(id uuid, score bigint)
        where e.id = v.id`);
      await moveScoreCounts(
        tx,
        t.id,
        changed.map(([id, to]) => ({ from: before.get(id) ?? null, to })),
      );
    }
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

/**
 * The board's first `limit` rows and the reader's own row, with each one's projected prize: the top through the
 * standings index, ranks and prize groups from the score counts (standings.ts), so the cost stays the same
 * whatever the field's size. Equal, row for row, to ranking and splitting the whole field
 * (`leaderboardStandings` + `splitPrizes`; leaderboard.test.ts compares them).
 */
export async function leaderboardView(
  db: Executor,
  tournamentId: string,
  limit: number,
  viewerId: string | null,
): Promise<KlashLeaderboard> {
  const t = await findTournament(db, tournamentId);
  if (t.format !== 'leaderboard') throw new AppError(404, KLASH_NOT_LEADERBOARD_MESSAGE);
  // Independent reads go out together (a pool runs them side by side; PGlite one after the other).
  const [top, [mine], n] = await Promise.all([
    topEntries(db, t.id, limit),
    // The reader's first ranked entry (as captain or member), as the whole-field answer found it.
    viewerId
      ? db
          .select()
          .from(klashEntries)
          .where(
            and(
              eq(klashEntries.tournamentId, t.id),
              eq(klashEntries.status, 'registered'),
              sql`${klashEntries.score} is not null`,
              // Candidates by the captain index and the members' user index, never a scan of the board.
              sql`${klashEntries.id} in (
              select ${klashEntries.id} from ${klashEntries}
              where ${klashEntries.tournamentId} = ${t.id}::uuid and ${klashEntries.captainUserId} = ${viewerId}::uuid
                and ${klashEntries.status} = 'registered'
              union all
              select ${klashEntryMembers.entryId} from ${klashEntryMembers}
              where ${klashEntryMembers.userId} = ${viewerId}::uuid)`,
            ),
          )
          .orderBy(desc(klashEntries.score), asc(klashEntries.scoredAt), asc(klashEntries.id))
          .limit(1)
      : Promise.resolve([]),
    fieldSize(db, t.id),
  ]);
  // Competition ranks of the top rows, from their order; the last score's group may run past the page.
  const ranks = new Map<string, { rank: number; offset: number }>();
  top.forEach((e, i) => {
    const prev = top[i - 1];
    const start = prev && prev.score === e.score ? ranks.get(prev.id)!.rank : i + 1;
    ranks.set(e.id, { rank: start, offset: i + 1 - start });
  });
  // A score group wholly on the page is counted there; the page's last group may go on past it, and the
  // reader's may be anywhere: those two come from the counts.
  const onPage = new Map<number, number>();
  for (const e of top) onPage.set(e.score!, (onPage.get(e.score!) ?? 0) + 1);
  const last = top.at(-1)?.score ?? null;
  const paid = t.payoutStatus === 'paid';
  const shown = mine && !top.some((e) => e.id === mine.id) ? [...top, mine] : top;
  const [around, below, refs] = await Promise.all([
    countsAround(db, t.id, [
      ...(last === null || top.length < limit ? [] : [last]),
      ...(mine ? [mine.score!] : []),
    ]),
    paid ? new Map<number, number>() : entriesRankedBelow(db, t.id, n, percentileBoundaries(t.prizes, n)),
    entryRefs(db, shown, viewerId),
  ]);
  for (const [score, same] of onPage)
    if (!around.has(score))
      around.set(score, { above: ranks.get(top.find((e) => e.score === score)!.id)!.rank - 1, same });
  if (mine && !ranks.has(mine.id))
    ranks.set(mine.id, { rank: around.get(mine.score!)!.above + 1, offset: -1 });
  const field = { n, below };
  const row = async (e: KlashEntryRow) => {
    const { rank, offset } = ranks.get(e.id)!;
    const amount = paid
      ? e.prize
      : await projectedPrize(t.prizes, field, {
          rank,
          same: around.get(e.score!)!.same,
          offsetInGroup: async (cap) =>
            offset >= 0 ? Math.min(offset, cap) : tiesAhead(db, { ...e, score: e.score! }, cap),
        });
    return {
      ...refs.get(e.id)!,
      rank,
      score: e.score!,
      prize: amount ? money(amount, 'KCASH') : null,
    };
  };
  const rows = [];
  for (const e of top) rows.push(await row(e));
  return {
    tournamentId: t.id,
    status: t.status,
    startsAt: t.startsAt.toISOString(),
    endsAt: t.endsAt?.toISOString() ?? null,
    updatedAt: t.scoresUpdatedAt?.toISOString() ?? null,
    total: n,
    rows,
    me: mine ? await row(mine) : null,
  };
}
