import type { ClanDashboard } from '@khel/core/contract';
import { schema } from '@khel/db';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { requireMembership } from './clan-quests.ts';
import { memberQuery, personOf } from './clans.ts';
import { rowsOf } from './score.ts';

const { clanMembers, clanQuests, quests, userQuests, campaigns, campaignEntries } = schema;

/** Live campaigns a k_drop dashboard shows at most (ending soonest first). */
export const DASHBOARD_CAMPAIGNS_MAX = 50;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

interface Progress {
  user_id: string;
  item_id: string;
  finished: boolean;
}

/**
 * The clan dashboard (SPEC §3 type, members only). k_quest: the columns are the clan quests; a member finished one
 * when they completed it while in the clan (the rule clan quests count by) and started one when they began it and
 * have not completed it. k_drop: the columns are the live campaigns (public, running now, ending soonest first, at
 * most DASHBOARD_CAMPAIGNS_MAX); a member finished one when their entry is FINISHED since joining, and started one
 * when their entry is STARTED or HELD. Rows: every member with the ids they finished and started, and their points,
 * most points first.
 */
export async function clanDashboard(
  deps: Pick<AppDeps, 'db' | 'clock' | 'env'>,
  userId: string,
): Promise<ClanDashboard> {
  const member = await requireMembership(deps.db, userId);
  const now = deps.clock();
  const clanId = member.clanId;
  const members = await memberQuery(deps.db)
    .where(eq(clanMembers.clanId, clanId))
    .orderBy(desc(clanMembers.points), asc(clanMembers.joinedAt), asc(clanMembers.userId));

  let items: { id: string; slug: string; title: string }[];
  let progress: Progress[];
  if (member.dashboardType === 'k_quest') {
    items = await deps.db
      .select({ id: quests.id, slug: quests.slug, title: quests.title })
      .from(clanQuests)
      .innerJoin(quests, eq(quests.id, clanQuests.questId))
      .where(eq(clanQuests.clanId, clanId))
      .orderBy(desc(clanQuests.addedAt), asc(clanQuests.questId));
    progress = await rowsOf<Progress>(
      deps.db,
      sql`select m.user_id, uq.quest_id as item_id,
          (uq.completed_at is not null and uq.completed_at >= m.joined_at) as finished
        from ${clanMembers} m
        join ${clanQuests} cq on cq.clan_id = m.clan_id
        join ${userQuests} uq on uq.user_id = m.user_id and uq.quest_id = cq.quest_id
        where m.clan_id = ${clanId} and (uq.completed_at is null or uq.completed_at >= m.joined_at)`,
    );
  } else {
    items = await deps.db
      .select({ id: campaigns.id, slug: campaigns.slug, title: campaigns.title })
      .from(campaigns)
      .where(
        sql`${campaigns.status} in ('PUBLISHED', 'LIVE') and ${campaigns.startsAt} <= ${at(now)}
          and ${campaigns.endsAt} > ${at(now)} and ${campaigns.private} = false`,
      )
      .orderBy(asc(campaigns.endsAt), asc(campaigns.id))
      .limit(DASHBOARD_CAMPAIGNS_MAX);
    const ids = items.map((i) => i.id);
    progress =
      ids.length === 0
        ? []
        : await rowsOf<Progress>(
            deps.db,
            sql`select m.user_id, ce.campaign_id as item_id, (ce.status = 'FINISHED') as finished
              from ${clanMembers} m
              join ${campaignEntries} ce on ce.user_id = m.user_id
                and ce.campaign_id in (${sql.join(
                  ids.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})
              where m.clan_id = ${clanId} and (
                (ce.status = 'FINISHED' and ce.finished_at >= m.joined_at) or ce.status in ('STARTED', 'HELD'))`,
          );
  }

  const finished = new Map<string, string[]>();
  const started = new Map<string, string[]>();
  const finishedCount = new Map<string, number>();
  const startedCount = new Map<string, number>();
  for (const p of progress) {
    const done = Boolean(p.finished);
    const byUser = done ? finished : started;
    byUser.set(p.user_id, [...(byUser.get(p.user_id) ?? []), p.item_id]);
    const byItem = done ? finishedCount : startedCount;
    byItem.set(p.item_id, (byItem.get(p.item_id) ?? 0) + 1);
  }
  return {
    type: member.dashboardType,
    items: items.map((i) => ({
      ...i,
      finished: finishedCount.get(i.id) ?? 0,
      started: startedCount.get(i.id) ?? 0,
    })),
    members: members.map((m) => {
      const person = personOf(deps, m);
      return {
        userId: person.userId,
        displayName: person.displayName,
        avatarUrl: person.avatarUrl,
        finished: finished.get(m.userId) ?? [],
        started: started.get(m.userId) ?? [],
        points: Math.max(0, Number(m.points)),
      };
    }),
  };
}
