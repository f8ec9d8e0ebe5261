import { CLAN_TIER_THRESHOLDS, CLAN_TIERS, type ClanStats } from '@khel/core/contract';
import { clanTierProgress } from '@khel/core/domain';
import type { Executor } from '@khel/db';
import { schema } from '@khel/db';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps, JobHandler, RecurringJob } from '../../lib/context.ts';
import { enqueueClanNews } from './group-news.ts';

const { clans, clanMembers, userQuests, quests, campaignEntries, questPeriodCompletions } = schema;

/**
 * Clan score and tiers (README "Clan score and tiers"). A member's points for the clan are what they earned while
 * in it: the K-Points granted for every quest of kind 'quest' they completed since joining (user_quests.rewarded,
 * the verified amount after any boost, the same number the centralized board counts) plus the points of every
 * campaign entry they finished since joining (campaign_entries.points of a FINISHED entry, the number its campaign
 * board ranks). The clan score is the sum over its current members; the tier follows @khel/core's clan-tiers rule.
 * A recurring job recomputes it all with set-based statements; a clan reaching a tier above its best one tells its
 * members and its Telegram group once per tier.
 */

export const CLAN_SCORE_JOB = 'clans.score';
export const CLAN_SCORE_EVERY_MS = 30_000;
/** Key of the advisory lock a run holds while it rewrites points (a second worker meanwhile skips). */
const SCORE_LOCK = sql`hashtext('khel:clans.score')`;

const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Rows of a raw query: postgres.js returns an array, PGlite an object with `rows`. */
export async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The tier of a score expression, in SQL (the same thresholds as clanTierOf). */
export function tierSql(score: SQL): SQL {
  const whens = [...CLAN_TIERS]
    .reverse()
    .map((t) => sql`when ${score} >= ${CLAN_TIER_THRESHOLDS[t]} then ${t}`);
  return sql`(case ${sql.join(whens, sql` `)} else 'Bronze' end)`;
}

/** A tier's position (Bronze 0 … Diamond 3), in SQL. */
const tierRankSql = (tier: SQL): SQL =>
  sql`(array_position(array[${sql.join(
    CLAN_TIERS.map((t) => sql`${t}`),
    sql`, `,
  )}]::text[], ${tier}::text))`;

/**
 * Quests of kind 'quest' a member completed while in their clan (a recurring quest once per period, from
 * `quest_period_completions`), with the K-Points granted (0 when none): rows
 * (user_id, quest_id, completed_at, kpoints). `members` is a FROM item aliased `m` with user_id and joined_at;
 * `questFilter` narrows the quests (alias `q`).
 */
export const memberQuestCompletions = (members: SQL, questFilter: SQL = sql`true`) => sql`
  select m.user_id, uq.quest_id, uq.completed_at,
    coalesce((uq.rewarded ->> 'kpoints')::bigint, 0) as kpoints
  from ${members}
  join ${userQuests} uq on uq.user_id = m.user_id and uq.completed_at is not null and uq.completed_at >= m.joined_at
  join ${quests} q on q.id = uq.quest_id and q.kind = 'quest' and q.recurrence is null and ${questFilter}
  union all
  select m.user_id, pc.quest_id, pc.completed_at, coalesce((pc.rewarded ->> 'kpoints')::bigint, 0) as kpoints
  from ${members}
  join ${questPeriodCompletions} pc on pc.user_id = m.user_id and pc.completed_at >= m.joined_at
  join ${quests} q on q.id = pc.quest_id and q.kind = 'quest' and ${questFilter}`;

/** Campaign entries a member finished while in their clan: rows (user_id, campaign_id, finished_at, points). */
export const memberCampaignFinishes = (members: SQL) => sql`
  select m.user_id, ce.campaign_id, ce.finished_at, ce.points::bigint as points
  from ${members}
  join ${campaignEntries} ce on ce.user_id = m.user_id and ce.status = 'FINISHED'
    and ce.finished_at is not null and ce.finished_at >= m.joined_at`;

/** Every current member's points, computed from the verified records: rows (user_id, points). */
const memberPointsSql = (members: SQL) => sql`
  with q as (
    select user_id, sum(kpoints) as pts from (${memberQuestCompletions(members)}) x group by user_id
  ), c as (
    select user_id, sum(points) as pts from (${memberCampaignFinishes(members)}) y group by user_id
  )
  select m.user_id, (coalesce(q.pts, 0) + coalesce(c.pts, 0))::bigint as points
  from ${members}
  left join q on q.user_id = m.user_id
  left join c on c.user_id = m.user_id`;

export interface ScoreRun {
  /** False when another worker was recomputing at the same moment (this run left it to that one). */
  ran: boolean;
  membersChanged: number;
  clansChanged: number;
  tierUps: { clanId: string; tier: string }[];
}

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Recomputes every member's points and every live clan's score and tier, then announces new best tiers. Three
 * short transactions, each touching one kind of row, so a join or a leave running at the same time never waits in
 * a cycle with it: (1) clan_members.points, (2) clans.score/tier/score_updated_at, only rows whose value changed,
 * (3) the tier-up step. (1) and (2) hold a transaction advisory lock taken with try (a concurrent run skips them);
 * (3) is a conditional UPDATE on best_tier, so of any number of concurrent runs one announces each new tier, and
 * the outbox and group-news dedupe keys (`clan-tier:<clan>:<tier>…`) make a repeat a no-op.
 */
export async function recomputeClanScores(deps: Deps): Promise<ScoreRun> {
  const now = deps.clock();
  const run: ScoreRun = { ran: false, membersChanged: 0, clansChanged: 0, tierUps: [] };
  await deps.db.transaction(async (tx) => {
    const [lock] = await rowsOf<{ ok: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${SCORE_LOCK}) as ok`,
    );
    if (!lock?.ok) return;
    run.ran = true;
    const changed = await rowsOf<{ user_id: string }>(
      tx,
      sql`with p as (${memberPointsSql(sql`${clanMembers} m`)})
        update ${clanMembers} cm set points = p.points
        from p where cm.user_id = p.user_id and cm.points is distinct from p.points
        returning cm.user_id`,
    );
    run.membersChanged = changed.length;
  });
  if (run.ran)
    await deps.db.transaction(async (tx) => {
      const [lock] = await rowsOf<{ ok: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${SCORE_LOCK}) as ok`,
      );
      if (!lock?.ok) return;
      const score = sql`coalesce(s.score, 0)`;
      const changed = await rowsOf<{ id: string }>(
        tx,
        sql`with s as (
            select m.clan_id, sum(m.points)::bigint as score from ${clanMembers} m group by m.clan_id
          )
          update ${clans} c set score = ${score}, tier = ${tierSql(score)}, score_updated_at = ${at(now)}
          from ${clans} c2 left join s on s.clan_id = c2.id
          where c.id = c2.id and c.deleted_at is null
            and (c.score <> ${score} or c.tier <> ${tierSql(score)} or c.score_updated_at is null)
          returning c.id`,
      );
      run.clansChanged = changed.length;
    });
  run.tierUps = await announceTierUps(deps.db);
  return run;
}

/** Raises best_tier where the tier went above it and tells the members and the group; see recomputeClanScores. */
export async function announceTierUps(db: Executor): Promise<{ clanId: string; tier: string }[]> {
  return db.transaction(async (tx) => {
    const raised = await tx
      .update(clans)
      .set({ bestTier: sql`${clans.tier}` })
      .where(
        and(
          isNull(clans.deletedAt),
          sql`${tierRankSql(sql`${clans.tier}`)} > ${tierRankSql(sql`${clans.bestTier}`)}`,
        ),
      )
      .returning({ id: clans.id, name: clans.name, tier: clans.tier });
    for (const clan of raised) {
      await tx.execute(sql`
        insert into ${schema.outbox} (kind, user_id, dedupe_key, payload)
        select 'clan_tier_reached', m.user_id, ${`clan-tier:${clan.id}:${clan.tier}:`} || m.user_id::text,
          jsonb_build_object('clanName', ${clan.name}::text, 'clanId', ${clan.id}::text, 'tier', ${clan.tier}::text)
        from ${clanMembers} m where m.clan_id = ${clan.id}
        on conflict (dedupe_key) do nothing`);
      await enqueueClanNews(tx, {
        clanId: clan.id,
        kind: 'tier_reached',
        dedupeKey: `clan-tier:${clan.id}:${clan.tier}`,
        payload: { clanName: clan.name, clanId: clan.id, tier: clan.tier },
      });
    }
    return raised.map((r) => ({ clanId: r.id, tier: r.tier }));
  });
}

/**
 * A live clan's place on the global clans board: 1 + live clans above it (a higher score, or the same score and
 * created earlier, then the smaller id). Null for a clan that is not live. Two counts, each a range of the partial
 * index clans_score_idx (score desc, id), instead of one OR the planner answers with a scan of the table.
 */
export async function clanRank(db: Executor, clanId: string): Promise<number | null> {
  const [clan] = await db
    .select({ score: clans.score, createdAt: clans.createdAt })
    .from(clans)
    .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
  if (!clan) return null;
  const [row] = await rowsOf<{ above: number | string }>(
    db,
    sql`select (select count(*) from ${clans} where deleted_at is null and score > ${clan.score})
      + (select count(*) from ${clans} where deleted_at is null and score = ${clan.score}
          and (created_at, id) < (${at(clan.createdAt)}, ${clanId}::uuid)) as above`,
  );
  return 1 + Number(row?.above ?? 0);
}

/** Live clans (the global board's total). */
export async function liveClanCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(clans)
    .where(isNull(clans.deletedAt));
  return row?.n ?? 0;
}

export const DAY_MS = 86_400_000;

/**
 * A live clan's stats (null when it is not live): the score and tier the job keeps, the next tier and the points
 * to it, the rank, and what its current members did while in it (quests completed, campaigns finished, members
 * active in the last 7 days: who completed a quest or finished a campaign entry in that time).
 */
export async function clanStatsOf(db: Executor, clanId: string, now: Date): Promise<ClanStats | null> {
  const [clan] = await db
    .select({ id: clans.id, memberCount: clans.memberCount, score: clans.score })
    .from(clans)
    .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
  if (!clan) return null;
  const members = sql`(select user_id, joined_at from ${clanMembers} where clan_id = ${clanId}) m`;
  const since = at(new Date(now.getTime() - 7 * DAY_MS));
  const [activity] = await rowsOf<{
    quests: number | string;
    campaigns: number | string;
    active: number | string;
  }>(
    db,
    sql`with q as (${memberQuestCompletions(members)}), c as (${memberCampaignFinishes(members)})
      select (select count(*) from q)::int as quests,
        (select count(*) from c)::int as campaigns,
        (select count(distinct user_id) from (
          select user_id from q where completed_at >= ${since}
          union all select user_id from c where finished_at >= ${since}
        ) a)::int as active`,
  );
  const progress = clanTierProgress(clan.score);
  return {
    clanId: clan.id,
    memberCount: clan.memberCount,
    score: clan.score,
    tier: progress.tier,
    nextTier: progress.nextTier,
    pointsToNextTier: progress.pointsToNext,
    rank: await clanRank(db, clanId),
    totalClans: await liveClanCount(db),
    questsCompleted: Number(activity?.quests ?? 0),
    campaignsFinished: Number(activity?.campaigns ?? 0),
    activeMembers7d: Number(activity?.active ?? 0),
  };
}

export const clanScoreJobHandlers: Record<string, JobHandler> = {
  [CLAN_SCORE_JOB]: async (deps) => {
    const run = await recomputeClanScores(deps);
    if (run.membersChanged + run.clansChanged + run.tierUps.length > 0)
      deps.logger.info('clan scores recomputed', {
        membersChanged: run.membersChanged,
        clansChanged: run.clansChanged,
        tierUps: run.tierUps.length,
      });
  },
};

export const clanScoreRecurringJobs: RecurringJob[] = [
  { kind: CLAN_SCORE_JOB, everyMs: CLAN_SCORE_EVERY_MS },
];
