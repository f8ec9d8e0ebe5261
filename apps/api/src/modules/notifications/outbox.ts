import type { NotificationKind } from '@khel/core/contract';
import type { Transaction } from '@khel/db';
import { notificationDigests, outbox } from '@khel/db/schema';
import { and, eq, type SQL, sql } from 'drizzle-orm';

export interface Notification {
  kind: NotificationKind;
  userId: string;
  /** One message per key, ever: announcing the same thing again is a no-op. */
  dedupeKey: string;
  /** What the message needs (ids, titles, amounts as strings); rendered by the notifier. */
  payload: Record<string, string | number | boolean | null>;
  /** Not before (default: now). */
  availableAt?: Date;
}

/**
 * Writes a notification to the outbox in the caller's transaction (DESIGN §6), so it exists exactly
 * when the change it announces does. The notifier (apps/bot) delivers it; users who never opened the
 * bot, or who turned the kind off, are skipped there.
 */
export async function enqueueNotification(tx: Transaction, n: Notification): Promise<void> {
  await tx
    .insert(outbox)
    .values({
      kind: n.kind,
      userId: n.userId,
      dedupeKey: n.dedupeKey,
      payload: n.payload,
      ...(n.availableAt ? { availableAt: n.availableAt } : {}),
    })
    .onConflictDoNothing({ target: outbox.dedupeKey });
}

/**
 * enqueueNotification as one step of a caller's statement: an `INSERT … ON CONFLICT (dedupe_key) DO
 * NOTHING` to put in its `WITH` (a data-modifying CTE), that writes the row only when `when` (an SQL
 * condition, e.g. `exists (select 1 from finished)`) holds. The notification then costs no round trip of
 * its own and still exists exactly when the change it announces does (issue 23: a burst of finishers).
 */
export function notificationInsertSql(n: Notification, when: SQL): SQL {
  return sql`insert into ${outbox} (kind, user_id, dedupe_key, payload, available_at)
    select ${n.kind}, ${n.userId}::uuid, ${n.dedupeKey}, ${JSON.stringify(n.payload)}::jsonb,
      coalesce(${n.availableAt?.toISOString() ?? null}::timestamptz, now())
    where ${when}
    on conflict (dedupe_key) do nothing`;
}

/**
 * Several notifications computed in JS (each with its own payload) in ONE statement, whatever their number:
 * the list travels as a single jsonb parameter unpacked by `jsonb_to_recordset`, so there is no row-per-loop
 * round trip and no bind-parameter limit. Returns how many rows were new (the others' keys existed).
 */
export async function enqueueNotifications(tx: Transaction, list: readonly Notification[]): Promise<number> {
  if (list.length === 0) return 0;
  const rows = JSON.stringify(
    list.map((n) => ({
      kind: n.kind,
      user_id: n.userId,
      dedupe_key: n.dedupeKey,
      payload: n.payload,
      available_at: n.availableAt?.toISOString() ?? null,
    })),
  );
  return countInserted(
    tx,
    sql`insert into ${outbox} (kind, user_id, dedupe_key, payload, available_at)
    select r.kind, r.user_id, r.dedupe_key, r.payload, coalesce(r.available_at, now())
    from jsonb_to_recordset(${rows}::jsonb)
      as r(kind text, user_id uuid, dedupe_key text, payload jsonb, available_at timestamptz)
    on conflict (dedupe_key) do nothing`,
  );
}

export interface FanOut {
  kind: NotificationKind;
  /** The recipients: a query whose rows have a `user_id` column (e.g. a hub's followers). */
  recipients: SQL;
  /** Each row's key is this prefix followed by the user id: one message per prefix and user, ever. */
  dedupeKeyPrefix: string;
  /** The same payload for everyone. */
  payload: Record<string, string | number | boolean | null>;
  /** Not before (default: now). */
  availableAt?: Date;
}

/**
 * A fan-out (one message to many users) as one set-based `insert … select … on conflict do nothing` in the
 * caller's transaction: the database writes every row itself, so a million followers are one statement, not
 * a million. Running it twice, or in two transactions at once, writes each key once. Returns the new rows.
 */
export async function enqueueFanOut(tx: Transaction, f: FanOut): Promise<number> {
  const payload = JSON.stringify(f.payload);
  const availableAt = f.availableAt ? sql`${f.availableAt.toISOString()}::timestamptz` : sql`now()`;
  return countInserted(
    tx,
    sql`insert into ${outbox} (kind, user_id, dedupe_key, payload, available_at)
    select ${f.kind}, r.user_id, ${f.dedupeKeyPrefix} || r.user_id::text, ${payload}::jsonb, ${availableAt}
    from (${f.recipients}) r
    on conflict (dedupe_key) do nothing`,
  );
}

export interface Digest {
  kind: NotificationKind;
  userId: string;
  /** What the digest gathers (e.g. `clan_join_request:<clanId>`): at most one push per topic, user and window. */
  topic: string;
  /** Least time between two pushes of the topic to the user. */
  windowMs: number;
  now: Date;
  /** The payload with this event folded in: into the waiting digest's payload, or (null) into a new one. */
  fold: (previous: Record<string, unknown> | null) => Record<string, unknown>;
}

/**
 * Folds an event into a digest (one push for many events) in the caller's transaction. While the topic's latest
 * digest row waits (pending, not leased by the notifier), the event is folded into its payload; otherwise a new
 * row is written, due a window after the last one went out (or now, when none went out within a window). So the
 * first event of a quiet topic goes at once and a burst after it becomes one push per window, sent through the
 * outbox like any row (dedupe key `<topic>:<user>:<due ms>`; settings, mute and quiet hours apply). Events of one
 * topic and user are serialised on their `notification_digests` row.
 */
export async function enqueueDigest(tx: Transaction, d: Digest): Promise<void> {
  const { userId, topic, now } = d;
  const state = and(eq(notificationDigests.userId, userId), eq(notificationDigests.topic, topic));
  await tx.insert(notificationDigests).values({ userId, topic, outboxId: 0 }).onConflictDoNothing();
  const [digest] = await tx.select().from(notificationDigests).where(state).for('update');
  const [last] = digest?.outboxId
    ? await tx.select().from(outbox).where(eq(outbox.id, digest.outboxId)).for('update')
    : [];
  const onItsWay = last?.lockedUntil != null && last.lockedUntil > now;
  if (last && last.status === 'pending' && !onItsWay) {
    await tx
      .update(outbox)
      .set({ payload: d.fold(last.payload) })
      .where(eq(outbox.id, last.id));
    return;
  }
  // When the last one went: sent, being sent (now), or given up on at its due time.
  const wentAt = last ? (last.sentAt ?? (onItsWay ? now : last.availableAt)) : null;
  const due = new Date(Math.max(now.getTime(), wentAt ? wentAt.getTime() + d.windowMs : 0));
  const dedupeKey = `${topic}:${userId}:${due.getTime()}`;
  const [row] = await tx
    .insert(outbox)
    .values({ kind: d.kind, userId, dedupeKey, payload: d.fold(null), availableAt: due })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id });
  if (!row) return;
  await tx.update(notificationDigests).set({ outboxId: row.id, updatedAt: now }).where(state);
}

/** Runs an insert and counts the rows it wrote, in the same statement (PGlite and postgres.js alike). */
async function countInserted(tx: Transaction, insert: SQL): Promise<number> {
  const result = (await tx.execute(
    sql`with ins as (${insert} returning 1) select count(*)::int as n from ins`,
  )) as unknown;
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n ?? 0);
}
