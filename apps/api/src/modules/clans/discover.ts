import {
  CLAN_DASHBOARD_TYPES,
  CLAN_QUESTS_MAX,
  CLAN_TIER_THRESHOLDS,
  CLAN_TIERS,
  type ClanConfig,
  type ClanMember,
  type ClanPage,
  type ClanRulesAnswer,
  type ClanStatus,
} from '@khel/core/contract';
import { canDeleteClan, canJoinClanAfterLeaving, canRecreateClanAfterDelete } from '@khel/core/domain';

import { clanJoinRequests, clanMembers, clans, type UserRow, users } from '@khel/db/schema';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { registrationView } from './chief.ts';
import {
  clanOrder,
  clanRulesOf,
  clanSummaryOf,
  lastEventAt,
  memberQuery,
  requireLiveClan,
  summaryQuery,
  toClanMember,
  toClanSummary,
} from './clans.ts';
import { membersOf } from './console.ts';

export function clanConfig(deps: Pick<AppDeps, 'env'>): ClanConfig {
  return {
    ...clanRulesOf(deps),
    memberCap: deps.env.CLAN_MEMBER_CAP,
    tiers: CLAN_TIERS.map((tier) => ({ tier, minScore: CLAN_TIER_THRESHOLDS[tier] })),
    dashboardTypes: [...CLAN_DASHBOARD_TYPES],
    maxClanQuests: CLAN_QUESTS_MAX,
    handbookUrl: deps.env.CLAN_HANDBOOK_URL,
  };
}

/** A restriction's date while it restricts, null once it does not (or never did). */
const whileRestricted = (r: { allowed: boolean; availableAt: Date | null }) =>
  !r.allowed && r.availableAt ? r.availableAt.toISOString() : null;

/** SPEC §3 rules with the user's min-date fields: when they may delete, join again, create again. */
export async function clanRulesFor(deps: AppDeps, userId: string): Promise<ClanRulesAnswer> {
  const rules = clanRulesOf(deps);
  const now = deps.clock();
  const [led] = await deps.db
    .select({ createdAt: clans.createdAt })
    .from(clans)
    .where(and(eq(clans.chiefId, userId), isNull(clans.deletedAt)));
  return {
    ...rules,
    minDateBeforeClanDelete: led ? whileRestricted(canDeleteClan(rules, led.createdAt, now)) : null,
    minDateToJoinClanAfterLeaving: whileRestricted(
      canJoinClanAfterLeaving(rules, await lastEventAt(deps.db, userId, 'leave'), now),
    ),
    minDateToRecreateClanAfterDelete: whileRestricted(
      canRecreateClanAfterDelete(rules, await lastEventAt(deps.db, userId, 'delete'), now),
    ),
  };
}

/** `platform-clans/status`: the user's role and clan, their pending requests, chief registration and rules. */
export async function clanStatus(deps: AppDeps, user: UserRow): Promise<ClanStatus> {
  const [member] = await deps.db
    .select({ clanId: clanMembers.clanId, role: clanMembers.role })
    .from(clanMembers)
    .where(eq(clanMembers.userId, user.id));
  const pending = await deps.db
    .select({
      clanId: clanJoinRequests.clanId,
      clanName: clans.name,
      requestedAt: clanJoinRequests.createdAt,
    })
    .from(clanJoinRequests)
    .innerJoin(clans, eq(clans.id, clanJoinRequests.clanId))
    .where(and(eq(clanJoinRequests.userId, user.id), isNull(clans.deletedAt)))
    .orderBy(asc(clanJoinRequests.createdAt));
  return {
    role: member?.role ?? 'Gamer',
    clan: member ? await clanSummaryOf(deps, member.clanId) : null,
    pendingRequests: pending.map((p) => ({
      clanId: p.clanId,
      clanName: p.clanName,
      requestedAt: p.requestedAt.toISOString(),
    })),
    registration: await registrationView(deps.db, user.id),
    rules: await clanRulesFor(deps, user.id),
  };
}

interface Page {
  page: number;
  limit: number;
}

async function clanPage(
  deps: AppDeps,
  page: Page,
  where: SQL | undefined,
  order: SQL[] = [...clanOrder],
): Promise<ClanPage> {
  const offset = (page.page - 1) * page.limit;
  const live = where ? and(isNull(clans.deletedAt), where) : isNull(clans.deletedAt);
  const [total] = await deps.db.select({ n: count() }).from(clans).where(live);
  const rows = await summaryQuery(deps.db)
    .where(live)
    .orderBy(...order)
    .limit(page.limit)
    .offset(offset);
  const n = Number(total?.n ?? 0);
  return {
    page: page.page,
    limit: page.limit,
    total: n,
    offset,
    isLastCard: offset + rows.length >= n,
    clans: rows.map((r) => toClanSummary(deps, r)),
  };
}

/** Live clans by score (then the older, then the id), paginated. */
export const listClans = (deps: AppDeps, page: Page) => clanPage(deps, page, undefined);

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Clans whose name contains `q` ignoring case: names that start with it first, then by score. */
export function searchClans(deps: AppDeps, q: string, page: Page) {
  const needle = likeEscape(q.toLowerCase());
  return clanPage(deps, page, sql`lower(${clans.name}) like ${`%${needle}%`}`, [
    sql`(lower(${clans.name}) like ${`${needle}%`}) desc`,
    ...clanOrder,
  ]);
}

/**
 * Clans for the user: same college (their profile's or their chief registration's), then same city, then same
 * country, then the rest; OPEN before APPROVAL within each; never the user's own clan.
 */
export async function recommendedClans(deps: AppDeps, user: UserRow, page: Page): Promise<ClanPage> {
  const registration = await registrationView(deps.db, user.id);
  const college = (user.college ?? registration?.collegeName ?? '').trim().toLowerCase();
  const city = (user.city ?? registration?.chiefCity ?? '').trim().toLowerCase();
  const country = (user.country ?? '').trim().toUpperCase();
  const [mine] = await deps.db
    .select({ clanId: clanMembers.clanId })
    .from(clanMembers)
    .where(eq(clanMembers.userId, user.id));
  // A key only for what the user told us: PostgreSQL refuses a constant (`false`) as an ORDER BY item.
  const matches: SQL[] = [];
  if (college) matches.push(sql`(lower(coalesce(${clans.collegeName}, '')) = ${college}) desc`);
  if (city) matches.push(sql`(lower(${clans.city}) = ${city}) desc`);
  if (country) matches.push(sql`(upper(${clans.country}) = ${country}) desc`);
  return clanPage(deps, page, mine ? ne(clans.id, mine.clanId) : undefined, [
    ...matches,
    sql`(${clans.joinPolicy} = 'OPEN') desc`,
    ...clanOrder,
  ]);
}

/** A clan's members, chief first, then by points (paginated). */
export async function clanMembersPage(deps: AppDeps, clanId: string, page: Page) {
  const clan = await requireLiveClan(deps.db, clanId);
  const offset = (page.page - 1) * page.limit;
  const members = await membersOf(deps, deps.db, clanId, { limit: page.limit, offset });
  return {
    page: page.page,
    limit: page.limit,
    total: clan.memberCount,
    offset,
    isLastCard: offset + members.length >= clan.memberCount,
    members,
  };
}

/** Members whose username starts with the text, any case (at most 20, by username). */
export async function searchClanMembers(
  deps: AppDeps,
  clanId: string,
  username: string,
): Promise<ClanMember[]> {
  await requireLiveClan(deps.db, clanId);
  const prefix = `${likeEscape(username.replace(/^@/, '').toLowerCase())}%`;
  const rows = await memberQuery(deps.db)
    .where(and(eq(clanMembers.clanId, clanId), sql`lower(${users.username}) like ${prefix}`))
    .orderBy(sql`lower(${users.username})`)
    .limit(20);
  return rows.map((r) => toClanMember(deps, r));
}
