import { randomUUID } from 'node:crypto';
import {
  CLAN_ALREADY_IN_CLAN_MESSAGE,
  CLAN_ANNOUNCEMENT_LIMIT_MESSAGE,
  CLAN_ANNOUNCEMENTS_PER_DAY,
  CLAN_CHIEF_CANNOT_LEAVE_MESSAGE,
  CLAN_DELETE_TOO_EARLY_MESSAGE,
  CLAN_FULL_MESSAGE,
  CLAN_JOIN_TOO_EARLY_MESSAGE,
  CLAN_MEMBER_NOT_FOUND_MESSAGE,
  CLAN_NOT_FOUND_MESSAGE,
  CLAN_NOT_IN_CLAN_MESSAGE,
  CLAN_REQUEST_NOT_FOUND_MESSAGE,
  CLAN_REQUESTER_IN_CLAN_MESSAGE,
  type ClanMember,
  type ClanMembershipStatus,
  type ClanSummary,
} from '@khel/core/contract';
import { canDeleteClan, canJoinClanAfterLeaving, DAY_MS } from '@khel/core/domain';
import type { Transaction } from '@khel/db';
import { type ClanRow, clanJoinRequests, clanMembers, clans, clanTelegramGroups } from '@khel/db/schema';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { enqueueDigest, enqueueFanOut, enqueueNotification } from '../notifications/index.ts';
import {
  addClanEvent,
  CLAN_ERROR_CODES,
  clanRulesOf,
  clanSummaryOf,
  displayNameOf,
  lastEventAt,
  lockChiefClan,
  lockClanUser,
  memberQuery,
  toClanMember,
  tooEarly,
  uniqueViolation,
} from './clans.ts';
import { enqueueClanNews } from './group-news.ts';

/** Which clan a chief's action names: from the website none (the clan they lead), from the bot the button's. */
export interface ChiefTarget {
  clanId?: string;
}

const alreadyInClan = () => new AppError(409, CLAN_ALREADY_IN_CLAN_MESSAGE);

/** Runs a membership transaction; a unique violation on one-clan-per-user that slipped past the checks is a 409. */
async function membershipTransaction<T>(deps: AppDeps, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await deps.db.transaction(work);
  } catch (err) {
    const unique = uniqueViolation(err);
    if (unique && (unique.constraint === null || unique.constraint === 'clan_members_pkey'))
      throw alreadyInClan();
    throw err;
  }
}

/**
 * Takes a seat in the clan: `member_count + 1` only while the clan is live and below its cap, in the transaction
 * that inserts the member, so concurrent joins can never overfill it (the CHECK on member_count is the net).
 * Null when there is no seat (or the clan is gone).
 */
async function takeSeat(tx: Transaction, clanId: string): Promise<ClanRow | null> {
  const [row] = await tx
    .update(clans)
    .set({ memberCount: sql`${clans.memberCount} + 1` })
    .where(and(eq(clans.id, clanId), isNull(clans.deletedAt), lt(clans.memberCount, clans.memberCap)))
    .returning();
  return row ?? null;
}

async function membershipOf(tx: Transaction, userId: string) {
  const [row] = await tx.select().from(clanMembers).where(eq(clanMembers.userId, userId));
  return row ?? null;
}

/** Adds a member whose seat was taken, and what comes with joining: no other pending requests, group news. */
async function addMember(
  tx: Transaction,
  clan: ClanRow,
  userId: string,
  now: Date,
  event: { kind: 'join' | 'approved'; actorId?: string },
) {
  await tx.insert(clanMembers).values({ userId, clanId: clan.id, role: 'Member', joinedAt: now });
  // One clan per user: requests to other clans are moot now.
  await tx.delete(clanJoinRequests).where(eq(clanJoinRequests.userId, userId));
  const eventId = await addClanEvent(tx, {
    clanId: clan.id,
    userId,
    kind: event.kind,
    actorId: event.actorId ?? null,
    at: now,
  });
  await enqueueClanNews(tx, {
    clanId: clan.id,
    kind: 'member_joined',
    dedupeKey: `member_joined:${clan.id}:${eventId}`,
    payload: { clanName: clan.name, clanId: clan.id, memberName: await displayNameOf(tx, userId) },
  });
}

/** Names a join-request digest lists (the count says how many asked). */
export const JOIN_DIGEST_NAMES = 3;

/**
 * Tells the chief someone asked to join, as a digest: the first request of a quiet clan goes at once, the ones
 * after it are gathered into one push per `CLAN_JOIN_DIGEST_MINUTES` (how many asked, the first names, a button
 * to review them).
 */
async function enqueueJoinRequestDigest(
  deps: AppDeps,
  tx: Transaction,
  clan: ClanRow,
  memberName: string,
  now: Date,
): Promise<void> {
  await enqueueDigest(tx, {
    kind: 'clan_join_request',
    userId: clan.chiefId,
    topic: `clan_join_request:${clan.id}`,
    windowMs: deps.env.CLAN_JOIN_DIGEST_MINUTES * 60_000,
    now,
    fold: (previous) => {
      const names = Array.isArray(previous?.memberNames) ? (previous.memberNames as string[]) : [];
      const count = typeof previous?.count === 'number' ? previous.count : 0;
      return {
        clanName: clan.name,
        clanId: clan.id,
        memberName: names[0] ?? memberName,
        memberNames: names.length < JOIN_DIGEST_NAMES ? [...names, memberName] : names,
        count: count + 1,
      };
    },
  });
}

/**
 * Joins a clan (OPEN: a member at once) or asks to (APPROVAL: a request and a digest to the chief).
 * One clan per user; a user who left a clan waits `minDaysToJoinClanAfterLeaving` (a removed member does not).
 */
export async function joinClan(
  deps: AppDeps,
  userId: string,
  clanId: string,
): Promise<{ status: ClanMembershipStatus; clan: ClanSummary }> {
  const now = deps.clock();
  const status = await membershipTransaction(deps, async (tx) => {
    await lockClanUser(tx, userId);
    const [clan] = await tx
      .select()
      .from(clans)
      .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
    if (!clan) throw new AppError(404, CLAN_NOT_FOUND_MESSAGE);
    if (await membershipOf(tx, userId)) throw alreadyInClan();
    const wait = canJoinClanAfterLeaving(clanRulesOf(deps), await lastEventAt(tx, userId, 'leave'), now);
    if (!wait.allowed)
      throw tooEarly(CLAN_JOIN_TOO_EARLY_MESSAGE, CLAN_ERROR_CODES.joinTooEarly, wait.availableAt!);

    if (clan.joinPolicy === 'APPROVAL') {
      if (clan.memberCount >= clan.memberCap) throw new AppError(409, CLAN_FULL_MESSAGE);
      const [asked] = await tx
        .insert(clanJoinRequests)
        .values({ clanId, userId, createdAt: now })
        .onConflictDoNothing()
        .returning();
      // Asking again while a request waits changes nothing and tells the chief nothing new.
      if (!asked) return 'PENDING' as const;
      await addClanEvent(tx, { clanId, userId, kind: 'request', at: now });
      await enqueueJoinRequestDigest(deps, tx, clan, await displayNameOf(tx, userId), now);
      return 'PENDING' as const;
    }

    const seated = await takeSeat(tx, clanId);
    if (!seated) throw new AppError(409, CLAN_FULL_MESSAGE);
    await addMember(tx, seated, userId, now, { kind: 'join' });
    return 'ACTIVE' as const;
  });
  return { status, clan: await clanSummaryOf(deps, clanId) };
}

/** Withdraws the user's pending request to a clan. */
export async function cancelJoinRequest(deps: AppDeps, userId: string, clanId: string): Promise<void> {
  const removed = await deps.db
    .delete(clanJoinRequests)
    .where(and(eq(clanJoinRequests.clanId, clanId), eq(clanJoinRequests.userId, userId)))
    .returning();
  if (removed.length === 0) throw new AppError(404, CLAN_REQUEST_NOT_FOUND_MESSAGE);
}

/** A member leaves (the chief hands over or deletes first); the 'leave' event starts the join waiting period. */
export async function leaveClan(deps: AppDeps, userId: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    await lockClanUser(tx, userId);
    const member = await membershipOf(tx, userId);
    if (!member) throw new AppError(409, CLAN_NOT_IN_CLAN_MESSAGE);
    if (member.role === 'Chief') throw new AppError(409, CLAN_CHIEF_CANNOT_LEAVE_MESSAGE);
    // The clan row before the member row, as every clan write does (no deadlock with a delete).
    await tx.select({ id: clans.id }).from(clans).where(eq(clans.id, member.clanId)).for('update');
    await dropMember(tx, member.clanId, userId);
    await addClanEvent(tx, { clanId: member.clanId, userId, kind: 'leave', at: now });
  });
}

async function dropMember(tx: Transaction, clanId: string, userId: string): Promise<boolean> {
  const gone = await tx
    .delete(clanMembers)
    .where(
      and(eq(clanMembers.userId, userId), eq(clanMembers.clanId, clanId), eq(clanMembers.role, 'Member')),
    )
    .returning();
  if (gone.length === 0) return false;
  await tx
    .update(clans)
    .set({ memberCount: sql`greatest(${clans.memberCount} - 1, 0)` })
    .where(eq(clans.id, clanId));
  return true;
}

/** The chief removes a member: no join waiting period for them, and a notification. */
export async function removeMember(
  deps: AppDeps,
  chiefId: string,
  memberId: string,
  target: ChiefTarget = {},
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, chiefId, target);
    if (memberId === chiefId || !(await dropMember(tx, clan.id, memberId)))
      throw new AppError(404, CLAN_MEMBER_NOT_FOUND_MESSAGE);
    const eventId = await addClanEvent(tx, {
      clanId: clan.id,
      userId: memberId,
      kind: 'removed',
      actorId: chiefId,
      at: now,
    });
    await enqueueNotification(tx, {
      kind: 'clan_member_removed',
      userId: memberId,
      dedupeKey: `clan_member_removed:${clan.id}:${eventId}`,
      payload: { clanName: clan.name, clanId: clan.id },
    });
  });
}

async function memberView(deps: AppDeps, tx: Transaction, userId: string): Promise<ClanMember> {
  const [row] = await memberQuery(tx).where(eq(clanMembers.userId, userId));
  return toClanMember(deps, row!);
}

/** The chief approves a request: one clan per user and the cap are checked again, atomically. */
export async function approveRequest(
  deps: AppDeps,
  chiefId: string,
  requesterId: string,
  target: ChiefTarget = {},
): Promise<ClanMember> {
  const now = deps.clock();
  return membershipTransaction(deps, async (tx) => {
    // The requester's lock before the clan's, in the order joins take them.
    await lockClanUser(tx, requesterId);
    const clan = await lockChiefClan(tx, chiefId, target);
    const [request] = await tx
      .select()
      .from(clanJoinRequests)
      .where(and(eq(clanJoinRequests.clanId, clan.id), eq(clanJoinRequests.userId, requesterId)));
    if (!request) throw new AppError(404, CLAN_REQUEST_NOT_FOUND_MESSAGE);
    if (await membershipOf(tx, requesterId)) throw new AppError(409, CLAN_REQUESTER_IN_CLAN_MESSAGE);
    const seated = await takeSeat(tx, clan.id);
    if (!seated) throw new AppError(409, CLAN_FULL_MESSAGE);
    await addMember(tx, seated, requesterId, now, { kind: 'approved', actorId: chiefId });
    await enqueueNotification(tx, {
      kind: 'clan_request_approved',
      userId: requesterId,
      dedupeKey: `clan_request_approved:${clan.id}:${requesterId}:${now.getTime()}`,
      payload: { clanName: clan.name, clanId: clan.id },
    });
    return memberView(deps, tx, requesterId);
  });
}

export async function refuseRequest(
  deps: AppDeps,
  chiefId: string,
  requesterId: string,
  target: ChiefTarget = {},
): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, chiefId, target);
    const gone = await tx
      .delete(clanJoinRequests)
      .where(and(eq(clanJoinRequests.clanId, clan.id), eq(clanJoinRequests.userId, requesterId)))
      .returning();
    if (gone.length === 0) throw new AppError(404, CLAN_REQUEST_NOT_FOUND_MESSAGE);
    const eventId = await addClanEvent(tx, {
      clanId: clan.id,
      userId: requesterId,
      kind: 'refused',
      actorId: chiefId,
      at: now,
    });
    await enqueueNotification(tx, {
      kind: 'clan_request_refused',
      userId: requesterId,
      dedupeKey: `clan_request_refused:${clan.id}:${eventId}`,
      payload: { clanName: clan.name, clanId: clan.id },
    });
  });
}

/** The chief makes a member the chief; the old chief stays a member. Every other member is told. */
export async function handOverClan(
  deps: AppDeps,
  chiefId: string,
  newChiefId: string,
  target: ChiefTarget = {},
): Promise<string> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, chiefId, target);
    const promoted = await tx
      .update(clanMembers)
      .set({ role: 'Chief' })
      .where(
        and(
          eq(clanMembers.userId, newChiefId),
          eq(clanMembers.clanId, clan.id),
          eq(clanMembers.role, 'Member'),
        ),
      )
      .returning();
    if (promoted.length === 0 || newChiefId === chiefId)
      throw new AppError(404, CLAN_MEMBER_NOT_FOUND_MESSAGE);
    await tx
      .update(clanMembers)
      .set({ role: 'Member' })
      .where(and(eq(clanMembers.userId, chiefId), eq(clanMembers.clanId, clan.id)));
    await tx.update(clans).set({ chiefId: newChiefId }).where(eq(clans.id, clan.id));
    const eventId = await addClanEvent(tx, {
      clanId: clan.id,
      userId: newChiefId,
      kind: 'handover',
      actorId: chiefId,
      at: now,
    });
    const memberName = await displayNameOf(tx, newChiefId);
    await enqueueFanOut(tx, {
      kind: 'clan_chief_handover',
      recipients: otherMembersSql(clan.id, chiefId),
      dedupeKeyPrefix: `clan_chief_handover:${clan.id}:${eventId}:`,
      payload: { clanName: clan.name, clanId: clan.id, memberName },
    });
    return clan.id;
  });
}

/**
 * The chief deletes the clan (`minDaysBeforeClanDelete` after its creation): it keeps its row (deleted_at, its
 * name free again), loses its members, requests and group link; the chief's 'delete' event starts the recreate
 * waiting period and the other members are told.
 */
export async function deleteClan(deps: AppDeps, chiefId: string): Promise<void> {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, chiefId);
    const wait = canDeleteClan(clanRulesOf(deps), clan.createdAt, now);
    if (!wait.allowed)
      throw tooEarly(CLAN_DELETE_TOO_EARLY_MESSAGE, CLAN_ERROR_CODES.deleteTooEarly, wait.availableAt!);
    // The other members hear it: one set-based insert from the member list, before it is emptied.
    await enqueueFanOut(tx, {
      kind: 'clan_deleted',
      recipients: otherMembersSql(clan.id, chiefId),
      dedupeKeyPrefix: `clan_deleted:${clan.id}:`,
      payload: { clanName: clan.name, clanId: clan.id },
    });
    await tx.delete(clanMembers).where(eq(clanMembers.clanId, clan.id));
    await tx.delete(clanJoinRequests).where(eq(clanJoinRequests.clanId, clan.id));
    await tx.delete(clanTelegramGroups).where(eq(clanTelegramGroups.clanId, clan.id));
    await tx.update(clans).set({ deletedAt: now, memberCount: 0 }).where(eq(clans.id, clan.id));
    await addClanEvent(tx, { clanId: clan.id, userId: chiefId, kind: 'delete', at: now });
  });
}

/**
 * The chief's announcement: an outbox row to every member but the chief (the notifier skips those who turned
 * announcements off) and the news to the linked group. At most CLAN_ANNOUNCEMENTS_PER_DAY a clan.
 */
export async function announceToClan(
  deps: AppDeps,
  chiefId: string,
  text: string,
  target: ChiefTarget = {},
): Promise<{ recipients: number }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, chiefId, target);
    const hit = await hitRateLimit(tx, `clan-announce:${clan.id}`, CLAN_ANNOUNCEMENTS_PER_DAY, DAY_MS, now);
    if (!hit.allowed)
      throw new AppError(429, CLAN_ANNOUNCEMENT_LIMIT_MESSAGE, null, {
        'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))),
      });
    const announcementId = randomUUID();
    const payload = { clanName: clan.name, clanId: clan.id, text };
    // A fresh announcement id: every member but the chief gets a new row, so the count is the recipients.
    const recipients = await enqueueFanOut(tx, {
      kind: 'clan_announcement',
      recipients: otherMembersSql(clan.id, clan.chiefId),
      dedupeKeyPrefix: `clan_announcement:${announcementId}:`,
      payload,
    });
    await enqueueClanNews(tx, {
      clanId: clan.id,
      kind: 'announcement',
      dedupeKey: `announcement:${announcementId}`,
      payload,
    });
    return { recipients };
  });
}

/** The members of a clan but one (the chief), as the recipients of a fan-out (`user_id`). */
const otherMembersSql = (clanId: string, exceptUserId: string) =>
  sql`select ${clanMembers.userId} as user_id from ${clanMembers}
    where ${clanMembers.clanId} = ${clanId} and ${clanMembers.userId} <> ${exceptUserId}`;
