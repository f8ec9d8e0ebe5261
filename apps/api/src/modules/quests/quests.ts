import {
  GAME_LOGIN_METHODS,
  type GameLoginMethod,
  money,
  QUEST_LIST_TOTAL_CAP,
  QUEST_NOT_FOUND_MESSAGE,
  QUEST_STATUSES,
  type Quest,
  type QuestDetails,
  type QuestKind,
  type QuestStatus,
  type questListQuerySchema,
  TASK_TYPES,
  type Task,
  type TaskConfig,
} from '@khel/core/contract';
import { recurrencePeriod } from '@khel/core/domain';
import type { Executor } from '@khel/db';
import {
  type GameRow,
  games,
  type QuestHubRow,
  type QuestRow,
  type QuestTaskRow,
  questHubs,
  quests,
  questTasks,
} from '@khel/db/schema';
import { and, asc, eq, gt, ilike, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../lib/http.ts';
import { likePattern } from '../../lib/list-query.ts';
import { slugOrId } from '../../lib/slug-or-id.ts';

/**
 * Quests as everyone sees them (SPEC §3): the list, the filters, one quest with its tasks. A quest's
 * status is derived from its dates and slots at the time asked, so no job has to move it.
 */

export const DEFAULT_QUEST_COVER = '/art/quests/default.svg';

/** SPEC §3 status at `now`: not started PUBLISHED, ended CONCLUDED, no slot left COMPLETED, else LIVE. */
export function questStatusAt(
  quest: Pick<QuestRow, 'startsAt' | 'endsAt' | 'remainingSlots'>,
  now: Date,
): QuestStatus {
  if (now < quest.startsAt) return 'PUBLISHED';
  if (now >= quest.endsAt) return 'CONCLUDED';
  if (quest.remainingSlots === 0) return 'COMPLETED';
  return 'LIVE';
}

/** The same rule in SQL, for filtering and ordering lists. */
/** Actions that happen outside the app before the task can be checked: the button starts at COMPLETE TASK. */
const CHECKED_AT_ONCE = new Set<Task['type']>([
  'hold_token',
  'hold_nft',
  'capture_login',
  'game_api',
  'special_code',
  'internal_api',
]);
const NEEDS_ACTION = new Set(TASK_TYPES.filter((type) => !CHECKED_AT_ONCE.has(type)));

/** Where a task's action happens, for everyone (a redirection task's link is per user: see redirect.ts). */
export function actionUrlOf(config: TaskConfig): string | null {
  switch (config.type) {
    case 'x_comment':
    case 'x_like':
    case 'x_retweet':
      return config.postUrl;
    case 'x_follow':
      return `https://x.com/${config.handle.replace(/^@/, '')}`;
    case 'x_hashtag_tweet':
      return `https://x.com/intent/post?text=${encodeURIComponent(`#${config.hashtag.replace(/^#/, '')}`)}`;
    case 'x_bio':
      return 'https://x.com/settings/profile';
    case 'discord_join_server':
    case 'discord_role_check':
    case 'telegram_join_channel':
      return config.inviteUrl;
    case 'link_twitter':
    case 'link_discord':
    case 'link_google':
    case 'link_wallet':
    case 'link_steam':
    case 'link_telegram':
    case 'referral_invite':
    case 'create_referral':
      return '/profile/';
    case 'internal_api':
      return { kyc_verified: '/kyc', store_spent: '/k-store/', has_pog: '/pog', in_clan: '/discover-clan' }[
        config.check
      ];
    case 'share_pog_x':
      return '/my-pog';
    default:
      return null;
  }
}

export const taskConfigOf = (task: QuestTaskRow) => ({ ...task.config, type: task.type }) as TaskConfig;

export function taskView(task: QuestTaskRow): Task {
  const config = taskConfigOf(task);
  const loginMethod =
    config.type === 'capture_login' || config.type === 'game_api' ? (config.method as GameLoginMethod) : null;
  return {
    id: task.id,
    position: task.position,
    type: task.type,
    title: task.title,
    description: task.description,
    locked: task.locked,
    needsAction: NEEDS_ACTION.has(task.type),
    actionUrl: actionUrlOf(config),
    input: config.type === 'special_code' ? 'code' : loginMethod ? 'login_value' : 'none',
    loginMethod,
    proof: task.proof,
    hint: config.type === 'special_code' ? (config.hint ?? null) : null,
    translations: task.translations,
  };
}

export function hubView(hub: QuestHubRow) {
  return {
    slug: hub.slug,
    name: hub.name,
    tagline: hub.tagline,
    logoUrl: hub.logoUrl,
    bannerUrl: hub.bannerUrl,
    translations: hub.translations,
  };
}

export function questView(
  row: QuestRow,
  hub: QuestHubRow | null,
  game: GameRow | null,
  tasks: QuestTaskRow[],
  now: Date,
): Quest {
  const active = tasks.filter((t) => t.active);
  const login = active.find((t) => t.type === 'capture_login');
  const method = login ? (taskConfigOf(login) as { method?: string }).method : undefined;
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    coverUrl: row.coverUrl ?? game?.coverUrl ?? DEFAULT_QUEST_COVER,
    hub: hub ? hubView(hub) : null,
    game: game ? { id: game.id, slug: game.slug, name: game.name, coverUrl: game.coverUrl } : null,
    status: questStatusAt(row, now),
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    totalSlots: row.totalSlots,
    remainingSlots: row.remainingSlots,
    featured: row.featured,
    recurrence: row.recurrence,
    resetsAt: row.recurrence ? recurrencePeriod(row.recurrence, now).end.toISOString() : null,
    rewards: {
      kpoints: row.rewardKpoints ? money(row.rewardKpoints, 'KPOINTS') : null,
      kcash: row.rewardKcash ? money(row.rewardKcash, 'KCASH') : null,
      rkhel: row.rewardRkhel ? money(row.rewardRkhel, 'RKHEL') : null,
    },
    taskCount: active.length,
    loginMethod:
      method && (GAME_LOGIN_METHODS as readonly string[]).includes(method)
        ? (method as GameLoginMethod)
        : null,
    translations: row.translations,
  };
}

/** Tasks of the given quests, in order, grouped by quest. */
export async function tasksOf(db: Executor, questIds: string[]): Promise<Map<string, QuestTaskRow[]>> {
  const byQuest = new Map<string, QuestTaskRow[]>(questIds.map((id) => [id, []]));
  if (questIds.length === 0) return byQuest;
  const rows = await db
    .select()
    .from(questTasks)
    .where(inArray(questTasks.questId, questIds))
    .orderBy(asc(questTasks.questId), asc(questTasks.position));
  for (const row of rows) byQuest.get(row.questId)?.push(row);
  return byQuest;
}

/** Quest rows (published only) with their hub and game, turned into views. */
export async function questViews(
  db: Executor,
  rows: { quest: QuestRow; hub: QuestHubRow | null; game: GameRow | null }[],
  now: Date,
): Promise<Quest[]> {
  const tasks = await tasksOf(
    db,
    rows.map((r) => r.quest.id),
  );
  return rows.map((r) => questView(r.quest, r.hub, r.game, tasks.get(r.quest.id) ?? [], now));
}

const questWithParts = (db: Executor) =>
  db
    .select({ quest: quests, hub: questHubs, game: games })
    .from(quests)
    .leftJoin(questHubs, eq(questHubs.slug, quests.hubSlug))
    .leftJoin(games, eq(games.id, quests.gameId));

/**
 * What one status is, as conditions an index range can serve (the same as `questStatusAt`, given the `quests_dates`
 * check ends_at > starts_at): upcoming and running quests end after now, concluded ones at or before it.
 */
function statusWhere(status: QuestStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (status) {
    case 'PUBLISHED':
      return sql`${quests.startsAt} > ${at} and ${quests.endsAt} > ${at}`;
    case 'LIVE':
      return sql`${quests.startsAt} <= ${at} and ${quests.endsAt} > ${at} and ${quests.remainingSlots} is distinct from 0`;
    case 'COMPLETED':
      return sql`${quests.startsAt} <= ${at} and ${quests.endsAt} > ${at} and ${quests.remainingSlots} = 0`;
    default:
      return sql`${quests.endsAt} <= ${at}`;
  }
}

/** The list's status order. */
const LIST_STATUS_ORDER: QuestStatus[] = ['LIVE', 'PUBLISHED', 'COMPLETED', 'CONCLUDED'];

/**
 * The list's page in its order (featured first, then LIVE, PUBLISHED, COMPLETED, CONCLUDED, then ends_at, slug)
 * without sorting every matching quest: one branch per (featured, status), each a range of `quests_list_idx` in
 * ends_at order stopping after offset + limit rows, the branches appended in the list's order. The total is
 * counted apart (the page's rows no longer carry a window count), up to QUEST_LIST_TOTAL_CAP or the page's end:
 * counting every matching quest was the part of a page that grew with the catalogue.
 */
/** The column of each reward a list can be narrowed to (`?reward=`). */
const REWARD_COLUMN = {
  kcash: quests.rewardKcash,
  rkhel: quests.rewardRkhel,
  kpoints: quests.rewardKpoints,
} as const;

export async function listQuests(db: Executor, query: z.output<typeof questListQuerySchema>, now: Date) {
  const where: SQL[] = [isNotNull(quests.publishedAt), eq(quests.kind, 'quest')];
  if (query.hub) where.push(eq(quests.hubSlug, query.hub));
  if (query.game) where.push(eq(games.slug, query.game));
  if (query.reward) where.push(gt(REWARD_COLUMN[query.reward], 0n));
  if (query.search) {
    const pattern = likePattern(query.search);
    where.push(or(ilike(quests.title, pattern), ilike(quests.description, pattern))!);
  }
  const wanted = new Set(
    query.status?.length ? query.status : QUEST_STATUSES.filter((s) => s !== 'CONCLUDED'),
  );
  const statuses = LIST_STATUS_ORDER.filter((s) => wanted.has(s));
  const flags = query.featured ? [query.featured === 'true'] : [true, false];
  const offset = (query.page - 1) * query.limit;
  const branches = flags.flatMap((featured) => statuses.map((status) => ({ featured, status })));
  const branchSql = branches.map(
    (
      { featured, status },
      i,
    ) => sql`(select ${quests.id} as id, ${i}::int as branch, ${quests.endsAt} as ends_at,
        ${quests.slug} as slug
      from ${quests} left join ${games} on ${games.id} = ${quests.gameId}
      where ${and(...where, eq(quests.featured, featured), statusWhere(status, now))}
      order by ${quests.endsAt}, ${quests.slug} limit ${offset + query.limit})`,
  );
  const anyStatus = or(...statuses.map((s) => statusWhere(s, now)))!;
  const counted = and(
    ...where,
    anyStatus,
    ...(query.featured ? [eq(quests.featured, query.featured === 'true')] : []),
  );
  // The total counts no further than the cap (or the page's end): one row past it says there are more.
  const cap = Math.max(QUEST_LIST_TOTAL_CAP, offset + query.limit);
  const cappedCount = sql<number>`(select count(*) from (select 1 from ${quests}
    left join ${games} on ${games.id} = ${quests.gameId} where ${counted} limit ${cap + 1}) counted)`.mapWith(
    Number,
  );
  const countAll = async () => {
    const upToCap = db
      .select({ one: sql`1` })
      .from(quests)
      .leftJoin(games, eq(games.id, quests.gameId))
      .where(counted)
      .limit(cap + 1)
      .as('counted');
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(upToCap);
    return row?.n ?? 0;
  };
  const stateOf = async (rows: { total: number }[]) => {
    const n = rows[0]?.total ?? (offset > 0 ? await countAll() : 0);
    const totalCapped = n > cap;
    const total = Math.min(n, cap);
    return {
      page: query.page,
      limit: query.limit,
      total,
      totalCapped,
      offset,
      isLastCard: !totalCapped && offset + rows.length >= total,
    };
  };
  if (branches.length === 0) return { ...(await stateOf([])), quests: [] };
  // One statement: the page's ids in order (row_number over the branches' few rows), their parts, and the total
  // (an uncorrelated subquery, run once).
  const page = sql`(select id, row_number() over (order by branch, ends_at, slug) as pos
    from (${sql.join(branchSql, sql` union all `)}) branches
    order by branch, ends_at, slug limit ${query.limit} offset ${offset}) as page`;
  const rows = await db
    .select({
      quest: quests,
      hub: questHubs,
      game: games,
      total: cappedCount,
    })
    .from(quests)
    .innerJoin(page, sql`page.id = ${quests.id}`)
    .leftJoin(questHubs, eq(questHubs.slug, quests.hubSlug))
    .leftJoin(games, eq(games.id, quests.gameId))
    .orderBy(sql`page.pos`);
  return { ...(await stateOf(rows)), quests: await questViews(db, rows, now) };
}

export async function questFilters(db: Executor, now: Date) {
  const open = and(
    isNotNull(quests.publishedAt),
    eq(quests.kind, 'quest'),
    sql`${quests.endsAt} > ${now.toISOString()}::timestamptz`,
  );
  const hubRows = await db
    .select({ hub: questHubs, n: sql<number>`count(${quests.id})`.mapWith(Number) })
    .from(questHubs)
    .leftJoin(quests, and(eq(quests.hubSlug, questHubs.slug), open))
    .groupBy(questHubs.slug)
    .orderBy(asc(questHubs.sortOrder), asc(questHubs.slug));
  const gameRows = await db
    .select({ slug: games.slug, name: games.name, n: sql<number>`count(*)`.mapWith(Number) })
    .from(quests)
    .innerJoin(games, eq(games.id, quests.gameId))
    .where(open)
    .groupBy(games.slug, games.name)
    .orderBy(asc(games.name));
  return {
    hubs: hubRows.map((r) => ({ ...hubView(r.hub), questCount: r.n })),
    games: gameRows.map((r) => ({ slug: r.slug, name: r.name, questCount: r.n })),
    statuses: [...QUEST_STATUSES],
  };
}

/**
 * One published quest with its parts; 404 when there is none. `kind` narrows it: quest routes that act
 * (start, validate, details) ask for 'quest', so a campaign's tasks are reached only through the campaign.
 */
/** A published quest by id, by slug, or by `ref` (a deep link's slug or id). */
export async function loadQuest(
  db: Executor,
  where: { id: string } | { slug: string } | { ref: string },
  kind?: QuestKind,
) {
  const [row] = await questWithParts(db).where(
    and(
      isNotNull(quests.publishedAt),
      'id' in where
        ? eq(quests.id, where.id)
        : 'ref' in where
          ? slugOrId(quests.slug, quests.id, where.ref)
          : eq(quests.slug, where.slug),
      ...(kind ? [eq(quests.kind, kind)] : []),
    ),
  );
  if (!row) throw new AppError(404, QUEST_NOT_FOUND_MESSAGE);
  const tasks = (await tasksOf(db, [row.quest.id])).get(row.quest.id) ?? [];
  return { ...row, tasks };
}

/** `/quest/by-slug/:slug`: the quest by slug, or by id (deep links name a quest whose slug is too long by id). */
export async function getQuestDetails(db: Executor, slug: string, now: Date): Promise<QuestDetails> {
  const { quest, hub, game, tasks } = await loadQuest(db, { ref: slug }, 'quest');
  return {
    ...questView(quest, hub, game, tasks, now),
    tasks: tasks.filter((t) => t.active).map(taskView),
  };
}
