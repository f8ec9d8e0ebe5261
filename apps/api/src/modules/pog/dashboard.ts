import { POG_BADGE_TYPE_OF, type PogDashboard } from '@khel/core/contract';
import { pogBadges } from '@khel/db/schema';
import { asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { boostOf } from '../earnings/index.ts';
import { cardById } from './cards.ts';
import { cardOf } from './flow.ts';
import { nextVariantOf } from './score-rules.ts';
import { rescoreUser } from './scores.ts';

/** GET /pog/me: the user's scores recomputed now (so what they just did shows), badges, card and boost. */
export async function pogDashboard(deps: AppDeps, userId: string): Promise<PogDashboard> {
  const now = deps.clock();
  const scored = await rescoreUser(deps.db, now, userId);
  const row = await cardOf(deps.db, userId);
  const card = row?.avatar ? await cardById(deps, userId, row.id) : null;
  const badges = await deps.db
    .select()
    .from(pogBadges)
    .where(eq(pogBadges.userId, userId))
    .orderBy(asc(pogBadges.earnedAt), asc(pogBadges.badge));
  return {
    card,
    scores: scored.scores,
    total: scored.total,
    variant: scored.variant,
    nextVariant: nextVariantOf(scored.total),
    badges: badges.map((b) => ({
      id: b.badge,
      type: POG_BADGE_TYPE_OF[b.badge],
      earnedAt: b.earnedAt.toISOString(),
    })),
    boostBasisPoints: boostOf(row?.mintedAt ? scored.variant : null),
    activity: { ...scored.activity },
    scoredAt: now.toISOString(),
  };
}
