import {
  CLAN_NOT_FOUND_MESSAGE,
  type ClanStats,
  type clanPogScoresSchema,
  POG_SCORE_CATEGORIES,
} from '@khel/core/contract';
import { clanMembers, pogCards, pogScores } from '@khel/db/schema';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { liveClan } from './clans.ts';
import { clanStatsOf } from './score.ts';

/** `GET /platform-clans/:clanId/stats` (404 for a clan that is not live). */
export async function clanStatsView(deps: Pick<AppDeps, 'db' | 'clock'>, clanId: string): Promise<ClanStats> {
  const stats = await clanStatsOf(deps.db, clanId, deps.clock());
  if (!stats) throw new AppError(404, CLAN_NOT_FOUND_MESSAGE);
  return stats;
}

export type ClanPogScores = z.infer<typeof clanPogScoresSchema>;

/**
 * `GET /platform-clans/:clanId/pog-scores` (404 for a clan that is not live): the sum of the current members'
 * minted POG cards' scores per category (HUMAN, PLAY, SKILL, COMMERCE, SOCIAL), their totals, and how many members
 * hold a minted card (modules/pog: scores kept by the `pog.scores` job).
 */
export async function clanPogScores(deps: Pick<AppDeps, 'db'>, clanId: string): Promise<ClanPogScores> {
  const clan = await liveClan(deps.db, clanId);
  if (!clan) throw new AppError(404, CLAN_NOT_FOUND_MESSAGE);
  const [sums] = await deps.db
    .select({
      HUMAN: sql<number>`coalesce(sum(${pogScores.human}), 0)::int`,
      PLAY: sql<number>`coalesce(sum(${pogScores.play}), 0)::int`,
      SKILL: sql<number>`coalesce(sum(${pogScores.skill}), 0)::int`,
      COMMERCE: sql<number>`coalesce(sum(${pogScores.commerce}), 0)::int`,
      SOCIAL: sql<number>`coalesce(sum(${pogScores.social}), 0)::int`,
      total: sql<number>`coalesce(sum(${pogScores.total}), 0)::int`,
      minters: sql<number>`count(${pogCards.id})::int`,
    })
    .from(clanMembers)
    .innerJoin(pogCards, and(eq(pogCards.userId, clanMembers.userId), isNotNull(pogCards.mintedAt)))
    .leftJoin(pogScores, eq(pogScores.userId, clanMembers.userId))
    .where(eq(clanMembers.clanId, clan.id));
  return {
    clanId: clan.id,
    total: Number(sums?.total ?? 0),
    scores: POG_SCORE_CATEGORIES.map((category) => ({ category, score: Number(sums?.[category] ?? 0) })),
    minters: Number(sums?.minters ?? 0),
  };
}
