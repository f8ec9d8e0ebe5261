import {
  KLASH_ALREADY_REPORTED_MESSAGE,
  KLASH_MATCH_NOT_FOUND_MESSAGE,
  KLASH_MATCH_NOT_READY_MESSAGE,
  KLASH_MATCH_SETTLED_MESSAGE,
  KLASH_NOT_BRACKET_MESSAGE,
  KLASH_NOT_FOUND_MESSAGE,
  KLASH_NOT_YOUR_MATCH_MESSAGE,
  KLASH_WINNER_NOT_IN_MATCH_MESSAGE,
  type KlashBracket,
  type KlashMatch,
  type KlashReport,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import {
  games,
  type KlashMatchRow,
  type KlashTournamentRow,
  klashEntries,
  klashEntryMembers,
  klashMatches,
  klashTournaments,
} from '@khel/db/schema';
import { and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import { enqueueNotifications } from '../notifications/index.ts';
import { Bracket, type BracketError, type BracketMatch, matchKey, seedEntries } from './bracket.ts';
import { completeTournament } from './complete.ts';
import type { KlashGameApi } from './game-api.ts';
import { entryUserIds, findTournament, notificationBase } from './klash.ts';
import { entryRefs, gamesById, matchView, seedingAlgorithm } from './views.ts';

/**
 * Bracket matches in the database: a tournament's matches are loaded under the tournament's lock into a
 * `Bracket` (bracket.ts), changed there, and the changed ones written back, in one transaction.
 */

type StoredMatch = BracketMatch & { id: string; tournamentId: string };

const toBracketMatch = (r: KlashMatchRow): StoredMatch => ({
  ...r,
  winnerSide: r.winnerSide === null ? null : (r.winnerSide as 0 | 1),
});

export async function loadBracket(db: Executor, t: KlashTournamentRow): Promise<Bracket> {
  const rows = await db.select().from(klashMatches).where(eq(klashMatches.tournamentId, t.id));
  return new Bracket(rows.map(toBracketMatch), t.matchMinutes * 60_000);
}

async function seedsOf(db: Executor, tournamentId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: klashEntries.id, seed: klashEntries.seed })
    .from(klashEntries)
    .where(and(eq(klashEntries.tournamentId, tournamentId), sql`${klashEntries.seed} is not null`));
  return new Map(rows.map((r) => [r.id, r.seed!]));
}

/** Writes back what changed, tells both sides of every newly ready match, and completes the tournament at the final. */
async function saveBracket(
  tx: Transaction,
  t: KlashTournamentRow,
  bracket: Bracket,
  now: Date,
  before: Map<string, string>,
) {
  for (const key of bracket.changed) {
    const m = bracket.byKey.get(key) as StoredMatch;
    const values = {
      entryA: m.entryA,
      entryB: m.entryB,
      byeA: m.byeA,
      byeB: m.byeB,
      reportA: m.reportA,
      reportB: m.reportB,
      reportedAtA: m.reportedAtA,
      reportedAtB: m.reportedAtB,
      scoreA: m.scoreA,
      scoreB: m.scoreB,
      state: m.state,
      winnerSide: m.winnerSide,
      resolution: m.resolution,
      deadlineAt: m.deadlineAt,
      settledAt: m.settledAt,
    };
    if (m.id) await tx.update(klashMatches).set(values).where(eq(klashMatches.id, m.id));
    else {
      const [row] = await tx
        .insert(klashMatches)
        .values({ tournamentId: t.id, round: m.round, position: m.position, ...values })
        .returning({ id: klashMatches.id });
      m.id = row!.id;
      m.tournamentId = t.id;
    }
  }
  const ready = [...bracket.changed]
    .map((k) => bracket.byKey.get(k) as StoredMatch)
    .filter((m) => m.state === 'ready' && before.get(matchKey(m)) !== 'ready');
  if (ready.length) {
    const entryIds = ready.flatMap((m) => [m.entryA!, m.entryB!]);
    const [recipients, names] = await Promise.all([
      entryUserIds(tx, entryIds),
      tx
        .select({ id: klashEntries.id, name: klashEntries.name })
        .from(klashEntries)
        .where(inArray(klashEntries.id, entryIds)),
    ]);
    const nameOf = new Map(names.map((n) => [n.id, n.name]));
    await enqueueNotifications(
      tx,
      ready.flatMap((m) =>
        (
          [
            [m.entryA!, m.entryB!],
            [m.entryB!, m.entryA!],
          ] as const
        ).flatMap(([mine, theirs]) =>
          (recipients.get(mine) ?? []).map((userId) => ({
            kind: 'klash' as const,
            userId,
            dedupeKey: `klash-match-ready:${m.id}:${userId}`,
            payload: {
              ...notificationBase(t),
              event: 'match_ready',
              matchId: m.id,
              opponent: nameOf.get(theirs) ?? null,
            },
          })),
        ),
      ),
    );
  }
  const champion = bracket.champion;
  if (champion && t.status === 'live') {
    await completeTournament(tx, t, champion, now);
  }
}

const statesOf = (bracket: Bracket) => new Map(bracket.matches.map((m) => [matchKey(m), m.state]));

/** Seeds the bracket at the start: entries sorted by SHA-256(seed:entryId), byes to the best seeds. */
export async function seedBracket(tx: Transaction, t: KlashTournamentRow, entryIds: string[], now: Date) {
  const seeded = seedEntries(t.seed ?? t.id, entryIds);
  for (const [i, id] of seeded.entries())
    await tx
      .update(klashEntries)
      .set({ seed: i + 1 })
      .where(eq(klashEntries.id, id));
  const bracket = Bracket.create(seeded, now, t.matchMinutes * 60_000);
  await tx.update(klashTournaments).set({ roundCount: bracket.rounds }).where(eq(klashTournaments.id, t.id));
  await saveBracket(tx, { ...t, status: 'live' }, bracket, now, new Map());
}

function bracketFailure(err: unknown): never {
  const reason = (err as BracketError).reason;
  if (reason === 'settled') throw new AppError(409, KLASH_MATCH_SETTLED_MESSAGE);
  if (reason === 'already_reported') throw new AppError(409, KLASH_ALREADY_REPORTED_MESSAGE);
  if (reason === 'not_ready') throw new AppError(409, KLASH_MATCH_NOT_READY_MESSAGE);
  throw err;
}

async function lockMatchTournament(tx: Transaction, matchId: string) {
  const [match] = await tx
    .select({ tournamentId: klashMatches.tournamentId })
    .from(klashMatches)
    .where(eq(klashMatches.id, matchId));
  if (!match) throw new AppError(404, KLASH_MATCH_NOT_FOUND_MESSAGE);
  const [t] = await tx
    .select()
    .from(klashTournaments)
    .where(eq(klashTournaments.id, match.tournamentId))
    .for('update');
  if (!t) throw new AppError(404, KLASH_MATCH_NOT_FOUND_MESSAGE);
  const bracket = await loadBracket(tx, t);
  const m = [...bracket.byKey.values()].find((x) => (x as StoredMatch).id === matchId) as StoredMatch;
  return { t, bracket, m };
}

/** A captain (or solo player) reports won or lost for their side. */
export async function reportResult(
  tx: Transaction,
  input: { matchId: string; userId: string; result: KlashReport; score: number | null; now: Date },
): Promise<KlashMatch> {
  const { t, bracket, m } = await lockMatchTournament(tx, input.matchId);
  const captains = await tx
    .select({ id: klashEntries.id })
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.captainUserId, input.userId),
        inArray(
          klashEntries.id,
          [m.entryA, m.entryB].filter((x): x is string => x !== null),
        ),
      ),
    );
  const side = captains[0] ? bracket.sideOf(m, captains[0].id) : null;
  if (side === null) throw new AppError(403, KLASH_NOT_YOUR_MATCH_MESSAGE);
  if (t.status !== 'live') throw new AppError(409, KLASH_MATCH_NOT_READY_MESSAGE);
  const before = statesOf(bracket);
  try {
    bracket.report(m, side, input.result, input.score, input.now);
  } catch (err) {
    bracketFailure(err);
  }
  await saveBracket(tx, t, bracket, input.now, before);
  return oneMatchView(tx, t, bracket, m, input.userId);
}

/** An operator names a match's winner (a dispute, or a match the sides never settled). */
export async function settleMatch(
  tx: Transaction,
  input: { matchId: string; winnerEntryId: string; now: Date },
) {
  const { t, bracket, m } = await lockMatchTournament(tx, input.matchId);
  const side = bracket.sideOf(m, input.winnerEntryId);
  if (side === null) throw new AppError(400, KLASH_WINNER_NOT_IN_MATCH_MESSAGE);
  const before = statesOf(bracket);
  try {
    bracket.decide(m, side, 'operator', input.now);
  } catch (err) {
    bracketFailure(err);
  }
  await saveBracket(tx, t, bracket, input.now, before);
  return oneMatchView(tx, t, bracket, m, null);
}

/** The job's part: matches past their deadline, and disputes the game API has a record of. */
export async function advanceBracket(
  tx: Transaction,
  tournamentId: string,
  gameApi: KlashGameApi,
  now: Date,
) {
  const [t] = await tx
    .select()
    .from(klashTournaments)
    .where(eq(klashTournaments.id, tournamentId))
    .for('update');
  if (t?.status !== 'live' || t.format !== 'bracket') return 0;
  const bracket = await loadBracket(tx, t);
  const before = statesOf(bracket);
  const seeds = await seedsOf(tx, t.id);
  const settled = bracket.expire(now, (id) => seeds.get(id) ?? Number.MAX_SAFE_INTEGER).length;
  let decided = 0;
  const [game] = await tx.select({ slug: games.slug }).from(games).where(eq(games.id, t.gameId));
  for (const m of bracket.matches as StoredMatch[]) {
    if (m.state !== 'disputed' || !m.entryA || !m.entryB) continue;
    const winner = await gameApi.matchWinner({
      gameSlug: game?.slug ?? '',
      matchId: m.id,
      entryA: m.entryA,
      entryB: m.entryB,
    });
    const side = winner ? bracket.sideOf(m, winner) : null;
    if (side !== null) {
      bracket.decide(m, side, 'game_api', now);
      decided++;
    }
  }
  if (bracket.changed.size) await saveBracket(tx, t, bracket, now, before);
  return settled + decided;
}

async function oneMatchView(
  db: Executor,
  t: KlashTournamentRow,
  bracket: Bracket,
  m: StoredMatch,
  viewerId: string | null,
) {
  const entries = await db
    .select()
    .from(klashEntries)
    .where(
      inArray(
        klashEntries.id,
        [m.entryA, m.entryB]
          .filter((x): x is string => x !== null)
          .concat(['00000000-0000-4000-8000-000000000000']),
      ),
    );
  const refs = await entryRefs(db, entries, viewerId);
  const seeds = new Map(entries.filter((e) => e.seed !== null).map((e) => [e.id, e.seed!]));
  return matchView(m, bracket.rounds || t.roundCount, refs, seeds);
}

export async function bracketView(
  db: Executor,
  tournamentId: string,
  viewerId: string | null,
): Promise<KlashBracket> {
  const t = await findTournament(db, tournamentId);
  if (t.format !== 'bracket') throw new AppError(404, KLASH_NOT_BRACKET_MESSAGE);
  const rows = await db
    .select()
    .from(klashMatches)
    .where(eq(klashMatches.tournamentId, t.id))
    .orderBy(asc(klashMatches.round), asc(klashMatches.position));
  const entries = await db.select().from(klashEntries).where(eq(klashEntries.tournamentId, t.id));
  const refs = await entryRefs(db, entries, viewerId);
  const seeded = entries.filter((e) => e.seed !== null).sort((a, b) => a.seed! - b.seed!);
  const seeds = new Map(seeded.map((e) => [e.id, e.seed!]));
  const rounds = t.roundCount;
  const byRound = new Map<number, KlashMatch[]>();
  for (const r of rows) {
    const view = matchView(toBracketMatch(r), rounds, refs, seeds);
    byRound.set(r.round, [...(byRound.get(r.round) ?? []), view]);
  }
  return {
    tournamentId: t.id,
    status: t.status,
    roundCount: rounds,
    rounds: [...byRound.entries()].map(([round, matches]) => ({
      round,
      roundsFromEnd: rounds - round,
      matches,
    })),
    champion: t.winnerEntryId ? (refs.get(t.winnerEntryId) ?? null) : null,
    seedHash: t.seedHash,
    seed: t.status === 'live' || t.status === 'completed' ? t.seed : null,
    seedingAlgorithm,
    seeding: seeded.map((e) => e.id),
  };
}

/** The user's matches (as captain or listed member): open ones first, then the last 20 settled. */
export async function myMatches(db: Executor, userId: string) {
  const mine = await db
    .selectDistinct({ id: klashEntries.id, captainUserId: klashEntries.captainUserId })
    .from(klashEntries)
    .leftJoin(klashEntryMembers, eq(klashEntryMembers.entryId, klashEntries.id))
    .where(or(eq(klashEntries.captainUserId, userId), eq(klashEntryMembers.userId, userId)));
  const ids = mine.map((m) => m.id);
  // Only a side's captain (a solo player captains their own entry) reports its result.
  const captained = new Set(mine.filter((m) => m.captainUserId === userId).map((m) => m.id));
  if (ids.length === 0) return { matches: [] };
  const rows = await db
    .select()
    .from(klashMatches)
    .where(or(inArray(klashMatches.entryA, ids), inArray(klashMatches.entryB, ids)))
    .orderBy(sql`${klashMatches.state} = 'settled'`, desc(klashMatches.deadlineAt))
    .limit(50);
  const open = rows.filter((r) => r.state !== 'settled');
  const settled = rows.filter((r) => r.state === 'settled').slice(0, 20);
  const shown = [...open, ...settled];
  const tournamentIds = [...new Set(shown.map((r) => r.tournamentId))];
  const tournaments = tournamentIds.length
    ? await db.select().from(klashTournaments).where(inArray(klashTournaments.id, tournamentIds))
    : [];
  const gameMap = await gamesById(
    db,
    tournaments.map((t) => t.gameId),
  );
  const entryIds = [
    ...new Set(shown.flatMap((r) => [r.entryA, r.entryB].filter((x): x is string => x !== null))),
  ];
  const entries = entryIds.length
    ? await db.select().from(klashEntries).where(inArray(klashEntries.id, entryIds))
    : [];
  const refs = await entryRefs(db, entries, userId);
  const seeds = new Map(entries.filter((e) => e.seed !== null).map((e) => [e.id, e.seed!]));
  const byId = new Map(tournaments.map((t) => [t.id, t]));
  return {
    matches: shown.map((r) => {
      const t = byId.get(r.tournamentId)!;
      return {
        ...matchView(toBracketMatch(r), t.roundCount, refs, seeds),
        tournament: { id: t.id, slug: t.slug, title: t.title, game: gameMap.get(t.gameId)!, mode: t.mode },
        canReport: [r.entryA, r.entryB].some((id) => id !== null && captained.has(id)),
      };
    }),
  };
}

export async function disputedMatches(db: Executor, slug: string) {
  const [t] = await db.select().from(klashTournaments).where(eq(klashTournaments.slug, slug));
  if (!t) throw new AppError(404, KLASH_NOT_FOUND_MESSAGE);
  const rows = await db
    .select()
    .from(klashMatches)
    .where(and(eq(klashMatches.tournamentId, t.id), eq(klashMatches.state, 'disputed')))
    .orderBy(asc(klashMatches.deadlineAt));
  const entryIds = rows.flatMap((r) => [r.entryA, r.entryB].filter((x): x is string => x !== null));
  const entries = entryIds.length
    ? await db.select().from(klashEntries).where(inArray(klashEntries.id, entryIds))
    : [];
  const refs = await entryRefs(db, entries, null);
  const seeds = new Map(entries.filter((e) => e.seed !== null).map((e) => [e.id, e.seed!]));
  return { matches: rows.map((r) => matchView(toBracketMatch(r), t.roundCount, refs, seeds)) };
}
