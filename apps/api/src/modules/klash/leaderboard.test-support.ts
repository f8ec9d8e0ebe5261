import { type KlashLeaderboard, money } from '@khel/core/contract';
import { type Executor, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { leaderboardStandings } from './leaderboard.ts';
import { splitPrizes } from './prizes.ts';
import { entryRefs } from './views.ts';

/** The board as it was computed before issue 23: every scored entry read, ranked and split in memory. */
export async function fullSortView(
  db: Executor,
  tournamentId: string,
  limit: number,
  viewerId: string | null,
): Promise<KlashLeaderboard> {
  const [t] = await db
    .select()
    .from(schema.klashTournaments)
    .where(eq(schema.klashTournaments.id, tournamentId));
  const ranked = await leaderboardStandings(db, tournamentId);
  const paid = t!.payoutStatus === 'paid';
  const projected = new Map(
    splitPrizes(
      t!.prizes,
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
    tournamentId: t!.id,
    status: t!.status,
    startsAt: t!.startsAt.toISOString(),
    endsAt: t!.endsAt?.toISOString() ?? null,
    updatedAt: t!.scoresUpdatedAt?.toISOString() ?? null,
    total: ranked.length,
    rows: ranked.slice(0, limit).map(row),
    me: mine ? row(mine) : null,
  };
}
