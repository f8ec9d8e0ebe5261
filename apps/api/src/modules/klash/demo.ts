import type { KlashTournamentInput } from '@khel/core/contract';
import type { Database, Transaction } from '@khel/db';
import { klashMatches, klashTournaments, seedRuns, users } from '@khel/db/schema';
import { and, asc, eq } from 'drizzle-orm';
import { systemAccount, transfer, userAccount } from '../ledger/index.ts';
import { SandboxKlashGameApi } from './game-api.ts';
import { openTournament, register, upsertTournament } from './klash.ts';
import { feedScores } from './leaderboard.ts';
import { payPrizesIn, startTournament } from './lifecycle.ts';
import { reportResult } from './matches.ts';

/**
 * Demo tournaments, seeded once outside production through the same services the API uses, so
 * `npm start` shows every state: an upcoming bracket with registration open (and a fee), a live bracket
 * mid-way (byes, a settled match, a disputed one, ready ones), a live 24-hour leaderboard fed by the game
 * sandbox, and a finished bracket whose prizes were paid as earnings. The players are bare demo accounts.
 */

export const KLASH_DEMO_SEED = 'klash-demo-v1';
const SEED_NAME = KLASH_DEMO_SEED;
const HOUR = 3_600_000;
const ACTOR = { operatorId: null, name: 'seed' };

const base = {
  rules: 'Play fair. Report your result as soon as your match ends; screenshots settle disputes.',
  coverUrl: null,
  mode: 'solo' as const,
  teamSize: 1,
  matchMinutes: 60,
  endsAt: null,
};
const iso = (now: Date, hours: number) => new Date(now.getTime() + hours * HOUR).toISOString();

async function demoPlayers(tx: Transaction, prefix: string, n: number) {
  const rows = await tx
    .insert(users)
    .values(Array.from({ length: n }, (_, i) => ({ username: `${prefix}${i + 1}`, isVerified: true })))
    .onConflictDoNothing()
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

async function create(tx: Transaction, input: KlashTournamentInput, now: Date) {
  await upsertTournament(tx, input, ACTOR, now);
  return openTournament(tx, input.slug, ACTOR, now);
}

export async function seedDemoKlash(db: Database, now: Date): Promise<{ applied: boolean }> {
  return db.transaction(async (tx) => {
    const marked = await tx.insert(seedRuns).values({ name: SEED_NAME }).onConflictDoNothing().returning();
    if (marked.length === 0) return { applied: false };

    await seedUpcomingBracket(tx, now);
    await seedLiveBracket(tx, now);
    await seedLiveLeaderboard(tx, now);
    await seedPastBracket(tx, now);
    return { applied: true };
  });
}

async function captainOf(tx: Transaction, entryId: string) {
  return (await tx.query.klashEntries.findFirst({ where: (e, { eq: is }) => is(e.id, entryId) }))!
    .captainUserId;
}

async function seedUpcomingBracket(tx: Transaction, now: Date) {
  // Upcoming: registration open, 50 K-Cash to enter, 1st 1200 / 2nd 800 / 3rd 500 K-Cash.
  const upcoming = await create(
    tx,
    {
      ...base,
      slug: 'monsoon-cup',
      title: 'Monsoon Cup',
      description: 'Sixty-four racers, one champion. Single elimination, best of one.',
      gameSlug: 'bullie-racer',
      format: 'bracket',
      capacity: 64,
      registrationOpensAt: iso(now, -24),
      registrationClosesAt: iso(now, 48),
      startsAt: iso(now, 49),
      entryFee: '50000',
      prizes: {
        kind: 'rank',
        ranks: [
          { rank: 1, amount: '1200000' },
          { rank: 2, amount: '800000' },
          { rank: 3, amount: '500000' },
        ],
      },
    },
    now,
  );
  for (const userId of await demoPlayers(tx, 'klash_racer_', 5)) {
    await transfer(tx, {
      idempotencyKey: `klash-demo-grant:${userId}`,
      debit: systemAccount('treasury'),
      credit: userAccount(userId, 'user_kcash_bought'),
      amount: 100_000n,
      currency: 'KCASH',
      kind: 'dev_grant',
    });
    await register(tx, { tournamentId: upcoming.id, userId, body: {}, now });
  }
}

async function seedLiveBracket(tx: Transaction, now: Date) {
  // Live bracket: 6 players (two byes), started 30 minutes ago.
  const liveStart = new Date(now.getTime() - HOUR / 2);
  const live = await create(
    tx,
    {
      ...base,
      slug: 'dark-throne-showdown',
      title: 'Dark Throne Showdown',
      description: 'Siege masters face off. Byes for the two best seeds.',
      gameSlug: 'dark-throne-sieges',
      format: 'bracket',
      capacity: 8,
      registrationOpensAt: iso(now, -72),
      registrationClosesAt: iso(now, -1),
      startsAt: liveStart.toISOString(),
      entryFee: '0',
      prizes: {
        kind: 'rank',
        ranks: [
          { rank: 1, amount: '300000' },
          { rank: 2, amount: '150000' },
        ],
      },
    },
    new Date(now.getTime() - 72 * HOUR),
  );
  const sieges = await demoPlayers(tx, 'klash_sieger_', 6);
  for (const userId of sieges)
    await register(tx, {
      tournamentId: live.id,
      userId,
      body: {},
      now: new Date(now.getTime() - 2 * HOUR),
    });
  await startTournament(tx, live.id, liveStart);
  const ready = await readyMatches(tx, live.id);
  if (ready[0]) {
    // Agreed: side A won.
    await reportResult(tx, {
      matchId: ready[0].id,
      userId: await captainOf(tx, ready[0].entryA!),
      result: 'won',
      score: 3,
      now: new Date(now.getTime() - 10 * 60_000),
    });
    await reportResult(tx, {
      matchId: ready[0].id,
      userId: await captainOf(tx, ready[0].entryB!),
      result: 'lost',
      score: 1,
      now: new Date(now.getTime() - 9 * 60_000),
    });
  }
  if (ready[1]) {
    // Disputed: both say they won.
    await reportResult(tx, {
      matchId: ready[1].id,
      userId: await captainOf(tx, ready[1].entryA!),
      result: 'won',
      score: null,
      now: new Date(now.getTime() - 5 * 60_000),
    });
    await reportResult(tx, {
      matchId: ready[1].id,
      userId: await captainOf(tx, ready[1].entryB!),
      result: 'won',
      score: null,
      now: new Date(now.getTime() - 4 * 60_000),
    });
  }
}

async function seedLiveLeaderboard(tx: Transaction, now: Date) {
  // Live 24-hour leaderboard, started 3 hours ago, scores from the game sandbox.
  const boardStart = new Date(now.getTime() - 3 * HOUR);
  const board = await create(
    tx,
    {
      ...base,
      slug: 'runes-24h-rush',
      title: 'Runes 24h Rush',
      description:
        'Best score in 24 hours wins. Top 10 % share 60 % of the pool, the next 40 % share the rest.',
      gameSlug: 'dark-throne-runes',
      format: 'leaderboard',
      capacity: 500,
      registrationOpensAt: iso(now, -48),
      registrationClosesAt: boardStart.toISOString(),
      startsAt: boardStart.toISOString(),
      endsAt: iso(now, 21),
      entryFee: '0',
      prizes: {
        kind: 'percentile',
        pool: '2000000',
        bands: [
          { fromPercent: 0, toPercent: 10, shareBasisPoints: 6000 },
          { fromPercent: 10, toPercent: 50, shareBasisPoints: 4000 },
        ],
      },
    },
    new Date(now.getTime() - 48 * HOUR),
  );
  for (const userId of await demoPlayers(tx, 'klash_rune_', 12))
    await register(tx, {
      tournamentId: board.id,
      userId,
      body: {},
      now: new Date(now.getTime() - 4 * HOUR),
    });
  await startTournament(tx, board.id, boardStart);
  const [boardRow] = await tx.select().from(klashTournaments).where(eq(klashTournaments.id, board.id));
  await feedScores(tx, boardRow!, new SandboxKlashGameApi(), now);
}

async function seedPastBracket(tx: Transaction, now: Date) {
  // Past: a 4-player bracket played three days ago, prizes paid.
  const pastStart = new Date(now.getTime() - 72 * HOUR);
  const past = await create(
    tx,
    {
      ...base,
      slug: 'cricket-legends-clash',
      title: 'Cricket Legends Clash',
      description: 'Four captains, three matches, one trophy.',
      gameSlug: 'colexion-cricket-legends',
      format: 'bracket',
      capacity: 4,
      registrationOpensAt: iso(now, -120),
      registrationClosesAt: iso(now, -73),
      startsAt: pastStart.toISOString(),
      entryFee: '0',
      prizes: {
        kind: 'rank',
        ranks: [
          { rank: 1, amount: '500000' },
          { rank: 2, amount: '250000' },
          { rank: 3, amount: '100000' },
        ],
      },
    },
    new Date(now.getTime() - 120 * HOUR),
  );
  for (const userId of await demoPlayers(tx, 'klash_captain_', 4))
    await register(tx, {
      tournamentId: past.id,
      userId,
      body: {},
      now: new Date(now.getTime() - 100 * HOUR),
    });
  await startTournament(tx, past.id, pastStart);
  let at = pastStart.getTime();
  for (let guard = 0; guard < 4; guard++) {
    const open = await readyMatches(tx, past.id);
    if (open.length === 0) break;
    for (const m of open) {
      at += 20 * 60_000;
      await reportResult(tx, {
        matchId: m.id,
        userId: await captainOf(tx, m.entryA!),
        result: 'won',
        score: 2,
        now: new Date(at),
      });
      await reportResult(tx, {
        matchId: m.id,
        userId: await captainOf(tx, m.entryB!),
        result: 'lost',
        score: 0,
        now: new Date(at),
      });
    }
  }
  await payPrizesIn(tx, past.id, new Date(at + HOUR));
}

async function readyMatches(tx: Transaction, tournamentId: string) {
  return tx
    .select()
    .from(klashMatches)
    .where(and(eq(klashMatches.tournamentId, tournamentId), eq(klashMatches.state, 'ready')))
    .orderBy(asc(klashMatches.round), asc(klashMatches.position));
}
