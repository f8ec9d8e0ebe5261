import {
  CAMPAIGN_ELIGIBILITY_DEFAULTS,
  CAMPAIGN_ENTRY_CAPS_DEFAULTS,
  CAMPAIGN_NOT_FOUND_MESSAGE,
  type Campaign,
  type CampaignDetails,
  type CampaignLifecycle,
  type CampaignStage,
  type campaignListQuerySchema,
  money,
  type Raffle,
} from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import {
  type CampaignRow,
  campaignEntries,
  campaignEntryCounts,
  campaignRewards,
  campaigns,
  type GameRow,
  games,
  type QuestHubRow,
  type QuestRow,
  type QuestTaskRow,
  questHubs,
  quests,
  type StageJson,
} from '@khel/db/schema';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/http.ts';
import { slugOrId } from '../../lib/slug-or-id.ts';
import { hubView, tasksOf, taskView } from '../quests/index.ts';
import { RAFFLE_ALGORITHM, sortEntrants } from './raffle.ts';

/**
 * Campaigns as everyone sees them (SPEC §3 campaignInfo, §4 statuses): loading one with its parts,
 * the views, the by-state list. The stored status is moved by jobs (lifecycle.ts); what is shown
 * follows the clock too, so a lagging job never shows a campaign as live after its end.
 */

export const DEFAULT_CAMPAIGN_COVER = '/art/quests/default.svg';

/**
 * The status to show at `now`: a stored PUBLISHED or LIVE campaign is PUBLISHED before its start, LIVE
 * while it runs and ENDED from its end on, whatever the job did; every later status is shown as stored.
 */
export function campaignStatusAt(
  row: Pick<CampaignRow, 'status' | 'startsAt' | 'endsAt'>,
  now: Date,
): CampaignLifecycle {
  if (row.status !== 'PUBLISHED' && row.status !== 'LIVE') return row.status;
  if (now >= row.endsAt) return 'ENDED';
  return now >= row.startsAt ? 'LIVE' : 'PUBLISHED';
}

/** Serialises writers of one thing for the rest of the transaction (entry caps, referral bonuses). */
export const advisoryLock = (tx: Transaction, key: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);

export interface LoadedCampaign {
  campaign: CampaignRow;
  quest: QuestRow;
  hub: QuestHubRow | null;
  game: GameRow | null;
  /** The tasks of the campaign's quest, in order (inactive ones included). */
  tasks: QuestTaskRow[];
}

const campaignWithParts = (db: Executor) =>
  db
    .select({ campaign: campaigns, quest: quests, hub: questHubs, game: games })
    .from(campaigns)
    .innerJoin(quests, eq(quests.id, campaigns.questId))
    .leftJoin(questHubs, eq(questHubs.slug, campaigns.hubSlug))
    .leftJoin(games, eq(games.id, campaigns.gameId));

/**
 * One campaign with its quest, hub, game and tasks; 404 CAMPAIGN_NOT_FOUND_MESSAGE when there is none.
 * Drafts are nobody's but operators': they are found only with `{ drafts: true }`. Private campaigns
 * are found (they are reached by link); only lists leave them out.
 */
export async function loadCampaign(
  db: Executor,
  where: { id: string } | { slug: string } | { ref: string },
  options: { drafts?: boolean } = {},
): Promise<LoadedCampaign> {
  const [row] = await campaignWithParts(db).where(
    and(
      'id' in where
        ? eq(campaigns.id, where.id)
        : 'ref' in where
          ? slugOrId(campaigns.slug, campaigns.id, where.ref)
          : eq(campaigns.slug, where.slug),
      options.drafts ? undefined : ne(campaigns.status, 'DRAFT'),
    ),
  );
  if (!row) throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  const tasks = (await tasksOf(db, [row.quest.id])).get(row.quest.id) ?? [];
  return { ...row, tasks };
}

/**
 * How many started and how many finished (not held or disqualified), per campaign: the sums of the campaign's
 * shard rows of `campaign_entry_counts`, which a trigger on `campaign_entries` keeps in the entry's own
 * transaction (at most eight rows a campaign, however many entered).
 */
export async function entryCounts(
  db: Executor,
  campaignIds: string[],
): Promise<Map<string, { participants: number; finishers: number }>> {
  const counts = new Map(campaignIds.map((id) => [id, { participants: 0, finishers: 0 }]));
  if (campaignIds.length === 0) return counts;
  const rows = await db
    .select({
      campaignId: campaignEntryCounts.campaignId,
      participants: sql<number>`sum(${campaignEntryCounts.participants})`.mapWith(Number),
      finishers: sql<number>`sum(${campaignEntryCounts.finishers})`.mapWith(Number),
    })
    .from(campaignEntryCounts)
    .where(inArray(campaignEntryCounts.campaignId, campaignIds))
    .groupBy(campaignEntryCounts.campaignId);
  for (const r of rows) counts.set(r.campaignId, { participants: r.participants, finishers: r.finishers });
  return counts;
}

const kcash = (v: bigint) => money(v, 'KCASH');

/** The reward rule as everyone may see it; a band's share is what each of its ranks gets. */
export function rewardView(row: CampaignRow): Campaign['reward'] {
  return {
    variant: row.variant,
    amount: row.rewardAmount !== null ? kcash(row.rewardAmount) : null,
    pool: kcash(row.pool),
    totalSlots: row.totalSlots,
    remainingSlots: row.remainingSlots,
    winners: row.winners,
    bands:
      row.bands?.map((b) => ({
        fromRank: b.fromRank,
        toRank: b.toRank,
        share: kcash((row.pool * BigInt(b.shareBasisPoints)) / 10_000n),
      })) ?? null,
    referral:
      row.referralReward !== null && row.referralMax !== null
        ? { rewardPerFinisher: kcash(row.referralReward), maxRewardedReferrals: row.referralMax }
        : null,
  };
}

export function stageView(stage: StageJson): CampaignStage {
  return {
    title: stage.title,
    description: stage.description,
    startsAt: stage.startsAt,
    endsAt: stage.endsAt,
    gamer_earnings: stage.gamerEarnings ? kcash(BigInt(stage.gamerEarnings)) : null,
    earningType: stage.earningType,
    translations: stage.translations,
  };
}

/** campaignInfo without the tasks (a list card). The raffle seed shows only once drawn. */
export function campaignView(
  loaded: Omit<LoadedCampaign, 'quest'>,
  counts: { participants: number; finishers: number },
  now: Date,
): Campaign {
  const { campaign: row, hub, game, tasks } = loaded;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    coverUrl: row.coverUrl ?? game?.coverUrl ?? DEFAULT_CAMPAIGN_COVER,
    hub: hub ? hubView(hub) : null,
    game: game ? { id: game.id, slug: game.slug, name: game.name, coverUrl: game.coverUrl } : null,
    status: campaignStatusAt(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    featured: row.featured,
    reward: rewardView(row),
    // Rows written before a rule existed lack it: the answer states every rule.
    eligibility: { ...CAMPAIGN_ELIGIBILITY_DEFAULTS, ...row.eligibility },
    entryCaps: { ...CAMPAIGN_ENTRY_CAPS_DEFAULTS, ...row.entryCaps },
    participants: counts.participants,
    finishers: counts.finishers,
    taskCount: tasks.filter((t) => t.active).length,
    questId: row.questId,
    leaderboardId: row.leaderboardId,
    seedHash: row.seedHash,
    seed: row.drawnAt ? row.seed : null,
    drawnAt: row.drawnAt?.toISOString() ?? null,
    translations: row.translations,
  };
}

/** campaignInfo with the tasks (and their points) and the roadmap. */
export function campaignDetailsView(
  loaded: LoadedCampaign,
  counts: { participants: number; finishers: number },
  now: Date,
): CampaignDetails {
  return {
    ...campaignView(loaded, counts, now),
    tasks: loaded.tasks.filter((t) => t.active).map((t) => ({ ...taskView(t), points: t.points })),
    stages: loaded.campaign.stages.map(stageView),
  };
}

/** `/campaigns/by-slug/:slug`: by slug, or by id (deep links name a campaign whose slug is too long by id). */
export async function getCampaignDetails(db: Executor, slug: string, now: Date): Promise<CampaignDetails> {
  const loaded = await loadCampaign(db, { ref: slug });
  const counts = await entryCounts(db, [loaded.campaign.id]);
  return campaignDetailsView(loaded, counts.get(loaded.campaign.id)!, now);
}

export async function getCampaignRoadmap(db: Executor, campaignId: string) {
  const { campaign } = await loadCampaign(db, { id: campaignId });
  return { stages: campaign.stages.map(stageView) };
}

// by-state, in SQL: the same rule as campaignStatusAt.
const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;
const runningStored = sql`${campaigns.status} in ('PUBLISHED', 'LIVE')`;
const liveSql = (now: Date) =>
  sql`(${runningStored} and ${campaigns.startsAt} <= ${at(now)} and ${campaigns.endsAt} > ${at(now)})`;
const upcomingSql = (now: Date) => sql`(${runningStored} and ${campaigns.startsAt} > ${at(now)})`;
/** ENDED and every status after it but ARCHIVED (archived campaigns leave the lists), or running past its end. */
const endedSql = (now: Date) =>
  sql`(${campaigns.status} in ('ENDED', 'PROCESSING_REWARDS', 'REWARDS_CREDITED') or (${runningStored} and ${campaigns.endsAt} <= ${at(now)}))`;

/** Targeting: a campaign with no countries (continents) is for everyone; otherwise the asked one must be listed. */
const targets = (column: typeof campaigns.eligibility, key: 'countries' | 'continents', value: string) =>
  sql`(jsonb_array_length(coalesce(${column} -> ${key}, '[]'::jsonb)) = 0 or (${column} -> ${key}) ? ${value})`;

/**
 * `GET /campaigns/by-state`: LIVE (running now, featured first, ending soonest first), UPCOMING (published,
 * not started; starting soonest first), ENDED (ended and after, not archived; most recently ended first).
 * `upcoming=true` with LIVE lists the upcoming ones after the live ones. Drafts and private campaigns
 * are never listed. Pages of `limit` (100 at most) with SPEC §3 list state.
 */
export async function listCampaigns(
  db: Executor,
  query: z.output<typeof campaignListQuerySchema>,
  now: Date,
) {
  const states: SQL[] = [];
  if (query.status === 'LIVE') states.push(liveSql(now));
  if (query.status === 'UPCOMING' || (query.status === 'LIVE' && query.upcoming === 'true'))
    states.push(upcomingSql(now));
  if (query.status === 'ENDED') states.push(endedSql(now));
  const where: SQL[] = [eq(campaigns.private, false), sql`(${sql.join(states, sql` or `)})`];
  if (query.featured) where.push(eq(campaigns.featured, query.featured === 'true'));
  if (query.variant) where.push(eq(campaigns.variant, query.variant));
  if (query.country) where.push(targets(campaigns.eligibility, 'countries', query.country));
  if (query.continent) where.push(targets(campaigns.eligibility, 'continents', query.continent));
  const order =
    query.status === 'ENDED'
      ? [desc(campaigns.endsAt), asc(campaigns.id)]
      : [
          sql`case when ${liveSql(now)} then 0 else 1 end`,
          desc(campaigns.featured),
          sql`case when ${liveSql(now)} then ${campaigns.endsAt} else ${campaigns.startsAt} end`,
          asc(campaigns.id),
        ];
  const offset = (query.page - 1) * query.limit;
  const rows = await campaignWithParts(db)
    .where(and(...where))
    .orderBy(...order)
    .limit(query.limit)
    .offset(offset);
  const [counted] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(campaigns)
    .where(and(...where));
  const total = counted?.n ?? 0;
  const state = {
    page: query.page,
    limit: query.limit,
    total,
    offset,
    isLastCard: offset + rows.length >= total,
  };
  const counts = await entryCounts(
    db,
    rows.map((r) => r.campaign.id),
  );
  const tasks = await tasksOf(
    db,
    rows.map((r) => r.quest.id),
  );
  return {
    ...state,
    campaigns: rows.map((r) =>
      campaignView({ ...r, tasks: tasks.get(r.quest.id) ?? [] }, counts.get(r.campaign.id)!, now),
    ),
  };
}

/**
 * What anyone needs to recompute a raffle (docs/raffle.md): before the draw only the commitment
 * (seedHash); once drawn, the seed, the entrants (public ids of FINISHED entries, sorted as numbers) and
 * the winners' entry ids in draw order (RAFFLE_PRIZE rows, rank = draw position).
 */
export async function getCampaignRaffle(db: Executor, campaignId: string): Promise<Raffle> {
  const { campaign } = await loadCampaign(db, { id: campaignId });
  if (campaign.variant !== 'OPEN_SLOT_RAFFLE_REWARD') throw new AppError(404, CAMPAIGN_NOT_FOUND_MESSAGE);
  const view: Raffle = {
    campaignId: campaign.id,
    seedHash: campaign.seedHash,
    seed: null,
    drawnAt: null,
    winners: campaign.winners ?? 0,
    entrants: [],
    drawn: [],
    algorithm: RAFFLE_ALGORITHM,
  };
  if (!campaign.drawnAt) return view;
  const entrants = await db
    .select({ id: campaignEntries.id })
    .from(campaignEntries)
    .where(and(eq(campaignEntries.campaignId, campaign.id), eq(campaignEntries.status, 'FINISHED')));
  const drawn = await db
    .select({ id: campaignEntries.id })
    .from(campaignRewards)
    .innerJoin(
      campaignEntries,
      and(
        eq(campaignEntries.campaignId, campaignRewards.campaignId),
        eq(campaignEntries.userId, campaignRewards.userId),
      ),
    )
    .where(and(eq(campaignRewards.campaignId, campaign.id), eq(campaignRewards.earningType, 'RAFFLE_PRIZE')))
    .orderBy(asc(campaignRewards.rank));
  return {
    ...view,
    seed: campaign.seed,
    drawnAt: campaign.drawnAt.toISOString(),
    entrants: sortEntrants(entrants.map((e) => e.id)),
    drawn: drawn.map((d) => String(d.id)),
  };
}
