import {
  CLAN_NOT_IN_CLAN_MESSAGE,
  CLAN_QUEST_NOT_FOUND_MESSAGE,
  CLAN_QUESTS_LIMIT_MESSAGE,
  CLAN_QUESTS_MAX,
  type ClanQuest,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler, RecurringJob } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { awardXpLater } from '../progression/index.ts';
import { lockChiefClan } from './clans.ts';
import { enqueueClanNews } from './group-news.ts';
import { rowsOf } from './score.ts';

const { clans, clanMembers, clanQuests, quests, userQuests } = schema;

/**
 * Clan-chief quests (`userquest/clanchief v2`, README "Clan quests and leaderboards"). The chief makes a live quest
 * of kind 'quest' a clan quest with a target number of members (at most CLAN_QUESTS_MAX active: not completed and
 * not ended). A completion counts for the clan when its member completed the quest while in the clan: a current
 * member, completed at or after joining. A completion before the quest became a clan quest counts too (a quest is
 * completed once per person, so a member who did it already could never count otherwise), a non-member's never,
 * nor a former member's (they are no longer members). When the count reaches the target the clan quest is completed
 * once (a conditional UPDATE on completed_at), by the job or right when the members' list is read.
 */

export const CLAN_QUESTS_JOB = 'clans.quests';
export const CLAN_QUESTS_EVERY_MS = 30_000;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

export interface Membership {
  clanId: string;
  clanName: string;
  role: 'Chief' | 'Member';
  joinedAt: Date;
  dashboardType: 'k_drop' | 'k_quest';
}

/** The user's membership of a live clan, or null. */
export async function membershipOf(db: Executor, userId: string): Promise<Membership | null> {
  const [row] = await db
    .select({
      clanId: clanMembers.clanId,
      clanName: clans.name,
      role: clanMembers.role,
      joinedAt: clanMembers.joinedAt,
      dashboardType: clans.dashboardType,
    })
    .from(clanMembers)
    .innerJoin(clans, eq(clans.id, clanMembers.clanId))
    .where(and(eq(clanMembers.userId, userId), isNull(clans.deletedAt)));
  return row ?? null;
}

/** The member's clan, or 403 CLAN_NOT_IN_CLAN_MESSAGE. */
export async function requireMembership(db: Executor, userId: string): Promise<Membership> {
  const member = await membershipOf(db, userId);
  if (!member) throw new AppError(403, CLAN_NOT_IN_CLAN_MESSAGE);
  return member;
}

/** Members of the clan (alias cq) who completed quest cq.quest_id while in it, in SQL. */
const completedBySql = sql`(select count(*)::int from ${clanMembers} m
  join ${userQuests} uq on uq.user_id = m.user_id and uq.quest_id = cq.quest_id
    and uq.completed_at is not null and uq.completed_at >= m.joined_at
  where m.clan_id = cq.clan_id)`;

interface ClanQuestRow {
  quest_id: string;
  slug: string;
  title: string;
  cover_url: string | null;
  target: number;
  completed_by: number;
  completed_by_me: boolean;
  added_at: string | Date;
  completed_at: string | Date | null;
}

const iso = (d: string | Date) => new Date(d).toISOString();

/** The clan's quests (newest first) with the members' completions; `reader` is the member reading them. */
export async function clanQuestsOf(
  db: Executor,
  clanId: string,
  reader: { userId: string; joinedAt: Date } | null,
  questId?: string,
): Promise<ClanQuest[]> {
  const mine = reader
    ? sql`exists(select 1 from ${userQuests} me where me.user_id = ${reader.userId} and me.quest_id = cq.quest_id
        and me.completed_at is not null and me.completed_at >= ${at(reader.joinedAt)})`
    : sql`false`;
  const rows = await rowsOf<ClanQuestRow>(
    db,
    sql`select cq.quest_id, q.slug, q.title, q.cover_url, cq.target, ${completedBySql} as completed_by,
        ${mine} as completed_by_me, cq.added_at, cq.completed_at
      from ${clanQuests} cq join ${quests} q on q.id = cq.quest_id
      where cq.clan_id = ${clanId} ${questId ? sql`and cq.quest_id = ${questId}` : sql``}
      order by cq.added_at desc, cq.quest_id`,
  );
  return rows.map((r) => ({
    questId: r.quest_id,
    slug: r.slug,
    title: r.title,
    coverUrl: r.cover_url,
    target: Number(r.target),
    completedBy: Number(r.completed_by),
    completedByMe: Boolean(r.completed_by_me),
    addedAt: iso(r.added_at),
    completedAt: r.completed_at === null ? null : iso(r.completed_at),
  }));
}

/**
 * Completes the clan quests whose target is reached (of one clan, or of every live clan): completed_at is set once,
 * the members are told (`clan_quest_completed`) and the clan's group gets the news, each with a dedupe key.
 * Returns how many were completed.
 */
export async function settleClanQuests(tx: Transaction, now: Date, clanId?: string): Promise<number> {
  const done = await rowsOf<{
    clan_id: string;
    quest_id: string;
    clan_name: string;
    slug: string;
    title: string;
  }>(
    tx,
    sql`with done as (
        update ${clanQuests} cq set completed_at = ${at(now)}
        where cq.completed_at is null ${clanId ? sql`and cq.clan_id = ${clanId}` : sql``}
          and ${completedBySql} >= cq.target
          and exists (select 1 from ${clans} c where c.id = cq.clan_id and c.deleted_at is null)
        returning cq.clan_id, cq.quest_id
      )
      select done.clan_id, done.quest_id, c.name as clan_name, q.slug, q.title
      from done join ${clans} c on c.id = done.clan_id join ${quests} q on q.id = done.quest_id`,
  );
  for (const d of done) {
    const key = `clan-quest-completed:${d.clan_id}:${d.quest_id}`;
    await tx.execute(sql`
      insert into ${schema.outbox} (kind, user_id, dedupe_key, payload)
      select 'clan_quest_completed', m.user_id, ${`${key}:`} || m.user_id::text,
        jsonb_build_object('clanName', ${d.clan_name}::text, 'clanId', ${d.clan_id}::text,
          'questTitle', ${d.title}::text, 'questSlug', ${d.slug}::text)
      from ${clanMembers} m where m.clan_id = ${d.clan_id}
      on conflict (dedupe_key) do nothing`);
    // Each member who completed it for the clan earns the clan quest's XP (issue 26), each in a job of its own.
    const finishers = await rowsOf<{ user_id: string }>(
      tx,
      sql`select m.user_id from ${clanMembers} m
        join ${userQuests} uq on uq.user_id = m.user_id and uq.quest_id = ${d.quest_id}
          and uq.completed_at is not null and uq.completed_at >= m.joined_at
        where m.clan_id = ${d.clan_id}`,
    );
    for (const f of finishers)
      await awardXpLater(tx, {
        userId: f.user_id,
        source: 'clan_quest',
        key: `clanquest:${d.clan_id}:${d.quest_id}`,
        at: now,
      });
    await enqueueClanNews(tx, {
      clanId: d.clan_id,
      kind: 'clan_quest_completed',
      dedupeKey: key,
      payload: { clanName: d.clan_name, clanId: d.clan_id, questTitle: d.title, questSlug: d.slug },
    });
  }
  return done.length;
}

/** `GET /userquest/clanchief/v2`: the member's clan quests, completed ones settled first. */
export async function myClanQuests(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
): Promise<ClanQuest[]> {
  const member = await requireMembership(deps.db, userId);
  await deps.db.transaction((tx) => settleClanQuests(tx, deps.clock(), member.clanId));
  return clanQuestsOf(deps.db, member.clanId, { userId, joinedAt: member.joinedAt });
}

/**
 * The chief makes a live quest (kind 'quest', published, started, not ended) a clan quest with a target. Adding one
 * that is already a clan quest changes its target (while it is not completed) and tells nobody again.
 */
export async function addClanQuest(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: string,
  input: { questSlug: string; target: number },
): Promise<ClanQuest> {
  const now = deps.clock();
  const { clanId, questId } = await deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, userId);
    const [quest] = await tx
      .select()
      .from(quests)
      .where(
        and(
          eq(quests.slug, input.questSlug),
          eq(quests.kind, 'quest'),
          sql`${quests.publishedAt} is not null and ${quests.startsAt} <= ${at(now)} and ${quests.endsAt} > ${at(now)}`,
        ),
      );
    if (!quest) throw new AppError(404, CLAN_QUEST_NOT_FOUND_MESSAGE);
    const [existing] = await tx
      .select()
      .from(clanQuests)
      .where(and(eq(clanQuests.clanId, clan.id), eq(clanQuests.questId, quest.id)));
    if (existing) {
      if (!existing.completedAt)
        await tx
          .update(clanQuests)
          .set({ target: input.target })
          .where(and(eq(clanQuests.clanId, clan.id), eq(clanQuests.questId, quest.id)));
    } else {
      // The clan row is locked: two adds at once are counted one after the other.
      const [active] = await tx
        .select({ n: sql<number>`count(*)`.mapWith(Number) })
        .from(clanQuests)
        .innerJoin(quests, eq(quests.id, clanQuests.questId))
        .where(
          and(
            eq(clanQuests.clanId, clan.id),
            isNull(clanQuests.completedAt),
            sql`${quests.endsAt} > ${at(now)}`,
          ),
        );
      if ((active?.n ?? 0) >= CLAN_QUESTS_MAX) throw new AppError(409, CLAN_QUESTS_LIMIT_MESSAGE);
      await tx
        .insert(clanQuests)
        .values({ clanId: clan.id, questId: quest.id, target: input.target, addedAt: now });
      await tx.execute(sql`
        insert into ${schema.outbox} (kind, user_id, dedupe_key, payload)
        select 'clan_quest_added', m.user_id,
          ${`clan-quest-added:${clan.id}:${quest.id}:${now.getTime()}:`} || m.user_id::text,
          jsonb_build_object('clanName', ${clan.name}::text, 'clanId', ${clan.id}::text,
            'questTitle', ${quest.title}::text, 'questSlug', ${quest.slug}::text, 'questId', ${quest.id}::text)
        from ${clanMembers} m where m.clan_id = ${clan.id} and m.user_id <> ${userId}
        on conflict (dedupe_key) do nothing`);
    }
    await settleClanQuests(tx, now, clan.id);
    return { clanId: clan.id, questId: quest.id };
  });
  const member = await requireMembership(deps.db, userId);
  const [added] = await clanQuestsOf(deps.db, clanId, { userId, joinedAt: member.joinedAt }, questId);
  return added!;
}

/** The chief stops a clan quest (404 when the quest is not one of the clan's). */
export async function removeClanQuest(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  questSlug: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const clan = await lockChiefClan(tx, userId);
    const removed = await tx
      .delete(clanQuests)
      .where(
        and(
          eq(clanQuests.clanId, clan.id),
          sql`${clanQuests.questId} = (select ${quests.id} from ${quests} where ${quests.slug} = ${questSlug})`,
        ),
      )
      .returning({ questId: clanQuests.questId });
    if (removed.length === 0) throw new AppError(404, CLAN_QUEST_NOT_FOUND_MESSAGE);
  });
}

export const clanQuestJobHandlers: Record<string, JobHandler> = {
  [CLAN_QUESTS_JOB]: async (deps) => {
    const completed = await deps.db.transaction((tx) => settleClanQuests(tx, deps.clock()));
    if (completed > 0) deps.logger.info('clan quests completed', { completed });
  },
};

export const clanQuestRecurringJobs: RecurringJob[] = [
  { kind: CLAN_QUESTS_JOB, everyMs: CLAN_QUESTS_EVERY_MS },
];
