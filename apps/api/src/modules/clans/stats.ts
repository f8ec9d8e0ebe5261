import {
  CLAN_NOT_FOUND_MESSAGE,
  type ClanStats,
  type clanPogScoresSchema,
  POG_SCORE_CATEGORIES,
} from '@khel/core/contract';
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
 * `GET /platform-clans/:clanId/pog-scores` (404 for a clan that is not live). No member can hold a POG card yet:
 * minting, and the per-category scores of a card (HUMAN, PLAY, SKILL, COMMERCE, SOCIAL), arrive with the POG
 * capability (issue 13, its `pog` module and tables). Until then every category is a real 0 and nobody is a
 * minter. Issue 13 replaces the body below with the sum of the current members' card scores per category and the
 * count of members holding a minted card; the answer's shape stays.
 */
export async function clanPogScores(deps: Pick<AppDeps, 'db'>, clanId: string): Promise<ClanPogScores> {
  const clan = await liveClan(deps.db, clanId);
  if (!clan) throw new AppError(404, CLAN_NOT_FOUND_MESSAGE);
  return {
    clanId: clan.id,
    total: 0,
    scores: POG_SCORE_CATEGORIES.map((category) => ({ category, score: 0 })),
    minters: 0,
  };
}
