import type { ClanGroupNewsKind } from '@khel/core/contract';
import type { Database } from '@khel/db';
import { clanGroupNews, clans, clanTelegramGroups, users } from '@khel/db/schema';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';

/** Serialises group-news claims across workers (like the outbox's claim lock, another key). */
export const GROUP_NEWS_CLAIM_LOCK_KEY = 7_341_120_213n;

/** A claimed `clan_group_news` row with what sending it needs. */
export interface ClaimedGroupNews {
  id: number;
  clanId: string;
  kind: ClanGroupNewsKind;
  payload: Record<string, unknown>;
  attempts: number;
  /** Our lease: later writes check it, so a worker whose lease ran out cannot overwrite a newer claim. */
  leaseUntil: Date;
  chatId: number;
  clanName: string;
  /** The clan chief's Khel language: the group reads the news in it. */
  languageCode: string | null;
}

const n = clanGroupNews;
const g = clanTelegramGroups;
const due = (now: Date) =>
  and(eq(n.status, 'pending'), lte(n.availableAt, now), or(isNull(n.lockedUntil), lte(n.lockedUntil, now)));

/**
 * Takes up to `limit` due news, at most one per group and only of groups whose `next_send_at` has come (Telegram
 * allows 20 messages a minute in a group; the notifier spaces a group's messages by its interval, across every
 * worker, through this column). The chosen groups are marked busy until the lease ends (`next_send_at`), so no
 * other worker sends to them meanwhile; sending sets it to the time of the next allowed message. News of a clan
 * whose group was unlinked since they were written are skipped. Rows are locked FOR UPDATE SKIP LOCKED and
 * leased (locked_until, attempts + 1) under a transaction advisory lock, as the outbox claim does.
 */
export async function claimDueGroupNews(
  db: Database,
  options: { now: Date; limit: number; leaseMs: number },
): Promise<ClaimedGroupNews[]> {
  const { now, limit } = options;
  const leaseUntil = new Date(now.getTime() + options.leaseMs);
  const taken = await leaseDueGroupNews(db, now, limit, leaseUntil);
  if (taken.length === 0) return [];
  return withClanDetails(db, taken, leaseUntil);
}

type GroupNewsRow = typeof clanGroupNews.$inferSelect;

/** The claim itself, in one transaction under the advisory lock: skips orphans, leases one news per free group. */
async function leaseDueGroupNews(
  db: Database,
  now: Date,
  limit: number,
  leaseUntil: Date,
): Promise<GroupNewsRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GROUP_NEWS_CLAIM_LOCK_KEY.toString()}::bigint)`);
    const orphans = tx.select({ clanId: g.clanId }).from(g);
    await tx
      .update(n)
      .set({ status: 'skipped', lockedUntil: null, lastError: 'the clan has no linked group' })
      .where(and(due(now), sql`${n.clanId} not in ${orphans}`));

    const ranked = tx
      .select({
        id: n.id,
        availableAt: n.availableAt,
        rank: sql<number>`row_number() over (partition by ${n.clanId} order by ${n.availableAt}, ${n.id})`.as(
          'rank',
        ),
      })
      .from(n)
      .innerJoin(g, eq(g.clanId, n.clanId))
      .where(and(due(now), or(isNull(g.nextSendAt), lte(g.nextSendAt, now))))
      .as('ranked');
    const picks = tx
      .select({ id: ranked.id })
      .from(ranked)
      .where(eq(ranked.rank, 1))
      .orderBy(ranked.availableAt, ranked.id)
      .limit(limit);
    const lockable = tx
      .select({ id: n.id })
      .from(n)
      .where(and(inArray(n.id, picks), due(now)))
      .for('update', { skipLocked: true });
    const rows = await tx
      .update(n)
      .set({ lockedUntil: leaseUntil, attempts: sql`${n.attempts} + 1` })
      .where(inArray(n.id, lockable))
      .returning();
    if (rows.length > 0)
      await tx
        .update(g)
        .set({ nextSendAt: leaseUntil })
        .where(
          inArray(
            g.clanId,
            rows.map((r) => r.clanId),
          ),
        );
    return rows;
  });
}

/** The claimed news with their group, clan name and language, oldest first; news of a group gone are let go. */
async function withClanDetails(
  db: Database,
  taken: GroupNewsRow[],
  leaseUntil: Date,
): Promise<ClaimedGroupNews[]> {
  const details = await db
    .select({ clanId: clans.id, name: clans.name, chatId: g.chatId, languageCode: users.languageCode })
    .from(clans)
    .innerJoin(g, eq(g.clanId, clans.id))
    .leftJoin(users, eq(users.id, clans.chiefId))
    .where(
      inArray(
        clans.id,
        taken.map((r) => r.clanId),
      ),
    );
  const byClan = new Map(details.map((d) => [d.clanId, d]));
  const claimed: ClaimedGroupNews[] = [];
  for (const row of taken.sort((a, b) => a.availableAt.getTime() - b.availableAt.getTime() || a.id - b.id)) {
    const clan = byClan.get(row.clanId);
    // Unlinked between the claim and now: the next claim skips it.
    if (!clan) {
      await db
        .update(n)
        .set({ lockedUntil: null })
        .where(and(eq(n.id, row.id), eq(n.lockedUntil, leaseUntil)));
      continue;
    }
    claimed.push({
      id: row.id,
      clanId: row.clanId,
      kind: row.kind,
      payload: row.payload,
      attempts: row.attempts,
      leaseUntil,
      chatId: clan.chatId,
      clanName: clan.name,
      languageCode: clan.languageCode,
    });
  }
  return claimed;
}

const held = (news: ClaimedGroupNews) => and(eq(n.id, news.id), eq(n.lockedUntil, news.leaseUntil));

/** Sent: the group's next message may go at `now + intervalMs` (any worker). */
export async function markGroupNewsSent(db: Database, news: ClaimedGroupNews, now: Date, intervalMs: number) {
  await db.transaction(async (tx) => {
    await tx
      .update(n)
      .set({ status: 'sent', sentAt: now, lockedUntil: null, lastError: null })
      .where(held(news));
    await tx
      .update(g)
      .set({ nextSendAt: new Date(now.getTime() + intervalMs) })
      .where(eq(g.chatId, news.chatId));
  });
}

/** Try again at `at`; the whole group waits until then (a 429 names the group, not the message). */
export async function retryGroupNewsLater(db: Database, news: ClaimedGroupNews, at: Date, error: string) {
  await db.transaction(async (tx) => {
    await tx
      .update(n)
      .set({ availableAt: at, lockedUntil: null, lastError: error.slice(0, 500) })
      .where(held(news));
    await tx.update(g).set({ nextSendAt: at }).where(eq(g.chatId, news.chatId));
  });
}

export async function markGroupNewsFailed(
  db: Database,
  news: ClaimedGroupNews,
  now: Date,
  intervalMs: number,
  error: string,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(n)
      .set({ status: 'failed', lockedUntil: null, lastError: error.slice(0, 500) })
      .where(held(news));
    await tx
      .update(g)
      .set({ nextSendAt: new Date(now.getTime() + intervalMs) })
      .where(eq(g.chatId, news.chatId));
  });
}

/**
 * Telegram answered 403 for the group: the bot was removed (or the group is gone). Forget the link, so the
 * clan's news stop until a chief adds the bot again, and skip the row.
 */
export async function unlinkLostGroup(db: Database, news: ClaimedGroupNews, reason: string) {
  await db.transaction(async (tx) => {
    await tx.delete(g).where(and(eq(g.chatId, news.chatId), eq(g.clanId, news.clanId)));
    await tx
      .update(n)
      .set({ status: 'skipped', lockedUntil: null, lastError: reason.slice(0, 500) })
      .where(held(news));
  });
}

/** The group became a supergroup (Telegram's `migrate_to_chat_id`): follow it and send there at once. */
export async function moveGroup(db: Database, news: ClaimedGroupNews, newChatId: number) {
  await db.transaction(async (tx) => {
    await tx.update(g).set({ chatId: newChatId, nextSendAt: null }).where(eq(g.chatId, news.chatId));
    await tx.update(n).set({ lockedUntil: null }).where(held(news));
  });
}
