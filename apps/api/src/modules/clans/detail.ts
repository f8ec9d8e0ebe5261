import type { ClanDetail, ClanRole } from '@khel/core/contract';
import { clanTierProgress, miniAppLink } from '@khel/core/domain';
import { clanJoinRequests, clanMembers, clanTelegramGroups } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context.ts';
import { publicOrigin } from '../../lib/public-origin.ts';
import { bearerToken } from '../../lib/route.ts';
import { clanSummaryOf } from './clans.ts';

/** The invitation links of a clan: the website's /discover-clan?clanId=<id>, the Mini App's startapp=clan_<id>. */
export function clanInvite(deps: Pick<AppDeps, 'env'>, clanId: string): NonNullable<ClanDetail['invite']> {
  const origin = publicOrigin(deps.env);
  const startParam = `clan_${clanId}`;
  const bot = deps.env.TELEGRAM_BOT_USERNAME;
  const app = deps.env.TELEGRAM_MINIAPP_SHORT_NAME;
  return {
    webUrl: `${origin}/discover-clan?clanId=${clanId}`,
    miniAppUrl: bot && app ? miniAppLink(bot, app, startParam) : null,
    startParam,
  };
}

/**
 * The reader of a public route that also reads a signed-in user when there is one: a valid bearer token names
 * them, anything else (no header, an expired or foreign token) is a visitor.
 */
export async function optionalReader(c: Context<AppEnv>): Promise<string | null> {
  const token = bearerToken(c);
  if (!token) return null;
  return c.get('deps').access.userIdOfAccessToken(token);
}

/** A clan's page: the summary, tier progress, and the reader's place in it (a visitor is a Gamer). */
export async function clanDetail(
  deps: AppDeps,
  clanId: string,
  readerId: string | null,
): Promise<ClanDetail> {
  const summary = await clanSummaryOf(deps, clanId);
  let role: ClanRole = 'Gamer';
  let pending = false;
  if (readerId) {
    const [member] = await deps.db
      .select({ role: clanMembers.role })
      .from(clanMembers)
      .where(and(eq(clanMembers.userId, readerId), eq(clanMembers.clanId, clanId)));
    if (member) role = member.role;
    else {
      const [request] = await deps.db
        .select({ userId: clanJoinRequests.userId })
        .from(clanJoinRequests)
        .where(and(eq(clanJoinRequests.userId, readerId), eq(clanJoinRequests.clanId, clanId)));
      pending = request !== undefined;
    }
  }
  const inClan = role !== 'Gamer';
  let telegramGroup: string | null = null;
  if (inClan) {
    const [group] = await deps.db
      .select({ title: clanTelegramGroups.title })
      .from(clanTelegramGroups)
      .where(eq(clanTelegramGroups.clanId, clanId));
    telegramGroup = group?.title ?? null;
  }
  const progress = clanTierProgress(summary.score);
  return {
    ...summary,
    nextTier: progress.nextTier,
    pointsToNextTier: progress.pointsToNext,
    viewerRole: role,
    viewerRequestPending: pending,
    invite: inClan ? clanInvite(deps, clanId) : null,
    telegramGroup,
  };
}
