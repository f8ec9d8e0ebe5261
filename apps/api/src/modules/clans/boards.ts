import {
  type ClanBoard,
  type ClanBoardEntry,
  type ClanMemberBoard,
  HUB_NOT_FOUND_MESSAGE,
  LEADERBOARD_TOP,
} from '@khel/core/contract';
import { clanTierOf } from '@khel/core/domain';
import { type Executor, schema } from '@khel/db';
import type { ClanRow } from '@khel/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { membershipOf, requireMembership } from './clan-quests.ts';
import { clanImageUrl, personOf } from './clans.ts';
import { clanRank, liveClanCount, memberQuestCompletions, rowsOf } from './score.ts';

const { clans, clanMembers, questHubs, users, profilePictures } = schema;

/**
 * Clan leaderboards, each "top 100 + my rank" (LEADERBOARD_TOP): the first 100 and the reader's own line wherever
 * it is. Global: live clans by score (ties: the older clan, then the id; index clans_score_idx). Partner: live
 * clans by the K-Points their current members earned on the partner hub's quests since joining (clans with none
 * are not on it). My clan: the reader's clan's members by points (ties: who joined first, then the id).
 */

type BoardDeps = Pick<AppDeps, 'db' | 'env'>;

function entryOf(
  deps: BoardDeps,
  clan: Pick<ClanRow, 'id' | 'name' | 'logoImageId' | 'memberCount'>,
  rank: number,
  score: number,
  tierScore: number,
): ClanBoardEntry {
  return {
    rank,
    clanId: clan.id,
    clanName: clan.name,
    clanLogo: clanImageUrl(deps, clan.id, 'logo', clan.logoImageId),
    tier: clanTierOf(Math.max(0, tierScore)),
    score: Math.max(0, score),
    memberCount: clan.memberCount,
  };
}

const boardColumns = {
  id: clans.id,
  name: clans.name,
  logoImageId: clans.logoImageId,
  memberCount: clans.memberCount,
  score: clans.score,
};

/** `GET /leaderboards/clan`: the top 100 live clans by score and the reader's clan (null for a visitor or a gamer without a clan). */
export async function globalClanBoard(deps: BoardDeps, readerId: string | null): Promise<ClanBoard> {
  // `desc nulls last` as clans_score_idx is built (score is never null), so the planner walks the index and sorts
  // only ties on created_at instead of sorting the whole table.
  const top = await deps.db
    .select(boardColumns)
    .from(clans)
    .where(isNull(clans.deletedAt))
    .orderBy(sql`${clans.score} desc nulls last, ${clans.createdAt} asc, ${clans.id} asc`)
    .limit(LEADERBOARD_TOP);
  const topEntries = top.map((c, i) => entryOf(deps, c, i + 1, c.score, c.score));
  let mine: ClanBoardEntry | null = null;
  const member = readerId ? await membershipOf(deps.db, readerId) : null;
  if (member) {
    mine = topEntries.find((e) => e.clanId === member.clanId) ?? null;
    if (!mine) {
      const [clan] = await deps.db.select(boardColumns).from(clans).where(eq(clans.id, member.clanId));
      const rank = await clanRank(deps.db, member.clanId);
      if (clan && rank !== null) mine = entryOf(deps, clan, rank, clan.score, clan.score);
    }
  }
  return { board: 'global', partner: null, top: topEntries, mine, total: await liveClanCount(deps.db) };
}

interface PartnerRow {
  id: string;
  name: string;
  logo_image_id: string | null;
  member_count: number;
  clan_score: number | string;
  points: number | string;
  rank: number | string;
  total: number | string;
}

/** `GET /leaderboards/partner-clan/:hubSlug`: clans by their members' K-Points on the hub's quests (404 for an unknown hub). */
export async function partnerClanBoard(
  deps: BoardDeps,
  hubSlug: string,
  readerId: string | null,
): Promise<ClanBoard> {
  const [hub] = await deps.db
    .select({ slug: questHubs.slug, name: questHubs.name })
    .from(questHubs)
    .where(eq(questHubs.slug, hubSlug));
  if (!hub) throw new AppError(404, HUB_NOT_FOUND_MESSAGE);
  const member = readerId ? await membershipOf(deps.db, readerId) : null;
  const rows = await rowsOf<PartnerRow>(
    deps.db,
    sql`with pts as (
        select m.clan_id, sum(x.kpoints)::bigint as points
        from (${memberQuestCompletions(sql`${clanMembers} m`, sql`q.hub_slug = ${hub.slug}`)}) x
        join ${clanMembers} m on m.user_id = x.user_id
        group by m.clan_id having sum(x.kpoints) > 0
      ), ranked as (
        select c.id, c.name, c.logo_image_id, c.member_count, c.score as clan_score, pts.points,
          row_number() over (order by pts.points desc, c.created_at asc, c.id asc) as rank,
          count(*) over () as total
        from pts join ${clans} c on c.id = pts.clan_id and c.deleted_at is null
      )
      select * from ranked where rank <= ${LEADERBOARD_TOP}
        ${member ? sql`or id = ${member.clanId}` : sql``}
      order by rank`,
  );
  const entries = rows.map((r) => ({
    rank: Number(r.rank),
    entry: entryOf(
      deps,
      { id: r.id, name: r.name, logoImageId: r.logo_image_id, memberCount: Number(r.member_count) },
      Number(r.rank),
      Number(r.points),
      Number(r.clan_score),
    ),
  }));
  return {
    board: 'partner',
    partner: hub,
    top: entries.filter((e) => e.rank <= LEADERBOARD_TOP).map((e) => e.entry),
    mine: member ? (entries.find((e) => e.entry.clanId === member.clanId)?.entry ?? null) : null,
    total: rows.length > 0 ? Number(rows[0]!.total) : 0,
  };
}

interface MemberRankRow {
  user_id: string;
  points: number | string;
  rank: number | string;
}

/** `GET /leaderboards/clan/me`: the reader's clan's members by points, the top 100 and the reader (members only). */
export async function myClanMemberBoard(deps: BoardDeps, userId: string): Promise<ClanMemberBoard> {
  const member = await requireMembership(deps.db, userId);
  const ranked = await rowsOf<MemberRankRow>(
    deps.db,
    sql`select * from (
        select m.user_id, m.points,
          row_number() over (order by m.points desc, m.joined_at asc, m.user_id asc) as rank
        from ${clanMembers} m where m.clan_id = ${member.clanId}
      ) r where r.rank <= ${LEADERBOARD_TOP} or r.user_id = ${userId}
      order by r.rank`,
  );
  const people = await peopleOf(
    deps.db,
    ranked.map((r) => r.user_id),
  );
  const lines = ranked.map((r) => {
    const p = personOf(
      deps,
      people.get(r.user_id) ?? { userId: r.user_id, username: null, firstName: null, pictureAt: null },
    );
    return {
      rank: Number(r.rank),
      userId: r.user_id,
      displayName: p.displayName,
      avatarUrl: p.avatarUrl,
      points: Math.max(0, Number(r.points)),
    };
  });
  const [clan] = await deps.db
    .select({ memberCount: clans.memberCount })
    .from(clans)
    .where(and(eq(clans.id, member.clanId), isNull(clans.deletedAt)));
  return {
    clanId: member.clanId,
    top: lines.filter((l) => l.rank <= LEADERBOARD_TOP),
    mine: lines.find((l) => l.userId === userId) ?? null,
    total: clan?.memberCount ?? lines.length,
  };
}

async function peopleOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      firstName: users.firstName,
      pictureAt: profilePictures.updatedAt,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .leftJoin(profilePictures, eq(profilePictures.userId, users.id))
    .where(
      sql`${users.id} in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    );
  return new Map(
    rows.map((r) => [
      r.userId,
      r.deletedAt ? { userId: r.userId, username: null, firstName: null, pictureAt: null } : r,
    ]),
  );
}
