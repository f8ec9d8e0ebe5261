import {
  CLAN_ERROR_CODES,
  CLAN_NO_LONGER_CHIEF_MESSAGE,
  CLAN_NOT_CHIEF_MESSAGE,
  CLAN_NOT_FOUND_MESSAGE,
  type ClanErrorCode,
  type ClanMember,
  type ClanSummary,
} from '@khel/core/contract';
import { type ClanRules, clanTierOf } from '@khel/core/domain';
import { publicName } from '@khel/core/format';
import type { Executor, Transaction } from '@khel/db';
import { type ClanRow, clanEvents, clanMembers, clans, profilePictures, users } from '@khel/db/schema';
import { and, asc, desc, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { profilePictureUrl } from '../profile/index.ts';

/** SPEC §3 clan rules from the settings (env.ts CLAN_*). */
export function clanRulesOf(deps: Pick<AppDeps, 'env'>): ClanRules {
  return {
    minDaysBeforeClanDelete: deps.env.CLAN_MIN_DAYS_BEFORE_DELETE,
    minDaysToJoinClanAfterLeaving: deps.env.CLAN_MIN_DAYS_TO_JOIN_AFTER_LEAVING,
    minDaysToRecreateClanAfterDelete: deps.env.CLAN_MIN_DAYS_TO_RECREATE_AFTER_DELETE,
  };
}

/** SPEC §9 date display for the {{date}} of a waiting-period message: dd/mm/yyyy (UTC). */
export function formatClanDate(d: Date): string {
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}/${mm}/${d.getUTCFullYear()}`;
}

/** The refusal of a waiting period: the message with its date, and `{ code, availableAt }` for the screens. */
export function tooEarly(message: string, code: ClanErrorCode, availableAt: Date): AppError {
  return new AppError(403, message.replace('{{date}}', formatClanDate(availableAt)), {
    code,
    availableAt: availableAt.toISOString(),
  });
}
export { CLAN_ERROR_CODES };

/**
 * Serialises one user's clan moves (join, leave, create, approval of their request) across connections and
 * replicas, so "one clan per user" is decided by reading, not by racing; the primary key of clan_members stays
 * the net under it. Always taken before any clan row lock.
 */
export async function lockClanUser(tx: Transaction, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`clan-user:${userId}`}, 0))`);
}

/** True when the error (or one it wraps) is a unique violation, with the constraint's name when known. */
export function uniqueViolation(err: unknown): { constraint: string | null } | null {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown };
    if (e.code === '23505') {
      const name = e.constraint ?? e.constraint_name;
      return { constraint: typeof name === 'string' ? name : null };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** The last event of a kind for a user (waiting periods read 'leave' and 'delete'). */
export async function lastEventAt(
  db: Executor,
  userId: string,
  kind: 'leave' | 'delete' | 'creation',
): Promise<Date | null> {
  const [row] = await db
    .select({ at: clanEvents.at })
    .from(clanEvents)
    .where(and(eq(clanEvents.userId, userId), eq(clanEvents.kind, kind)))
    .orderBy(desc(clanEvents.at))
    .limit(1);
  return row?.at ?? null;
}

export async function addClanEvent(
  tx: Executor,
  event: {
    clanId: string;
    userId: string | null;
    kind: (typeof clanEvents.$inferInsert)['kind'];
    actorId?: string | null;
    at: Date;
  },
): Promise<number> {
  const [row] = await tx
    .insert(clanEvents)
    .values({
      clanId: event.clanId,
      userId: event.userId,
      kind: event.kind,
      actorId: event.actorId ?? null,
      at: event.at,
    })
    .returning({ id: clanEvents.id });
  return row!.id;
}

/** A live clan (not deleted), or null. */
export async function liveClan(db: Executor, clanId: string): Promise<ClanRow | null> {
  const [row] = await db
    .select()
    .from(clans)
    .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
  return row ?? null;
}

export async function requireLiveClan(db: Executor, clanId: string): Promise<ClanRow> {
  const clan = await liveClan(db, clanId);
  if (!clan) throw new AppError(404, CLAN_NOT_FOUND_MESSAGE);
  return clan;
}

/**
 * Why a user may not act as the chief of a clan the bot's button names: a user who led it once (created it, or
 * was handed it) is no longer its chief; anyone else never was (a member, a gamer pressing a forwarded button).
 */
export async function chiefRefusal(db: Executor, clanId: string, userId: string): Promise<AppError> {
  const [led] = await db
    .select({ id: clanEvents.id })
    .from(clanEvents)
    .where(
      and(
        eq(clanEvents.clanId, clanId),
        eq(clanEvents.userId, userId),
        inArray(clanEvents.kind, ['creation', 'handover']),
      ),
    )
    .limit(1);
  return new AppError(403, led ? CLAN_NO_LONGER_CHIEF_MESSAGE : CLAN_NOT_CHIEF_MESSAGE);
}

/**
 * The clan a chief acts on, locked for the transaction (FOR UPDATE), so a handover or a delete running at the
 * same time is seen before anything changes. On the website the clan is the one the user leads
 * (403 CLAN_NOT_CHIEF_MESSAGE otherwise); from the bot it is the clan the button names, and the user must be its
 * chief now (otherwise 403 `chiefRefusal`: CLAN_NO_LONGER_CHIEF_MESSAGE for a former chief, else
 * CLAN_NOT_CHIEF_MESSAGE).
 */
export async function lockChiefClan(
  tx: Transaction,
  userId: string,
  target: { clanId?: string } = {},
): Promise<ClanRow> {
  if (target.clanId) {
    const [row] = await tx
      .select()
      .from(clans)
      .where(and(eq(clans.id, target.clanId), eq(clans.chiefId, userId), isNull(clans.deletedAt)))
      .for('update');
    if (!row) throw await chiefRefusal(tx, target.clanId, userId);
    return row;
  }
  const [row] = await tx
    .select()
    .from(clans)
    .where(and(eq(clans.chiefId, userId), isNull(clans.deletedAt)))
    .for('update');
  if (!row) throw new AppError(403, CLAN_NOT_CHIEF_MESSAGE);
  return row;
}

/** Where a clan's logo or banner is served (`v` changes with each new image, so caches may keep it). */
export function clanImageUrl(
  deps: Pick<AppDeps, 'env'>,
  clanId: string,
  kind: 'logo' | 'banner',
  imageId: string | null,
): string | null {
  if (!imageId) return null;
  const origin = deps.env.PUBLIC_URL ? new URL(deps.env.PUBLIC_URL).origin : '';
  return `${origin}/api/platform-clans/${clanId}/images/${kind}?v=${imageId.slice(0, 8)}`;
}

/**
 * A clan's rank on the global board: 1 + the live clans ahead of it (a higher score; on a tie, created earlier,
 * then the smaller id). The same order as the lists and as score.ts `clanRank`: two counts, each a range of the
 * partial index clans_score_idx, rather than one OR the planner answers with a scan.
 */
export const rankSql = sql<number>`(1
  + (select count(*) from ${clans} as ahead where ahead.deleted_at is null and ahead.score > ${clans.score})
  + (select count(*) from ${clans} as ahead where ahead.deleted_at is null and ahead.score = ${clans.score}
      and (ahead.created_at, ahead.id) < (${clans.createdAt}, ${clans.id})))::int`;

export async function clanRankOf(db: Executor, clanId: string): Promise<number | null> {
  const [row] = await db
    .select({ rank: rankSql })
    .from(clans)
    .where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
  return row ? Number(row.rank) : null;
}

/** The order of every clan list: score, then the older clan, then the id. */
// `desc nulls last` as clans_score_idx is built, so PostgreSQL walks the index instead of sorting every clan.
export const clanOrder: SQL[] = [sql`${clans.score} desc nulls last`, asc(clans.createdAt), asc(clans.id)];

/** The columns a clan summary needs: the clan, its chief's public name and picture, its rank. */
export const summaryColumns = {
  clan: clans,
  chiefUsername: users.username,
  chiefFirstName: users.firstName,
  chiefPictureAt: profilePictures.updatedAt,
  rank: rankSql,
};

/** `select(summaryColumns)` from clans with the chief joined; add where/order/limit. */
export const summaryQuery = (db: Executor) =>
  db
    .select(summaryColumns)
    .from(clans)
    .innerJoin(users, eq(users.id, clans.chiefId))
    .leftJoin(profilePictures, eq(profilePictures.userId, clans.chiefId));

export interface SummaryRow {
  clan: ClanRow;
  chiefUsername: string | null;
  chiefFirstName: string | null;
  chiefPictureAt: Date | null;
  rank: number | null;
}

export function toClanSummary(deps: Pick<AppDeps, 'env'>, row: SummaryRow): ClanSummary {
  const { clan } = row;
  const score = Math.max(0, Number(clan.score));
  return {
    id: clan.id,
    clanName: clan.name,
    city: clan.city,
    country: clan.country,
    description: clan.description,
    clanLogo: clanImageUrl(deps, clan.id, 'logo', clan.logoImageId),
    bannerImage: clanImageUrl(deps, clan.id, 'banner', clan.bannerImageId),
    collegeName: clan.collegeName,
    chief: {
      userId: clan.chiefId,
      displayName: publicName({
        id: clan.chiefId,
        username: row.chiefUsername,
        firstName: row.chiefFirstName,
      }),
      avatarUrl: row.chiefPictureAt
        ? profilePictureUrl(deps as AppDeps, clan.chiefId, row.chiefPictureAt)
        : null,
    },
    memberCount: clan.memberCount,
    memberCap: clan.memberCap,
    joinPolicy: clan.joinPolicy,
    dashboardType: clan.dashboardType,
    score,
    // The score job keeps `tier`; a score changed since is shown with the tier it now has.
    tier: clanTierOf(score),
    rank: clan.deletedAt || row.rank === null ? null : Number(row.rank),
    createdAt: clan.createdAt.toISOString(),
  };
}

export async function clanSummaryOf(deps: Pick<AppDeps, 'env' | 'db'>, clanId: string): Promise<ClanSummary> {
  const [row] = await summaryQuery(deps.db).where(and(eq(clans.id, clanId), isNull(clans.deletedAt)));
  if (!row) throw new AppError(404, CLAN_NOT_FOUND_MESSAGE);
  return toClanSummary(deps, row);
}

/** A user's public name and picture (for members, requests and notifications). */
export const personColumns = {
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  pictureAt: profilePictures.updatedAt,
};

export function personOf(
  deps: Pick<AppDeps, 'env'>,
  p: { userId: string; username: string | null; firstName: string | null; pictureAt: Date | null },
) {
  return {
    userId: p.userId,
    displayName: publicName({ id: p.userId, ...p }),
    username: p.username,
    avatarUrl: p.pictureAt ? profilePictureUrl(deps as AppDeps, p.userId, p.pictureAt) : null,
  };
}

export async function displayNameOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ username: users.username, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  return publicName({ id: userId, ...row });
}

export function toClanMember(
  deps: Pick<AppDeps, 'env'>,
  row: {
    userId: string;
    username: string | null;
    firstName: string | null;
    pictureAt: Date | null;
    role: 'Chief' | 'Member';
    joinedAt: Date;
    points: number;
  },
): ClanMember {
  return {
    ...personOf(deps, row),
    role: row.role,
    joinedAt: row.joinedAt.toISOString(),
    points: Math.max(0, Number(row.points)),
  };
}

/** Members with their public name and picture, the row toClanMember reads; the caller adds where, order, limit. */
export const memberQuery = (db: Executor) =>
  db
    .select({
      ...personColumns,
      role: clanMembers.role,
      joinedAt: clanMembers.joinedAt,
      points: clanMembers.points,
    })
    .from(clanMembers)
    .innerJoin(users, eq(users.id, clanMembers.userId))
    .leftJoin(profilePictures, eq(profilePictures.userId, clanMembers.userId));

/** The ids of a clan's members but one (the one who acted): whom a clan-wide notice goes to. */
export const otherMembersOf = (db: Executor, clanId: string, exceptUserId: string) =>
  db
    .select({ userId: clanMembers.userId })
    .from(clanMembers)
    .where(and(eq(clanMembers.clanId, clanId), ne(clanMembers.userId, exceptUserId)));

/** The id of the clan a user leads (403 CLAN_NOT_CHIEF_MESSAGE when none): for the chief's reads. */
export async function chiefClanId(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ id: clans.id })
    .from(clans)
    .where(and(eq(clans.chiefId, userId), isNull(clans.deletedAt)));
  if (!row) throw new AppError(403, CLAN_NOT_CHIEF_MESSAGE);
  return row.id;
}
