import { createHash, randomBytes } from 'node:crypto';
import {
  KLASH_ALREADY_REGISTERED_MESSAGE,
  KLASH_CANNOT_CANCEL_MESSAGE,
  KLASH_CANNOT_OPEN_MESSAGE,
  KLASH_CLAN_NOT_MEMBER_MESSAGE,
  KLASH_FULL_MESSAGE,
  KLASH_GAME_NOT_FOUND_MESSAGE,
  KLASH_LEADERBOARD_HOURS,
  KLASH_MEMBER_DUPLICATE_MESSAGE,
  KLASH_MEMBER_TAKEN_MESSAGE,
  KLASH_NOT_EDITABLE_MESSAGE,
  KLASH_NOT_FOUND_MESSAGE,
  KLASH_NOT_REGISTERED_MESSAGE,
  KLASH_REGISTRATION_CLOSED_MESSAGE,
  KLASH_REGISTRATION_NOT_OPEN_MESSAGE,
  KLASH_SOLO_ONLY_MESSAGE,
  KLASH_TEAM_REQUIRED_MESSAGE,
  KLASH_TEAM_SIZE_MESSAGE,
  type KlashListStatus,
  type KlashRegisterBody,
  type KlashRegistration,
  type KlashTournamentDetails,
  type KlashTournamentInput,
} from '@khel/core/contract';
import { publicName } from '@khel/core/format';
import { isValidE164, PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import type { Database, Executor, Transaction } from '@khel/db';
import {
  clanMembers,
  clans,
  games,
  type KlashEntryRow,
  type KlashTournamentRow,
  klashEntries,
  klashEntryMembers,
  klashTournaments,
  users,
} from '@khel/db/schema';
import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { type Actor, logOperatorAction } from '../../lib/audit.ts';
import { AppError } from '../../lib/http.ts';
import { enqueueJob } from '../../lib/jobs.ts';
import { slugOrId } from '../../lib/slug-or-id.ts';
import { otherMembersOf } from '../clans/index.ts';
import {
  ensureUserAccounts,
  fundRewardsPool,
  payableOnlyIn,
  returnRewardsPool,
  spendKcash,
  systemAccount,
  transfer,
  userAccount,
} from '../ledger/index.ts';
import { enqueueNotifications, type Notification } from '../notifications/index.ts';
import { poolOf } from './prizes.ts';
import { clearScoreCounts } from './standings.ts';
import {
  entryRefs,
  gamesById,
  isRegistrationOpen,
  registrationView,
  seedingAlgorithm,
  tournamentView,
} from './views.ts';

/**
 * Klash tournaments: the catalogue (list, details), registration and withdrawal, and the operator's
 * writes (create/edit, open, cancel). Each function runs in the caller's one transaction; every write to
 * a tournament's entries locks its row first (FOR UPDATE), so capacity is never passed and a refund never
 * races a registration. Money: fee user → klash_escrow (`klash-fee:<entryId>`), refunded the same way it
 * came (`klash-refund:<entryId>:bought|earned`); the pool treasury → rewards_pool (`klash-pool:<id>`).
 */

export const KLASH_REFUNDS_JOB = 'klash.refunds';
export const KLASH_PAYOUT_JOB = 'klash.payout';
export const CANCEL_TOO_FEW_REASON = 'Not enough players registered.';

export const klashKeys = (tournamentId: string) => ({
  pool: `klash-pool:${tournamentId}`,
  poolReturn: `klash-pool-return:${tournamentId}`,
  fees: `klash-fees:${tournamentId}`,
  refunds: `klash-refunds:${tournamentId}`,
  payout: `klash-payout:${tournamentId}`,
});

export async function findTournament(db: Executor, ref: string, lock = false): Promise<KlashTournamentRow> {
  const q = db
    .select()
    .from(klashTournaments)
    .where(
      and(slugOrId(klashTournaments.slug, klashTournaments.id, ref), ne(klashTournaments.status, 'draft')),
    );
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError(404, KLASH_NOT_FOUND_MESSAGE);
  return row;
}

async function lockBySlug(tx: Transaction, slug: string): Promise<KlashTournamentRow> {
  const [row] = await tx.select().from(klashTournaments).where(eq(klashTournaments.slug, slug)).for('update');
  if (!row) throw new AppError(404, KLASH_NOT_FOUND_MESSAGE);
  return row;
}

const LIST_STATUSES: Record<KlashListStatus, KlashTournamentRow['status'][]> = {
  upcoming: ['scheduled', 'registration_open', 'registration_closed'],
  live: ['live'],
  past: ['completed', 'cancelled'],
};

export async function listTournaments(
  db: Executor,
  query: { status: KlashListStatus; gameSlug?: string; page: number; limit: number },
  now: Date,
) {
  const t = klashTournaments;
  const conditions = [inArray(t.status, LIST_STATUSES[query.status])];
  if (query.gameSlug) {
    const [game] = await db.select({ id: games.id }).from(games).where(eq(games.slug, query.gameSlug));
    if (!game) conditions.push(sql`false`);
    else conditions.push(eq(t.gameId, game.id));
  }
  const where = and(...conditions);
  const offset = (query.page - 1) * query.limit;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(t)
      .where(where)
      .orderBy(query.status === 'past' ? desc(t.startsAt) : asc(t.startsAt), asc(t.id))
      .limit(query.limit)
      .offset(offset),
    db.select({ n: count() }).from(t).where(where),
  ]);
  const gameMap = await gamesById(
    db,
    rows.map((r) => r.gameId),
  );
  const n = total?.n ?? 0;
  return {
    page: query.page,
    limit: query.limit,
    total: n,
    offset,
    isLastCard: offset + rows.length >= n,
    tournaments: rows.map((r) => tournamentView(r, gameMap.get(r.gameId)!, now)),
  };
}

/** The entry a user plays in (as captain or listed member), the latest first. */
export async function entryOfUser(
  db: Executor,
  tournamentId: string,
  userId: string,
): Promise<KlashEntryRow | null> {
  const e = klashEntries;
  const [row] = await db
    .select({ entry: e })
    .from(e)
    .leftJoin(klashEntryMembers, eq(klashEntryMembers.entryId, e.id))
    .where(
      and(
        eq(e.tournamentId, tournamentId),
        or(eq(e.captainUserId, userId), eq(klashEntryMembers.userId, userId)),
      ),
    )
    .orderBy(sql`${e.status} = 'registered' desc`, desc(e.registeredAt))
    .limit(1);
  return row?.entry ?? null;
}

export async function tournamentDetails(
  db: Executor,
  ref: string,
  viewerId: string | null,
  now: Date,
): Promise<KlashTournamentDetails> {
  const row = await findTournament(db, ref);
  const game = (await gamesById(db, [row.gameId])).get(row.gameId)!;
  const mine = viewerId ? await entryOfUser(db, row.id, viewerId) : null;
  const clanEntries = await db
    .select()
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.tournamentId, row.id),
        eq(klashEntries.status, 'registered'),
        sql`${klashEntries.clanId} is not null`,
      ),
    )
    .orderBy(asc(klashEntries.registeredAt))
    .limit(100);
  const winnerRows = row.winnerEntryId
    ? await db.select().from(klashEntries).where(eq(klashEntries.id, row.winnerEntryId))
    : [];
  const refs = await entryRefs(db, [...clanEntries, ...winnerRows], viewerId);
  return {
    ...tournamentView(row, game, now),
    rules: row.rules,
    matchMinutes: row.matchMinutes,
    seedHash: row.seedHash,
    seed: row.status === 'live' || row.status === 'completed' ? row.seed : null,
    seedingAlgorithm,
    myRegistration: mine ? await registrationView(db, mine, viewerId!) : null,
    winner: row.winnerEntryId ? (refs.get(row.winnerEntryId) ?? null) : null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    cancelReason: row.cancelReason,
    clanTeams: clanEntries.map((e) => refs.get(e.id)!),
  };
}

/** Everyone an entry's news goes to: the captain and the members who have an account. */
export async function entryUserIds(
  db: Executor,
  entryIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (entryIds.length === 0) return out;
  const captains = await db
    .select({ id: klashEntries.id, userId: klashEntries.captainUserId })
    .from(klashEntries)
    .where(inArray(klashEntries.id, [...entryIds]));
  for (const c of captains) out.set(c.id, [c.userId]);
  const members = await db
    .select({ id: klashEntryMembers.entryId, userId: klashEntryMembers.userId })
    .from(klashEntryMembers)
    .where(inArray(klashEntryMembers.entryId, [...entryIds]));
  for (const m of members) if (m.userId && !out.get(m.id)?.includes(m.userId)) out.get(m.id)?.push(m.userId);
  return out;
}

export const notificationBase = (t: Pick<KlashTournamentRow, 'id' | 'slug' | 'title'>) => ({
  tournamentId: t.id,
  tournamentSlug: t.slug,
  tournamentTitle: t.title,
});

interface RegisterInput {
  tournamentId: string;
  userId: string;
  body: KlashRegisterBody;
  now: Date;
}

/**
 * Registers the user (solo) or the user's team, taking the fee into escrow, in one transaction under the
 * tournament's lock: at most `capacity` entries, one active entry per player.
 */
export async function register(tx: Transaction, input: RegisterInput): Promise<KlashRegistration> {
  const { userId, now, body } = input;
  // Accounts are created before any lock (ledger README: creating one under a lock could deadlock).
  await ensureUserAccounts(tx, userId);
  const t = await findTournament(tx, input.tournamentId, true);
  if (!isRegistrationOpen(t, now))
    throw new AppError(
      409,
      now < t.registrationOpensAt && t.status === 'scheduled'
        ? KLASH_REGISTRATION_NOT_OPEN_MESSAGE
        : KLASH_REGISTRATION_CLOSED_MESSAGE,
    );
  if (t.mode === 'solo' && body.team) throw new AppError(400, KLASH_SOLO_ONLY_MESSAGE);
  if (t.mode === 'team' && !body.team) throw new AppError(400, KLASH_TEAM_REQUIRED_MESSAGE);
  if ((await entryOfUser(tx, t.id, userId))?.status === 'registered')
    throw new AppError(409, KLASH_ALREADY_REGISTERED_MESSAGE);
  if (t.registeredCount >= t.capacity) throw new AppError(409, KLASH_FULL_MESSAGE);

  const [captain] = await tx
    .select({
      username: users.username,
      firstName: users.firstName,
      phone: users.phoneNumber,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, userId));
  let members: { contactType: 'phone' | 'email'; contact: string; userId: string | null }[] = [];
  let clanId: string | null = null;
  if (body.team) {
    if (body.team.members.length !== t.teamSize - 1) throw new AppError(400, KLASH_TEAM_SIZE_MESSAGE);
    const contacts = body.team.members.map((m) =>
      m.type === 'phone'
        ? { contactType: 'phone' as const, contact: m.phone.trim() }
        : { contactType: 'email' as const, contact: m.email.trim().toLowerCase() },
    );
    for (const c of contacts)
      if (c.contactType === 'phone' && !isValidE164(c.contact))
        throw new AppError(400, PHONE_INVALID_MESSAGE);
    const own = [captain?.phone, captain?.email?.toLowerCase()].filter(Boolean);
    const distinct = new Set(contacts.map((c) => c.contact));
    if (distinct.size !== contacts.length || contacts.some((c) => own.includes(c.contact)))
      throw new AppError(400, KLASH_MEMBER_DUPLICATE_MESSAGE);
    const phones = contacts.filter((c) => c.contactType === 'phone').map((c) => c.contact);
    const emails = contacts.filter((c) => c.contactType === 'email').map((c) => c.contact);
    const accounts = await tx
      .select({ id: users.id, phone: users.phoneNumber, email: sql<string | null>`lower(${users.email})` })
      .from(users)
      .where(
        and(
          isNull(users.deletedAt),
          or(
            phones.length ? inArray(users.phoneNumber, phones) : sql`false`,
            emails.length ? inArray(sql`lower(${users.email})`, emails) : sql`false`,
          ),
        ),
      );
    members = contacts.map((c) => ({
      ...c,
      userId: accounts.find((a) => (c.contactType === 'phone' ? a.phone : a.email) === c.contact)?.id ?? null,
    }));
    // Nobody plays in two entries of one tournament: not by contact, not by account.
    const memberUserIds = members.flatMap((m) => (m.userId ? [m.userId] : []));
    const [taken] = await tx
      .select({ n: count() })
      .from(klashEntries)
      .leftJoin(klashEntryMembers, eq(klashEntryMembers.entryId, klashEntries.id))
      .where(
        and(
          eq(klashEntries.tournamentId, t.id),
          eq(klashEntries.status, 'registered'),
          or(
            inArray(klashEntryMembers.contact, [...distinct]),
            memberUserIds.length ? inArray(klashEntryMembers.userId, memberUserIds) : sql`false`,
            memberUserIds.length ? inArray(klashEntries.captainUserId, memberUserIds) : sql`false`,
          ),
        ),
      );
    if ((taken?.n ?? 0) > 0) throw new AppError(409, KLASH_MEMBER_TAKEN_MESSAGE);
    if (body.team.clanId) {
      const [membership] = await tx
        .select({ clanId: clanMembers.clanId })
        .from(clanMembers)
        .where(and(eq(clanMembers.userId, userId), eq(clanMembers.clanId, body.team.clanId)));
      if (!membership) throw new AppError(403, KLASH_CLAN_NOT_MEMBER_MESSAGE);
      clanId = membership.clanId;
    }
  }

  const [entry] = await tx
    .insert(klashEntries)
    .values({
      tournamentId: t.id,
      captainUserId: userId,
      name: body.team?.name ?? publicName({ id: userId, ...captain }),
      teamName: body.team?.name ?? null,
      clanId,
      registeredAt: now,
    })
    .returning();
  let row = entry!;
  if (t.entryFee > 0n) {
    // The fee is K-Cash only: a shortfall says 'Uh-oh! Not Enough K-Cash', not '… or rKHEL'.
    const spent = await payableOnlyIn('KCASH', () =>
      spendKcash(tx, {
        idempotencyKey: `klash-fee:${row.id}`,
        userId,
        amount: t.entryFee,
        credit: systemAccount('klash_escrow'),
        kind: 'fee',
        metadata: { tournamentId: t.id, tournamentSlug: t.slug, entryId: row.id },
      }),
    );
    [row] = (await tx
      .update(klashEntries)
      .set({ fee: t.entryFee, feeFromBought: spent.fromBought, feeFromEarned: spent.fromEarned })
      .where(eq(klashEntries.id, row.id))
      .returning()) as [KlashEntryRow];
  }
  if (members.length)
    await tx.insert(klashEntryMembers).values(members.map((m) => ({ entryId: row.id, ...m })));
  await tx
    .update(klashTournaments)
    .set({ registeredCount: sql`${klashTournaments.registeredCount} + 1`, updatedAt: now })
    .where(eq(klashTournaments.id, t.id));

  const base = notificationBase(t);
  const players = [userId, ...members.flatMap((m) => (m.userId ? [m.userId] : []))];
  const messages: Notification[] = players.map((player) => ({
    kind: 'klash',
    userId: player,
    dedupeKey: `klash-registered:${row.id}:${player}`,
    payload: { ...base, event: 'registered', teamName: row.teamName },
  }));
  if (clanId) {
    // The clan's other members hear that a team was entered for their clan.
    const clanmates = await otherMembersOf(tx, clanId, userId);
    const [clan] = await tx.select({ name: clans.name }).from(clans).where(eq(clans.id, clanId));
    for (const mate of clanmates)
      if (!players.includes(mate.userId))
        messages.push({
          kind: 'klash',
          userId: mate.userId,
          dedupeKey: `klash-clan-team:${row.id}:${mate.userId}`,
          payload: { ...base, event: 'clan_team', teamName: row.teamName, clanName: clan?.name ?? null },
        });
  }
  await enqueueNotifications(tx, messages);
  return registrationView(tx, row, userId);
}

/** Gives an entry's fee back to where it came from (bought and earned K-Cash), exactly once (ledger keys). */
export async function refundEntry(tx: Transaction, entry: KlashEntryRow, now: Date): Promise<boolean> {
  const [locked] = await tx.select().from(klashEntries).where(eq(klashEntries.id, entry.id)).for('update');
  if (!locked || locked.refundedAt !== null || locked.fee === 0n) return false;
  const legs = [
    { part: 'bought', amount: locked.feeFromBought, kind: 'user_kcash_bought' as const },
    { part: 'earned', amount: locked.feeFromEarned, kind: 'user_kcash_earned' as const },
  ];
  for (const leg of legs)
    if (leg.amount > 0n)
      await transfer(tx, {
        idempotencyKey: `klash-refund:${locked.id}:${leg.part}`,
        debit: systemAccount('klash_escrow'),
        credit: userAccount(locked.captainUserId, leg.kind),
        amount: leg.amount,
        currency: 'KCASH',
        kind: 'fee',
        metadata: { tournamentId: locked.tournamentId, entryId: locked.id, refund: true },
      });
  await tx.update(klashEntries).set({ refundedAt: now }).where(eq(klashEntries.id, locked.id));
  return true;
}

export async function withdraw(
  tx: Transaction,
  input: { tournamentId: string; userId: string; now: Date },
): Promise<KlashRegistration> {
  const t = await findTournament(tx, input.tournamentId, true);
  const [entry] = await tx
    .select()
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.tournamentId, t.id),
        eq(klashEntries.captainUserId, input.userId),
        eq(klashEntries.status, 'registered'),
      ),
    );
  if (!entry) throw new AppError(404, KLASH_NOT_REGISTERED_MESSAGE);
  if (!isRegistrationOpen(t, input.now)) throw new AppError(409, KLASH_REGISTRATION_CLOSED_MESSAGE);
  await refundEntry(tx, entry, input.now);
  await tx
    .update(klashEntries)
    .set({ status: 'withdrawn', withdrawnAt: input.now })
    .where(eq(klashEntries.id, entry.id));
  await tx
    .update(klashTournaments)
    .set({ registeredCount: sql`${klashTournaments.registeredCount} - 1`, updatedAt: input.now })
    .where(eq(klashTournaments.id, t.id));
  const [row] = await tx.select().from(klashEntries).where(eq(klashEntries.id, entry.id));
  return registrationView(tx, row!, input.userId);
}

/** Create or edit (drafts only: an opened tournament's pool is funded and its rules promised). */
export async function upsertTournament(
  tx: Transaction,
  input: KlashTournamentInput,
  actor: Actor,
  now: Date,
): Promise<{ row: KlashTournamentRow; created: boolean }> {
  const [game] = await tx.select({ id: games.id }).from(games).where(eq(games.slug, input.gameSlug));
  if (!game) throw new AppError(400, KLASH_GAME_NOT_FOUND_MESSAGE);
  const startsAt = new Date(input.startsAt);
  const values = {
    slug: input.slug,
    title: input.title,
    description: input.description,
    rules: input.rules,
    coverUrl: input.coverUrl,
    gameId: game.id,
    format: input.format,
    mode: input.mode,
    teamSize: input.teamSize,
    capacity: input.capacity,
    registrationOpensAt: new Date(input.registrationOpensAt),
    registrationClosesAt: new Date(input.registrationClosesAt),
    startsAt,
    endsAt:
      input.format === 'leaderboard'
        ? input.endsAt
          ? new Date(input.endsAt)
          : new Date(startsAt.getTime() + KLASH_LEADERBOARD_HOURS * 3_600_000)
        : null,
    matchMinutes: input.matchMinutes,
    entryFee: BigInt(input.entryFee),
    prizePool: poolOf(input.prizes),
    prizes: input.prizes,
    updatedAt: now,
  };
  const [existing] = await tx
    .select()
    .from(klashTournaments)
    .where(eq(klashTournaments.slug, input.slug))
    .for('update');
  if (existing) {
    if (existing.status !== 'draft') throw new AppError(409, KLASH_NOT_EDITABLE_MESSAGE);
    const [row] = await tx
      .update(klashTournaments)
      .set(values)
      .where(eq(klashTournaments.id, existing.id))
      .returning();
    await logOperatorAction(tx, actor, 'klash.edit', input.slug, {});
    return { row: row!, created: false };
  }
  const [row] = await tx
    .insert(klashTournaments)
    .values({ ...values, createdBy: actor.name, createdAt: now })
    .returning();
  await logOperatorAction(tx, actor, 'klash.create', input.slug, { format: input.format, mode: input.mode });
  return { row: row!, created: true };
}

/** Draft → scheduled: the treasury funds the pool, the seeding commitment is published. */
export async function openTournament(tx: Transaction, slug: string, actor: Actor | null, now: Date) {
  const t = await lockBySlug(tx, slug);
  if (t.status !== 'draft') throw new AppError(409, KLASH_CANNOT_OPEN_MESSAGE);
  const seed = randomBytes(32).toString('hex');
  if (t.prizePool > 0n)
    await fundRewardsPool(tx, {
      idempotencyKey: klashKeys(t.id).pool,
      amount: t.prizePool,
      metadata: { tournamentId: t.id, tournamentSlug: t.slug },
    });
  const [row] = await tx
    .update(klashTournaments)
    .set({
      status: t.registrationOpensAt <= now ? 'registration_open' : 'scheduled',
      seed,
      seedHash: createHash('sha256').update(seed).digest('hex'),
      openedAt: now,
      updatedAt: now,
    })
    .where(eq(klashTournaments.id, t.id))
    .returning();
  if (actor) await logOperatorAction(tx, actor, 'klash.open', slug, {});
  return row!;
}

/**
 * Cancels a tournament before it completes: entries become `cancelled` and the refund job gives every
 * fee back (exactly once: per-entry ledger keys and `refunded_at`, under the entry's lock); the pool goes
 * back to the treasury. Cancelling a cancelled tournament again changes nothing.
 */
export async function cancelTournament(
  tx: Transaction,
  slug: string,
  reason: string,
  actor: Actor | null,
  now: Date,
) {
  const t = await lockBySlug(tx, slug);
  const refunds = async () => {
    const [n] = await tx
      .select({ n: count() })
      .from(klashEntries)
      .where(
        and(
          eq(klashEntries.tournamentId, t.id),
          eq(klashEntries.status, 'cancelled'),
          sql`${klashEntries.fee} > 0`,
        ),
      );
    return n?.n ?? 0;
  };
  if (t.status === 'cancelled') return { id: t.id, slug: t.slug, status: t.status, refunds: await refunds() };
  if (t.status === 'completed') throw new AppError(409, KLASH_CANNOT_CANCEL_MESSAGE);
  const cancelled = await tx
    .update(klashEntries)
    .set({ status: 'cancelled' })
    .where(and(eq(klashEntries.tournamentId, t.id), eq(klashEntries.status, 'registered')))
    .returning();
  // No entry is ranked any more: the board's score counts go with them.
  await clearScoreCounts(tx, t.id);
  await tx
    .update(klashTournaments)
    .set({
      status: 'cancelled',
      payoutStatus: 'none',
      cancelledAt: now,
      cancelReason: reason,
      updatedAt: now,
    })
    .where(eq(klashTournaments.id, t.id));
  if (t.status !== 'draft' && t.prizePool > 0n)
    await returnRewardsPool(tx, {
      idempotencyKey: klashKeys(t.id).poolReturn,
      amount: t.prizePool,
      metadata: { tournamentId: t.id, cancelled: true },
    });
  // A live tournament's fees went from escrow to `fees` at the start: they come back to escrow to be refunded.
  const started = cancelled.reduce((sum, e) => sum + e.fee, 0n);
  if (t.status === 'live' && started > 0n)
    await transfer(tx, {
      idempotencyKey: `klash-fees-return:${t.id}`,
      debit: systemAccount('fees'),
      credit: systemAccount('klash_escrow'),
      amount: started,
      currency: 'KCASH',
      kind: 'fee',
      metadata: { tournamentId: t.id, cancelled: true },
    });
  await enqueueJob(tx, {
    kind: KLASH_REFUNDS_JOB,
    payload: { tournamentId: t.id },
    runAt: now,
    dedupeKey: klashKeys(t.id).refunds,
  });
  const recipients = await entryUserIds(
    tx,
    cancelled.map((e) => e.id),
  );
  await enqueueNotifications(
    tx,
    cancelled.flatMap((e) =>
      (recipients.get(e.id) ?? []).map((userId) => ({
        kind: 'klash' as const,
        userId,
        dedupeKey: `klash-cancelled:${e.id}:${userId}`,
        payload: {
          ...notificationBase(t),
          event: 'cancelled',
          kcash: userId === e.captainUserId && e.fee > 0n ? e.fee.toString() : null,
        },
      })),
    ),
  );
  if (actor) await logOperatorAction(tx, actor, 'klash.cancel', slug, { reason });
  return {
    id: t.id,
    slug: t.slug,
    status: 'cancelled' as const,
    refunds: cancelled.filter((e) => e.fee > 0n).length,
  };
}

/**
 * The refund job: every cancelled entry's fee back, one transaction per entry (a retry or a second run
 * finds them refunded and moves nothing).
 */
export async function refundCancelledEntries(db: Database, tournamentId: string, now: Date) {
  const pending = await db
    .select()
    .from(klashEntries)
    .where(
      and(
        eq(klashEntries.tournamentId, tournamentId),
        eq(klashEntries.status, 'cancelled'),
        isNull(klashEntries.refundedAt),
        sql`${klashEntries.fee} > 0`,
      ),
    );
  let refunded = 0;
  for (const entry of pending) if (await db.transaction((tx) => refundEntry(tx, entry, now))) refunded++;
  return refunded;
}
