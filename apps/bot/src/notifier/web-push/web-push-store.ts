import type { Database } from '@khel/db';
import { outbox, webPushDeliveries, webPushSubscriptions } from '@khel/db/schema';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { type ClaimedNotification, describeClaimed } from '../outbox-store.ts';

/**
 * The web-push lane's side of the outbox: its own columns (`push_status`, `push_available_at`,
 * `push_locked_until`, `push_attempts`), so a Telegram send and a Web Push of one row never wait for each other,
 * and `web_push_deliveries`, one row per (outbox row, subscription) the push service accepted.
 */

const o = outbox;
const s = webPushSubscriptions;

/** How many rows without any device a claim closes (`none`) per row it may take. */
const CLOSE_PER_ROW = 20;

/** A device subscribed before the row was written (the row is for it). */
const hasDevice = sql`exists (select 1 from ${s} where ${s.userId} = ${o.userId} and ${s.createdAt} <= ${o.createdAt})`;

/**
 * Takes up to `limit` rows due for Web Push: `push_status` pending, `push_available_at` (else `available_at`)
 * passed, no live lease, and a device of the user subscribed before the row was written. Locked FOR UPDATE SKIP
 * LOCKED and leased (`push_locked_until`, `push_attempts` + 1): a lane that dies leaves them to be taken again
 * when the lease ends. First, pending rows whose user has no such device are closed (`none`), a bounded batch
 * per claim, so the lane's queue is only the rows it has work for.
 */
export async function claimDuePush(
  db: Database,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedNotification[]> {
  const { now, limit } = options;
  const leaseUntil = new Date(now.getTime() + options.leaseMs);
  await db.execute(sql`
    update ${o} set push_status = 'none'
    where ${o.id} in (
      select ${o.id} from ${o}
      where ${o.pushStatus} = 'pending' and not ${hasDevice}
      order by ${o.id} limit ${limit * CLOSE_PER_ROW}
      for update skip locked)`);
  const lockable = db
    .select({ id: o.id })
    .from(o)
    .where(
      and(
        eq(o.pushStatus, 'pending'),
        sql`coalesce(${o.pushAvailableAt}, ${o.availableAt}) <= ${now.toISOString()}::timestamptz`,
        or(isNull(o.pushLockedUntil), lte(o.pushLockedUntil, now)),
        hasDevice,
      ),
    )
    .orderBy(asc(o.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const taken = await db
    .update(o)
    .set({ pushLockedUntil: leaseUntil, pushAttempts: sql`${o.pushAttempts} + 1` })
    .where(sql`${o.id} in ${lockable}`)
    .returning();
  // The lane's lease and attempts stand in for Telegram's in what it hands on.
  const claimed = await describeClaimed(db, taken, now, leaseUntil);
  const attempts = new Map(taken.map((r) => [r.id, r.pushAttempts]));
  return claimed.map((n) => ({ ...n, attempts: attempts.get(n.id) ?? n.attempts }));
}

const held = (n: ClaimedNotification) => and(eq(o.id, n.id), eq(o.pushLockedUntil, n.leaseUntil));

export type PushFinish = 'sent' | 'skipped' | 'failed' | 'none';

/** Done with the row (every device reached, or none left, or given up, or skipped). */
export async function finishPush(db: Database, n: ClaimedNotification, status: PushFinish) {
  await db.update(o).set({ pushStatus: status, pushLockedUntil: null }).where(held(n));
}

/** Tries again at `at` (a 429 or a push service's 5xx for some device). */
export async function retryPushLater(db: Database, n: ClaimedNotification, at: Date) {
  await db.update(o).set({ pushAvailableAt: at, pushLockedUntil: null }).where(held(n));
}

/** Inside the user's quiet hours: waits for their end, the attempt not counted. */
export async function holdPushUntil(db: Database, n: ClaimedNotification, at: Date) {
  await db
    .update(o)
    .set({ pushAvailableAt: at, pushLockedUntil: null, pushAttempts: sql`${o.pushAttempts} - 1` })
    .where(held(n));
}

export interface DeviceRow {
  id: string;
  endpoint: string;
  keys: string;
}

/**
 * The user's devices this row is for (subscribed before it was written) that have not accepted it yet. The row's
 * `created_at` is read in SQL: a JavaScript Date keeps milliseconds, PostgreSQL microseconds, so a device that
 * subscribed in the same millisecond as the row would otherwise be skipped.
 */
export async function devicesToReach(db: Database, n: ClaimedNotification): Promise<DeviceRow[]> {
  return db
    .select({ id: s.id, endpoint: s.endpoint, keys: s.keys })
    .from(s)
    .where(
      and(
        eq(s.userId, n.userId),
        sql`${s.createdAt} <= (select ${o.createdAt} from ${o} where ${o.id} = ${n.id})`,
        sql`not exists (select 1 from ${webPushDeliveries} d where d.outbox_id = ${n.id} and d.subscription_id = ${s.id})`,
      ),
    )
    .orderBy(asc(s.createdAt));
}

/** The push service accepted the row for this device: never sent to it again. */
export async function recordDelivery(db: Database, n: ClaimedNotification, deviceId: string, at: Date) {
  await db.transaction(async (tx) => {
    await tx
      .insert(webPushDeliveries)
      .values({ outboxId: n.id, subscriptionId: deviceId, sentAt: at })
      .onConflictDoNothing();
    await tx.update(s).set({ lastSuccessAt: at }).where(eq(s.id, deviceId));
  });
}

/** The push service answered 404 or 410 (the browser unsubscribed, or it expired): the subscription is gone. */
export async function removeDevice(db: Database, deviceId: string) {
  await db.delete(s).where(eq(s.id, deviceId));
}
