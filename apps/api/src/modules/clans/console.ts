import {
  type BotClanConsole,
  CLAN_NOT_CHIEF_MESSAGE,
  type ClanJoinRequest,
  type ClanSummary,
} from '@khel/core/contract';
import type { Executor } from '@khel/db';
import {
  clanJoinRequests,
  clanMembers,
  clans,
  clanTelegramGroups,
  profilePictures,
  users,
} from '@khel/db/schema';
import { and, asc, count, desc, eq, isNull, or } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import {
  chiefRefusal,
  clanSummaryOf,
  lockChiefClan,
  memberQuery,
  personColumns,
  personOf,
  toClanMember,
} from './clans.ts';
import { enqueueClanNews } from './group-news.ts';
import { clanStatsOf } from './score.ts';
import { clanWarStatus } from './wars.ts';

/** How many members and requests one console page shows (the totals say how many there are). */
export const CONSOLE_PAGE = 20;

/** Pending requests of a clan, oldest first. */
export async function pendingRequestsOf(
  deps: Pick<AppDeps, 'env'>,
  db: Executor,
  clanId: string,
  limit = 100,
): Promise<ClanJoinRequest[]> {
  const rows = await db
    .select({ ...personColumns, requestedAt: clanJoinRequests.createdAt })
    .from(clanJoinRequests)
    .innerJoin(users, eq(users.id, clanJoinRequests.userId))
    .leftJoin(profilePictures, eq(profilePictures.userId, clanJoinRequests.userId))
    .where(eq(clanJoinRequests.clanId, clanId))
    .orderBy(asc(clanJoinRequests.createdAt), asc(clanJoinRequests.userId))
    .limit(limit);
  return rows.map((r) => {
    const { username, displayName, avatarUrl, userId } = personOf(deps, r);
    return { userId, displayName, username, avatarUrl, requestedAt: r.requestedAt.toISOString() };
  });
}

/** Members of a clan: the chief first, then by points, then who joined first. */
export async function membersOf(
  deps: Pick<AppDeps, 'env'>,
  db: Executor,
  clanId: string,
  page: { limit: number; offset: number },
) {
  const rows = await memberQuery(db)
    .where(eq(clanMembers.clanId, clanId))
    .orderBy(
      desc(eq(clanMembers.role, 'Chief')),
      desc(clanMembers.points),
      asc(clanMembers.joinedAt),
      asc(clanMembers.userId),
    )
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => toClanMember(deps, r));
}

/**
 * The chief's console in the bot: the clan the Telegram user leads now, its stats, requests and members. With
 * `clanId` (a view button drawn for that clan), the user must lead that clan now (`chiefRefusal` otherwise).
 */
export async function clanConsole(deps: AppDeps, userId: string, clanId?: string): Promise<BotClanConsole> {
  const [clan] = await deps.db
    .select({ id: clans.id })
    .from(clans)
    .where(
      and(eq(clans.chiefId, userId), isNull(clans.deletedAt), clanId ? eq(clans.id, clanId) : undefined),
    );
  if (!clan)
    throw clanId ? await chiefRefusal(deps.db, clanId, userId) : new AppError(403, CLAN_NOT_CHIEF_MESSAGE);
  const now = deps.clock();
  const [pending] = await deps.db
    .select({ n: count() })
    .from(clanJoinRequests)
    .where(eq(clanJoinRequests.clanId, clan.id));
  const [group] = await deps.db
    .select({ chatId: clanTelegramGroups.chatId, title: clanTelegramGroups.title })
    .from(clanTelegramGroups)
    .where(eq(clanTelegramGroups.clanId, clan.id));
  const summary = await clanSummaryOf(deps, clan.id);
  const stats = await clanStatsOf(deps.db, clan.id, now);
  if (!stats) throw new AppError(403, CLAN_NOT_CHIEF_MESSAGE);
  return {
    clan: summary,
    stats,
    pendingRequests: await pendingRequestsOf(deps, deps.db, clan.id, CONSOLE_PAGE),
    pendingTotal: Number(pending?.n ?? 0),
    members: await membersOf(deps, deps.db, clan.id, { limit: CONSOLE_PAGE, offset: 0 }),
    memberTotal: summary.memberCount,
    telegramGroup: group ? { chatId: Number(group.chatId), title: group.title } : null,
    war: await clanWarStatus(deps.db, clan.id, userId, now),
  };
}

/**
 * Links a Telegram group the chief added the bot to: a clan has one group and a group one clan, so a link
 * replaces the clan's previous group and takes the group from any clan that had it. The group then gets news.
 */
export async function linkTelegramGroup(
  deps: AppDeps,
  chiefId: string,
  clanId: string,
  group: { chatId: number; title: string },
): Promise<{ chatId: number; title: string; clanId: string }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, chiefId, { clanId });
    await tx
      .delete(clanTelegramGroups)
      .where(or(eq(clanTelegramGroups.clanId, clan.id), eq(clanTelegramGroups.chatId, group.chatId)));
    await tx.insert(clanTelegramGroups).values({
      chatId: group.chatId,
      clanId: clan.id,
      title: group.title,
      linkedBy: chiefId,
      linkedAt: now,
    });
    const eventAt = now.getTime();
    await enqueueClanNews(tx, {
      clanId: clan.id,
      kind: 'group_linked',
      dedupeKey: `group_linked:${clan.id}:${group.chatId}:${eventAt}`,
      payload: { clanName: clan.name, clanId: clan.id, title: group.title },
    });
    return { chatId: group.chatId, title: group.title, clanId: clan.id };
  });
}

/** The live clan a Telegram group is linked to, or null (`/clan` typed in the group). */
export async function clanOfTelegramGroup(deps: AppDeps, chatId: number): Promise<ClanSummary | null> {
  if (!Number.isSafeInteger(chatId)) return null;
  const [link] = await deps.db
    .select({ clanId: clanTelegramGroups.clanId })
    .from(clanTelegramGroups)
    .innerJoin(clans, eq(clans.id, clanTelegramGroups.clanId))
    .where(and(eq(clanTelegramGroups.chatId, chatId), isNull(clans.deletedAt)));
  return link ? clanSummaryOf(deps, link.clanId) : null;
}

/** Forgets a group the bot was removed from (whoever removed it: no chief check). */
export async function unlinkTelegramGroup(deps: AppDeps, chatId: number): Promise<void> {
  // Telegram's ids fit in 52 bits; anything else names no group we could have linked.
  if (!Number.isSafeInteger(chatId)) return;
  await deps.db.delete(clanTelegramGroups).where(eq(clanTelegramGroups.chatId, chatId));
}
