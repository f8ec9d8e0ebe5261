import type { Executor, Transaction } from '@khel/db';
import { campaignSlots, campaigns } from '@khel/db/schema';
import { eq, type SQL, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows.ts';

/**
 * The slots of a fixed campaign (FIXED_SLOT_FIXED_REWARD), one `campaign_slots` row each. A finisher
 * takes the lowest free slot that no other finisher is taking at that moment (SKIP LOCKED), so a burst
 * of finishers spreads over the free rows instead of queueing on one counter, and a slot is taken once
 * whatever the concurrency (its row is locked, then written). `campaigns.remaining_slots` is only the
 * figure shown: counted from these rows after a take commits and by the lifecycle job.
 */

/** Writes the slot rows of a campaign whose rules are (re)written before it starts: 1..total, all free. */
export async function writeSlots(tx: Transaction, campaignId: string, total: number | null): Promise<void> {
  await tx.delete(campaignSlots).where(eq(campaignSlots.campaignId, campaignId));
  if (total === null || total <= 0) return;
  await tx.execute(sql`
    insert into ${campaignSlots} (campaign_id, number)
    select ${campaignId}::uuid, n from generate_series(1, ${total}::int) as n`);
}

/**
 * Takes a free slot for the user in the caller's transaction and returns its number, or null when none
 * is left or the campaign no longer runs (PUBLISHED or LIVE, before its end: read in the same statement;
 * a finisher's transaction holds the campaign row FOR KEY SHARE, so neither can change before it commits). First the lowest free slot nobody holds (no waiting); when every free slot is held by a
 * finisher still in flight, it waits for the first of them: if that one commits, the next free slot is
 * tried, so a slot given back by a rollback is never lost.
 *
 * `alongside`: writes that go with the take, run in the same statement (data-modifying CTEs after the
 * one named `taken`, whose column `number` is the slot taken; each should do nothing unless `exists
 * (select 1 from taken)`), so what a finisher writes about its slot costs no round trip of its own.
 */
export async function takeSlot(
  tx: Transaction,
  campaignId: string,
  userId: string,
  now: Date,
  alongside: readonly SQL[] = [],
): Promise<number | null> {
  const writes = alongside.map((write, i) => sql`, ${sql.raw(`w${i}`)} as (${write})`);
  for (const wait of [false, true]) {
    const [row] = await queryRows<{ number: number }>(
      tx,
      sql`
      with taken as (
      update ${campaignSlots} set user_id = ${userId}::uuid, taken_at = ${now.toISOString()}::timestamptz
      where campaign_id = ${campaignId}::uuid and number = (
        select number from ${campaignSlots}
        where campaign_id = ${campaignId}::uuid and taken_at is null
          and exists (select 1 from ${campaigns} where ${campaigns.id} = ${campaignId}::uuid
            and ${campaigns.status} in ('PUBLISHED', 'LIVE') and ${campaigns.endsAt} > ${now.toISOString()}::timestamptz)
        order by number limit 1
        for update ${wait ? sql`` : sql`skip locked`})
      returning number
      )${sql.join(writes, sql``)}
      select number from taken`,
    );
    if (row) return Number(row.number);
  }
  return null;
}

/**
 * Counts the free slots from the rows (exact in the caller's snapshot) and brings
 * `campaigns.remaining_slots` down to it, in one statement of its own: the count is taken once, the
 * campaign row is held only for that statement, and nothing is written when the figure is already
 * right. The figure only ever goes down (slots are taken, never given back, once a campaign runs; a
 * rules rewrite before the start writes it with the rows): a count from an older snapshot that commits
 * after a newer one never raises it again, so 0 means that no slot is free (entries.ts relies on it).
 * Returns the count.
 */
export async function refreshRemainingSlots(db: Executor, campaignId: string): Promise<number> {
  const [row] = await queryRows<{ free: number }>(
    db,
    sql`
      with counted as (
        select count(*)::int as free from ${campaignSlots}
        where campaign_id = ${campaignId}::uuid and taken_at is null
      ), written as (
        update ${campaigns} set remaining_slots = counted.free from counted
        where ${campaigns.id} = ${campaignId}::uuid and ${campaigns.totalSlots} is not null
          and (${campaigns.remainingSlots} is null or ${campaigns.remainingSlots} > counted.free)
      )
      select free from counted`,
  );
  return Number(row?.free ?? 0);
}
