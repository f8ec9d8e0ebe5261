import { HUB_NOT_FOUND_MESSAGE } from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { hubFollows, outbox, type QuestRow, questHubs } from '@khel/db/schema';
import { and, eq, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';

/** Partner hubs a user follows, and the announcements their new quests make. */

export async function followedHubs(db: Executor, userId: string): Promise<string[]> {
  const rows = await db
    .select({ slug: hubFollows.hubSlug })
    .from(hubFollows)
    .where(eq(hubFollows.userId, userId));
  return rows.map((r) => r.slug).sort();
}

export async function setHubFollow(db: Executor, userId: string, hubSlug: string, following: boolean) {
  const [hub] = await db.select({ slug: questHubs.slug }).from(questHubs).where(eq(questHubs.slug, hubSlug));
  if (!hub) throw new AppError(404, HUB_NOT_FOUND_MESSAGE);
  if (following) await db.insert(hubFollows).values({ userId, hubSlug }).onConflictDoNothing();
  else await db.delete(hubFollows).where(and(eq(hubFollows.userId, userId), eq(hubFollows.hubSlug, hubSlug)));
  return { hubSlug, following };
}

/**
 * A quest just published in a hub: one `hub_new_quest` notification per follower, written in the
 * publishing transaction with one INSERT … SELECT (de-duplicated per quest and user).
 */
export async function announceToFollowers(
  tx: Transaction,
  quest: Pick<QuestRow, 'id' | 'slug' | 'title' | 'hubSlug'>,
) {
  if (!quest.hubSlug) return;
  const [hub] = await tx
    .select({ name: questHubs.name })
    .from(questHubs)
    .where(eq(questHubs.slug, quest.hubSlug));
  const payload = JSON.stringify({
    questId: quest.id,
    questSlug: quest.slug,
    questTitle: quest.title,
    hubSlug: quest.hubSlug,
    hubName: hub?.name ?? quest.hubSlug,
  });
  await tx.execute(sql`
    insert into ${outbox} (kind, user_id, dedupe_key, payload)
    select 'hub_new_quest', ${hubFollows.userId}, 'hub-new-quest:' || ${quest.id} || ':' || ${hubFollows.userId}, ${payload}::jsonb
    from ${hubFollows} where ${hubFollows.hubSlug} = ${quest.hubSlug}
    on conflict (dedupe_key) do nothing`);
}

/** Slots are "running out" when at most this share (in %) is left. */
export const SLOTS_LOW_PERCENT = 10;

/**
 * The start that brought a quest's remaining slots to the low mark nudges everyone who started it and
 * has not finished (`quest_slots_low`): the quest fills up soon and its reward pool with it.
 */
export async function nudgeWhenSlotsLow(tx: Transaction, quest: QuestRow, remaining: number) {
  if (quest.totalSlots === null) return;
  const mark = Math.floor((quest.totalSlots * SLOTS_LOW_PERCENT) / 100);
  if (remaining !== mark || mark === 0) return;
  const payload = JSON.stringify({
    questId: quest.id,
    questSlug: quest.slug,
    questTitle: quest.title,
    slotsLeft: remaining,
  });
  await tx.execute(sql`
    insert into ${outbox} (kind, user_id, dedupe_key, payload)
    select 'quest_slots_low', user_id, 'quest-slots-low:' || ${quest.id} || ':' || user_id, ${payload}::jsonb
    from user_quests where quest_id = ${quest.id} and completed_at is null
    on conflict (dedupe_key) do nothing`);
}
