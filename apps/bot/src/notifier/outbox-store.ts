import type { NotificationKind } from '@khel/core/contract';
import { quietUntil, timeZoneOf } from '@khel/core/domain';
import { type Database, toNotificationPreferences } from '@khel/db';
import {
  botChats,
  clanJoinRequests,
  clans,
  dailyClaims,
  earnings,
  notificationPreferences,
  notificationSettings,
  outbox,
  users,
} from '@khel/db/schema';
import { and, asc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from 'drizzle-orm';

/** Serialises the notifier's claims across workers (claims take milliseconds; sending happens outside). */
export const NOTIFIER_CLAIM_LOCK_KEY = 7_341_120_212n;

/** How many due rows a claim ranks per row it may take. */
const CANDIDATES_PER_ROW = 4;

/** A claimed outbox row with what sending it needs. */
export interface ClaimedNotification {
  id: number;
  kind: NotificationKind;
  userId: string;
  dedupeKey: string;
  payload: Record<string, unknown>;
  attempts: number;
  /** When the API wrote it (the web-push lane sends it to the devices subscribed by then). */
  createdAt: Date;
  /** Our lease: every later write checks it, so a worker whose lease ran out cannot overwrite a newer one. */
  leaseUntil: Date;
  chatId: number | null;
  blocked: boolean;
  enabled: boolean;
  /** The user muted every notification (/settings). */
  muted: boolean;
  /** Inside the user's quiet hours (their local time), when they end; else null. */
  quietUntil: Date | null;
  languageCode: string | null;
}

const o = outbox;
const due = (now: Date) =>
  and(eq(o.status, 'pending'), lte(o.availableAt, now), or(isNull(o.lockedUntil), lte(o.lockedUntil, now)));

/**
 * Takes up to `limit` due rows, at most one per user and none of a user who is busy (a row of theirs is being
 * sent by some worker, was sent less than the per-chat interval ago, or waits out a 429): `locked_until` in the
 * future marks all three. The rows are locked FOR UPDATE SKIP LOCKED and leased (locked_until = now + lease,
 * attempts + 1); a worker that dies leaves them to expire and be taken again. Claims hold a transaction advisory
 * lock so two workers never pick rows of one user at the same moment.
 */
export async function claimDue(
  db: Database,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedNotification[]> {
  const { now, limit } = options;
  const leaseUntil = new Date(now.getTime() + options.leaseMs);
  const taken = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${NOTIFIER_CLAIM_LOCK_KEY.toString()}::bigint)`);
    const busy = tx.selectDistinct({ userId: o.userId }).from(o).where(gt(o.lockedUntil, now));
    // The oldest due rows of users who are not busy, a few times the batch: ranking only these (not every
    // pending row: a fan-out leaves 100 000) keeps a claim cheap however long the queue is. A user with more rows
    // than that at the head still gets one sent per claim.
    const candidates = tx
      .select({ id: o.id, userId: o.userId, availableAt: o.availableAt })
      .from(o)
      .where(and(due(now), notInArray(o.userId, busy)))
      .orderBy(asc(o.availableAt), asc(o.id))
      .limit(limit * CANDIDATES_PER_ROW)
      .as('candidates');
    const ranked = tx
      .select({
        id: candidates.id,
        availableAt: candidates.availableAt,
        n: sql<number>`row_number() over (partition by ${candidates.userId} order by ${candidates.availableAt}, ${candidates.id})`.as(
          'n',
        ),
      })
      .from(candidates)
      .as('ranked');
    const picks = tx
      .select({ id: ranked.id })
      .from(ranked)
      .where(eq(ranked.n, 1))
      .orderBy(asc(ranked.availableAt), asc(ranked.id))
      .limit(limit);
    // The due conditions again on the locked row: one another worker claimed meanwhile no longer matches.
    const lockable = tx
      .select({ id: o.id })
      .from(o)
      .where(and(inArray(o.id, picks), due(now)))
      .for('update', { skipLocked: true });
    return tx
      .update(o)
      .set({ lockedUntil: leaseUntil, attempts: sql`${o.attempts} + 1` })
      .where(inArray(o.id, lockable))
      .returning();
  });
  return describeClaimed(db, taken, now, leaseUntil);
}

/**
 * What sending claimed rows needs besides the row: each user's chat, language, kinds turned off, mute and quiet
 * hours (shared by the Telegram lane and the web-push lane, `web-push/`).
 */
export async function describeClaimed(
  db: Database,
  taken: ReadonlyArray<typeof outbox.$inferSelect>,
  now: Date,
  leaseUntil: Date,
): Promise<ClaimedNotification[]> {
  if (taken.length === 0) return [];

  const userIds = [...new Set(taken.map((r) => r.userId))];
  const people = await db
    .select({
      id: users.id,
      languageCode: users.languageCode,
      country: users.country,
      phoneNumber: users.phoneNumber,
      signupCountry: users.signupCountry,
      chatId: botChats.chatId,
      blockedAt: botChats.blockedAt,
      muted: notificationPreferences.muted,
      quietStart: notificationPreferences.quietStart,
      quietEnd: notificationPreferences.quietEnd,
      timeZone: notificationPreferences.timeZone,
    })
    .from(users)
    .leftJoin(botChats, eq(botChats.userId, users.id))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, userIds));
  const off = await db
    .select({ userId: notificationSettings.userId, kind: notificationSettings.kind })
    .from(notificationSettings)
    .where(and(inArray(notificationSettings.userId, userIds), eq(notificationSettings.enabled, false)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const disabled = new Set(off.map((r) => `${r.userId}:${r.kind}`));
  return [...taken]
    .sort((a, b) => a.availableAt.getTime() - b.availableAt.getTime() || a.id - b.id)
    .map((row) => {
      const person = byId.get(row.userId);
      const preferences = toNotificationPreferences(person);
      const quiet = preferences.quietHours;
      return {
        id: row.id,
        kind: row.kind,
        userId: row.userId,
        dedupeKey: row.dedupeKey,
        payload: row.payload,
        attempts: row.attempts,
        createdAt: row.createdAt,
        leaseUntil,
        chatId: person?.chatId ?? null,
        blocked: person?.blockedAt != null,
        enabled: !disabled.has(`${row.userId}:${row.kind}`),
        muted: preferences.muted,
        quietUntil:
          quiet && person ? quietUntil(now, quiet, timeZoneOf({ ...person, ...preferences })) : null,
        languageCode: person?.languageCode ?? null,
      };
    });
}

const held = (n: ClaimedNotification) => and(eq(o.id, n.id), eq(o.lockedUntil, n.leaseUntil));

/** Sent: the user stays busy for the per-chat interval (locked_until), so no worker sends them more before. */
/**
 * `markSent` for many rows in one statement (each with its own send time), as the notifier's SentMarks gathers
 * them; a row whose lease is no longer ours is left alone.
 */
export async function markSentMany(
  db: Database,
  rows: ReadonlyArray<{ n: ClaimedNotification; at: Date }>,
  perChatIntervalMs: number,
) {
  if (rows.length === 0) return;
  const ids = `{${rows.map((r) => r.n.id).join(',')}}`;
  const leases = `{${rows.map((r) => `"${r.n.leaseUntil.toISOString()}"`).join(',')}}`;
  const sentAt = `{${rows.map((r) => `"${r.at.toISOString()}"`).join(',')}}`;
  await db.execute(sql`
    update ${o} set status = 'sent', sent_at = v.sent_at, last_error = null,
      locked_until = v.sent_at + ${`${perChatIntervalMs} milliseconds`}::interval
    from unnest(${ids}::bigint[], ${leases}::timestamptz[], ${sentAt}::timestamptz[]) as v(id, lease, sent_at)
    where ${o.id} = v.id and ${o.lockedUntil} = v.lease`);
}

export async function markSent(db: Database, n: ClaimedNotification, now: Date, perChatIntervalMs: number) {
  await db
    .update(o)
    .set({
      status: 'sent',
      sentAt: now,
      lastError: null,
      lockedUntil: new Date(now.getTime() + perChatIntervalMs),
    })
    .where(held(n));
}

export async function markSkipped(db: Database, n: ClaimedNotification, reason: string) {
  await db.update(o).set({ status: 'skipped', lockedUntil: null, lastError: reason }).where(held(n));
}

export async function markFailed(db: Database, n: ClaimedNotification, error: string) {
  await db
    .update(o)
    .set({ status: 'failed', lockedUntil: null, lastError: error.slice(0, 500) })
    .where(held(n));
}

/**
 * Tries again at `at`. With `busyUntilThen` (a 429 for this chat) the row keeps `locked_until = at` too, so no
 * other row of the user is sent before: the whole chat waits, other chats do not.
 */
export async function retryLater(
  db: Database,
  n: ClaimedNotification,
  at: Date,
  error: string,
  busyUntilThen: boolean,
) {
  await db
    .update(o)
    .set({ availableAt: at, lockedUntil: busyUntilThen ? at : null, lastError: error.slice(0, 500) })
    .where(held(n));
}

/**
 * Inside the user's quiet hours: the row waits for their end, not leased (other workers may take it then) and not
 * counted as an attempt. Nothing is dropped.
 */
export async function holdUntil(db: Database, n: ClaimedNotification, at: Date) {
  await db
    .update(o)
    .set({ availableAt: at, lockedUntil: null, attempts: sql`${o.attempts} - 1`, lastError: 'quiet hours' })
    .where(held(n));
}

/** Telegram answered 403: the user blocked the bot. Mark them (until their next /start) and skip the row. */
export async function markBlocked(db: Database, n: ClaimedNotification, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(botChats)
      .set({ blockedAt: now })
      .where(and(eq(botChats.userId, n.userId), isNull(botChats.blockedAt)));
    await tx
      .update(o)
      .set({ status: 'skipped', lockedUntil: null, lastError: 'blocked by the user' })
      .where(held(n));
  });
}

/**
 * A notification whose subject changed since it was written: an expiring earning already collected, a
 * join-request digest whose requests were all answered meanwhile (or whose reader no longer leads the clan), or
 * a streak reminder whose day was claimed or is over (held past its end by quiet hours, say).
 */
export async function isStale(db: Database, n: ClaimedNotification, now: Date): Promise<boolean> {
  if (n.kind === 'daily_streak_reminder') {
    const endsAt = typeof n.payload.endsAt === 'string' ? Date.parse(n.payload.endsAt) : Number.NaN;
    if (endsAt <= now.getTime()) return true;
    if (typeof n.payload.day !== 'string') return false;
    const [claim] = await db
      .select({ day: dailyClaims.day })
      .from(dailyClaims)
      .where(and(eq(dailyClaims.userId, n.userId), eq(dailyClaims.day, n.payload.day)));
    return claim !== undefined;
  }
  if (n.kind === 'clan_join_request' && typeof n.payload.clanId === 'string') {
    const clanId = n.payload.clanId;
    const [clan] = await db
      .select({ chiefId: clans.chiefId })
      .from(clans)
      .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
    if (clan?.chiefId !== n.userId) return true;
    const [waiting] = await db
      .select({ userId: clanJoinRequests.userId })
      .from(clanJoinRequests)
      .where(eq(clanJoinRequests.clanId, clanId))
      .limit(1);
    return waiting === undefined;
  }
  if (n.kind !== 'earning_expiring' || typeof n.payload.earningId !== 'string') return false;
  const [earning] = await db
    .select({ status: earnings.status, expiresAt: earnings.expiresAt })
    .from(earnings)
    .where(eq(earnings.id, n.payload.earningId));
  return earning?.status !== 'pending' || (earning.expiresAt !== null && earning.expiresAt <= now);
}
