import {
  KLASH_SEEDING_ALGORITHM,
  type KlashMatch,
  type KlashPrizes,
  type KlashRegistration,
  type KlashRegistrationState,
  type KlashTournament,
  money,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import {
  clans,
  games,
  type KlashEntryRow,
  type KlashTournamentRow,
  klashEntryMembers,
} from '@khel/db/schema';
import { eq, inArray } from 'drizzle-orm';
import type { BracketMatch } from './bracket.ts';
import { bandAmounts, poolOf } from './prizes.ts';

/** What the answers show of a tournament's game. */
export interface GameRef {
  id: string;
  slug: string;
  name: string;
  coverUrl: string;
}

export async function gamesById(db: Executor, ids: readonly string[]): Promise<Map<string, GameRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: games.id, slug: games.slug, name: games.name, coverUrl: games.coverUrl })
    .from(games)
    .where(inArray(games.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export function prizesView(row: Pick<KlashTournamentRow, 'prizes'>): KlashPrizes {
  const p = row.prizes;
  if (p.kind === 'rank')
    return {
      kind: 'rank',
      ranks: p.ranks.map((r) => ({ rank: r.rank, amount: money(BigInt(r.amount), 'KCASH') })),
    };
  const amounts = bandAmounts(poolOf(p), p.bands);
  return {
    kind: 'percentile',
    bands: p.bands.map((b, i) => ({ ...b, amount: money(amounts[i]!, 'KCASH') })),
  };
}

export function registrationState(row: KlashTournamentRow, now: Date): KlashRegistrationState {
  if (row.status === 'draft' || (row.status === 'scheduled' && now < row.registrationOpensAt))
    return 'not_open';
  if (!isRegistrationOpen(row, now)) return now < row.registrationOpensAt ? 'not_open' : 'closed';
  return row.registeredCount >= row.capacity ? 'full' : 'open';
}

/** Registration is open from opensAt to closesAt while the tournament is scheduled or registering (the job may lag). */
export const isRegistrationOpen = (row: KlashTournamentRow, now: Date) =>
  (row.status === 'scheduled' || row.status === 'registration_open') &&
  row.registrationOpensAt <= now &&
  now < row.registrationClosesAt;

export function tournamentView(row: KlashTournamentRow, game: GameRef, now: Date): KlashTournament {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    coverUrl: row.coverUrl ?? game.coverUrl,
    game,
    format: row.format,
    mode: row.mode,
    teamSize: row.teamSize,
    status: row.status,
    registrationOpensAt: row.registrationOpensAt.toISOString(),
    registrationClosesAt: row.registrationClosesAt.toISOString(),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt?.toISOString() ?? null,
    capacity: row.capacity,
    registeredCount: row.registeredCount,
    spotsLeft: Math.max(0, row.capacity - row.registeredCount),
    registration: registrationState(row, now),
    entryFee: money(row.entryFee, 'KCASH'),
    prizePool: money(row.prizePool, 'KCASH'),
    prizes: prizesView(row),
    payoutStatus: row.payoutStatus,
  };
}

/** `+91•••••3210`, `a•••@gmail.com`: enough for the team to recognise, never the whole contact. */
export function maskContact(type: 'phone' | 'email', contact: string): string {
  if (type === 'phone')
    return `${contact.slice(0, contact.length - 10 > 1 ? contact.length - 10 : 3)}•••••${contact.slice(-4)}`;
  const [local = '', domain = ''] = contact.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

export async function registrationView(
  db: Executor,
  entry: KlashEntryRow,
  viewerId: string,
): Promise<KlashRegistration> {
  const members =
    entry.teamName === null
      ? []
      : await db.select().from(klashEntryMembers).where(eq(klashEntryMembers.entryId, entry.id));
  const [clan] = entry.clanId
    ? await db.select({ id: clans.id, name: clans.name }).from(clans).where(eq(clans.id, entry.clanId))
    : [];
  return {
    entryId: entry.id,
    tournamentId: entry.tournamentId,
    status: entry.status,
    name: entry.name,
    isCaptain: entry.captainUserId === viewerId,
    team:
      entry.teamName === null
        ? null
        : {
            name: entry.teamName,
            members: members.map((m) => ({
              type: m.contactType,
              masked: maskContact(m.contactType, m.contact),
              joined: m.userId !== null,
            })),
            clan: clan ?? null,
          },
    feePaid: money(entry.fee, 'KCASH'),
    refunded: entry.refundedAt !== null,
    registeredAt: entry.registeredAt.toISOString(),
    seed: entry.seed,
    rank: entry.rank,
    prize: entry.prize === null ? null : money(entry.prize, 'KCASH'),
    prizePaid: entry.prizeEarningId !== null,
  };
}

export interface EntryRef {
  entryId: string;
  name: string;
  clan: { id: string; name: string } | null;
  isMe: boolean;
}

/** The entries of a tournament as brackets and boards show them, and which the viewer plays in. */
export async function entryRefs(
  db: Executor,
  entries: readonly KlashEntryRow[],
  viewerId: string | null,
): Promise<Map<string, EntryRef>> {
  const clanIds = [...new Set(entries.flatMap((e) => (e.clanId ? [e.clanId] : [])))];
  const clanRows = clanIds.length
    ? await db.select({ id: clans.id, name: clans.name }).from(clans).where(inArray(clans.id, clanIds))
    : [];
  const clanById = new Map(clanRows.map((c) => [c.id, c]));
  const mine = new Set<string>();
  if (viewerId) {
    for (const e of entries) if (e.captainUserId === viewerId) mine.add(e.id);
    const ids = entries.map((e) => e.id);
    if (ids.length) {
      const asMember = await db
        .select({ entryId: klashEntryMembers.entryId, userId: klashEntryMembers.userId })
        .from(klashEntryMembers)
        .where(inArray(klashEntryMembers.entryId, ids));
      for (const m of asMember) if (m.userId === viewerId) mine.add(m.entryId);
    }
  }
  return new Map(
    entries.map((e) => [
      e.id,
      {
        entryId: e.id,
        name: e.name,
        clan: e.clanId ? (clanById.get(e.clanId) ?? null) : null,
        isMe: mine.has(e.id),
      },
    ]),
  );
}

export function matchView(
  m: BracketMatch & { id: string; tournamentId: string },
  rounds: number,
  refs: Map<string, EntryRef>,
  seeds: Map<string, number>,
): KlashMatch {
  const side = (i: 0 | 1) => {
    const entryId = i === 0 ? m.entryA : m.entryB;
    return {
      entry: entryId ? (refs.get(entryId) ?? null) : null,
      seed: entryId ? (seeds.get(entryId) ?? null) : null,
      report: i === 0 ? m.reportA : m.reportB,
      reportedAt: (i === 0 ? m.reportedAtA : m.reportedAtB)?.toISOString() ?? null,
      score: i === 0 ? m.scoreA : m.scoreB,
      isBye: i === 0 ? m.byeA : m.byeB,
    };
  };
  const a = side(0);
  const b = side(1);
  return {
    id: m.id,
    tournamentId: m.tournamentId,
    round: m.round,
    roundsFromEnd: rounds - m.round,
    position: m.position,
    state: m.state,
    sides: [a, b],
    winnerSide: m.winnerSide,
    resolution: m.resolution,
    deadlineAt: m.deadlineAt?.toISOString() ?? null,
    settledAt: m.settledAt?.toISOString() ?? null,
    mySide: a.entry?.isMe ? 0 : b.entry?.isMe ? 1 : null,
  };
}

export const seedingAlgorithm = KLASH_SEEDING_ALGORITHM;
