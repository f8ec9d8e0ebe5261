import type { QuestStatus, questListQuerySchema } from '@khel/core/contract';
import { QUEST_LIST_TOTAL_CAP, QUEST_STATUSES } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { games, questHubs, quests } from '@khel/db/schema';
import { and, asc, eq, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { likePattern, pageState } from '../../lib/list-query.ts';
import { questViews } from './quests.ts';

const statusSql = (now: Date) =>
  sql<QuestStatus>`case when ${quests.startsAt} > ${now.toISOString()}::timestamptz then 'PUBLISHED' when ${quests.endsAt} <= ${now.toISOString()}::timestamptz then 'CONCLUDED' when ${quests.remainingSlots} = 0 then 'COMPLETED' else 'LIVE' end`;

const STATUS_ORDER = (now: Date) =>
  sql`case ${statusSql(now)} when 'LIVE' then 0 when 'PUBLISHED' then 1 when 'COMPLETED' then 2 else 3 end`;

/**
 * The quest list as it was before issue 23, kept as the tests' reference: every matching quest filtered by a status
 * computed from the clock, counted by a window and sorted before the LIMIT (the total then capped as the list caps it).
 */
export async function listQuestsBySort(
  db: Executor,
  query: z.output<typeof questListQuerySchema>,
  now: Date,
) {
  const where: SQL[] = [isNotNull(quests.publishedAt), eq(quests.kind, 'quest')];
  if (query.hub) where.push(eq(quests.hubSlug, query.hub));
  if (query.game) where.push(eq(games.slug, query.game));
  if (query.featured) where.push(eq(quests.featured, query.featured === 'true'));
  const statuses = query.status?.length ? query.status : QUEST_STATUSES.filter((s) => s !== 'CONCLUDED');
  where.push(inArray(statusSql(now), [...new Set(statuses)]));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(ilike(quests.title, pattern), ilike(quests.description, pattern))!);
  }
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({
      quest: quests,
      hub: questHubs,
      game: games,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(quests)
    .leftJoin(questHubs, eq(questHubs.slug, quests.hubSlug))
    .leftJoin(games, eq(games.id, quests.gameId))
    .where(and(...where))
    .orderBy(sql`${quests.featured} desc`, STATUS_ORDER(now), asc(quests.endsAt), asc(quests.slug))
    .limit(query.limit)
    .offset(offset);
  const exact = await pageState(query, offset, rows, async () => {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(quests)
      .leftJoin(games, eq(games.id, quests.gameId))
      .where(and(...where));
    return counted?.n ?? 0;
  });
  // The list answers the total up to QUEST_LIST_TOTAL_CAP or the page's end, and says when there are more.
  const cap = Math.max(QUEST_LIST_TOTAL_CAP, offset + query.limit);
  const totalCapped = exact.total > cap;
  const total = Math.min(exact.total, cap);
  const isLastCard = !totalCapped && offset + rows.length >= total;
  const state = { ...exact, total, totalCapped, isLastCard };
  return { ...state, quests: await questViews(db, rows, now) };
}
