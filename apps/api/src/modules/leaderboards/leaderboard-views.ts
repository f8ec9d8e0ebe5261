import {
  type Contribution,
  LEADERBOARD_NOT_FOUND_MESSAGE,
  type Leaderboard,
  type LeaderboardEntry,
  type LeaderboardStatus,
  type LeaderboardTop,
} from '@khel/core/contract';
import { publicName } from '@khel/core/format';
import { type Executor, schema } from '@khel/db';
import type { LeaderboardRow } from '@khel/db/schema';
import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { profilePictureUrl } from '../profile/index.ts';
import { CENTRALIZED_BOARD_SLUG, participantsSql, type RankedEntry, rankOf, topOf } from './leaderboards.ts';

const { leaderboards, campaigns, users, profilePictures, leaderboardContributions, userXp } = schema;

/** How many entries a board's page shows, and how many boards a status list holds at most. */
export const TOP_SIZE = 100;
export const STATUS_LIST_LIMIT = 100;

/** The name of a ranked account that was deleted; others are named by `publicName` (username, first name, handle). */
export const GAMER = 'Gamer';

/** Campaign statuses after which a board's results are final (its rewards are credited). */
const SETTLED = ['REWARDS_CREDITED', 'ARCHIVED'] as const;

/**
 * A board's status (README.md): PUBLISHED before it starts, LIVE while it runs (a board without an
 * end, like the centralized one, runs for ever), then COMPLETED until its campaign's rewards are
 * credited, CONCLUDED after that (at once for a board without a campaign). The same rule in SQL below.
 */
export function leaderboardStatusAt(
  board: Pick<LeaderboardRow, 'startsAt' | 'endsAt' | 'campaignId'>,
  campaignStatus: string | null,
  now: Date,
): LeaderboardStatus {
  if (now < board.startsAt) return 'PUBLISHED';
  if (!board.endsAt || now < board.endsAt) return 'LIVE';
  if (!board.campaignId || campaignStatus === null || (SETTLED as readonly string[]).includes(campaignStatus))
    return 'CONCLUDED';
  return 'COMPLETED';
}

const statusSql = (now: Date): SQL<LeaderboardStatus> => {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<LeaderboardStatus>`case
    when ${leaderboards.startsAt} > ${at} then 'PUBLISHED'
    when ${leaderboards.endsAt} is null or ${leaderboards.endsAt} > ${at} then 'LIVE'
    when ${leaderboards.campaignId} is null or ${campaigns.status} is null
      or ${campaigns.status} in (${sql.join(
        SETTLED.map((s) => sql`${s}`),
        sql`, `,
      )}) then 'CONCLUDED'
    else 'COMPLETED' end`;
};

/** Published boards with their campaign's slug, status and privacy. */
const boardsQuery = (db: Executor) =>
  db
    .select({
      board: leaderboards,
      participants: participantsSql(sql`${leaderboards.id}`),
      campaignSlug: campaigns.slug,
      campaignStatus: campaigns.status,
    })
    .from(leaderboards)
    .leftJoin(campaigns, eq(campaigns.id, leaderboards.campaignId));

type BoardWithCampaign = {
  board: LeaderboardRow;
  participants: number;
  campaignSlug: string | null;
  campaignStatus: string | null;
};

function toLeaderboard(
  { board, participants, campaignSlug, campaignStatus }: BoardWithCampaign,
  now: Date,
): Leaderboard {
  return {
    id: board.id,
    slug: board.slug,
    title: board.title,
    kind: board.kind,
    status: leaderboardStatusAt(board, campaignStatus, now),
    campaignId: board.campaignId,
    campaignSlug,
    startsAt: board.startsAt.toISOString(),
    endsAt: board.endsAt?.toISOString() ?? null,
    participants,
  };
}

/** A published board, by id or slug; anything else answers 404. */
async function visibleBoard(db: Executor, where: SQL | undefined): Promise<BoardWithCampaign> {
  const [row] = await boardsQuery(db).where(and(where, isNotNull(leaderboards.publishedAt)));
  if (!row) throw new AppError(404, LEADERBOARD_NOT_FOUND_MESSAGE);
  return row;
}

/** Published boards in one status, newest start first (private campaigns' boards are not listed). */
export async function leaderboardsByStatus(
  db: Executor,
  status: LeaderboardStatus,
  now: Date,
): Promise<Leaderboard[]> {
  const rows = await boardsQuery(db)
    .where(
      and(
        isNotNull(leaderboards.publishedAt),
        sql`coalesce(${campaigns.private}, false) = false`,
        sql`${statusSql(now)} = ${status}`,
      ),
    )
    .orderBy(desc(leaderboards.startsAt), asc(leaderboards.id))
    .limit(STATUS_LIST_LIMIT);
  return rows.map((r) => toLeaderboard(r, now));
}

/** Display names, pictures and levels of ranked users, in their order. */
async function withPeople(deps: AppDeps, ranked: RankedEntry[]): Promise<LeaderboardEntry[]> {
  if (ranked.length === 0) return [];
  const people = await deps.db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      deletedAt: users.deletedAt,
      pictureAt: profilePictures.updatedAt,
      level: userXp.level,
    })
    .from(users)
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .leftJoin(userXp, eq(userXp.userId, users.id))
    .where(
      inArray(
        users.id,
        ranked.map((r) => r.userId),
      ),
    );
  const byId = new Map(people.map((p) => [p.id, p]));
  return ranked.map((r) => {
    const p = byId.get(r.userId);
    const shown = p && !p.deletedAt ? p : null;
    return {
      rank: r.rank,
      displayName: shown ? publicName(shown) : GAMER,
      avatarUrl: shown?.pictureAt ? profilePictureUrl(deps, r.userId, shown.pictureAt) : null,
      level: shown?.level ?? 1,
      score: r.score,
      reachedAt: r.reachedAt.toISOString(),
    };
  });
}

async function topView(deps: AppDeps, row: BoardWithCampaign, now: Date): Promise<LeaderboardTop> {
  const top = await withPeople(deps, await topOf(deps.db, row.board.id, TOP_SIZE));
  return { leaderboard: toLeaderboard(row, now), top, total: row.participants };
}

/** The centralized board (slug 'k-points') and its first 100. */
export async function centralizedView(deps: AppDeps, now: Date): Promise<LeaderboardTop> {
  return topView(deps, await visibleBoard(deps.db, eq(leaderboards.slug, CENTRALIZED_BOARD_SLUG)), now);
}

/** A published board and its first 100. */
export async function participantsView(
  deps: AppDeps,
  leaderboardId: string,
  now: Date,
): Promise<LeaderboardTop> {
  return topView(deps, await visibleBoard(deps.db, eq(leaderboards.id, leaderboardId)), now);
}

/** The user's rank, score and what made it, on a published board. */
export async function contributionView(
  deps: AppDeps,
  leaderboardId: string,
  userId: string,
): Promise<Contribution> {
  await visibleBoard(deps.db, eq(leaderboards.id, leaderboardId));
  const mine = await rankOf(deps.db, leaderboardId, userId);
  const [entry] = mine ? await withPeople(deps, [{ userId, ...mine }]) : [];
  const breakdown = await deps.db
    .select({ label: leaderboardContributions.label, points: leaderboardContributions.points })
    .from(leaderboardContributions)
    .where(
      and(
        eq(leaderboardContributions.leaderboardId, leaderboardId),
        eq(leaderboardContributions.userId, userId),
      ),
    )
    .orderBy(asc(leaderboardContributions.createdAt), asc(leaderboardContributions.sourceKey));
  return { leaderboardId, entry: entry ?? null, total: mine?.score ?? 0, breakdown };
}
