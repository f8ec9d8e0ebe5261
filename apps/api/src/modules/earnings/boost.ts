import type { PogVariant } from '@khel/core/contract';
import { POG_BOOST_BASIS_POINTS } from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { pogCards, pogScores } from '@khel/db/schema';
import { and, eq, isNotNull } from 'drizzle-orm';

/**
 * The POG earnings boost (SPEC §6: only POG minters get earnings boosts), read from the minted card and its
 * variant (modules/pog/README.md "Boosts") and applied by `grantEarning`. Here, below quests, campaigns and
 * pog, so each of them asks the same place.
 */

/** SPEC §6: the earnings boost of a minted card of this variant (basis points), 10 000 without a card. */
export function boostOf(variant: PogVariant | null): number {
  return variant ? POG_BOOST_BASIS_POINTS[variant] : 10_000;
}

/**
 * SPEC §6: only POG minters get earnings boosts. The boost (basis points) of a user: their minted card's variant's,
 * 10 000 without one. Read in the transaction that grants the reward.
 */
export async function boostBasisPointsOf(tx: Executor | Transaction, userId: string): Promise<number> {
  const [row] = await tx
    .select({ variant: pogScores.variant })
    .from(pogCards)
    .leftJoin(pogScores, eq(pogScores.userId, pogCards.userId))
    .where(and(eq(pogCards.userId, userId), isNotNull(pogCards.mintedAt)));
  if (!row) return boostOf(null);
  return boostOf(row.variant ?? 'Common');
}

/** 100 % in basis points. */
export const NO_BOOST_BASIS_POINTS = 10_000n;

/**
 * THE place a reward boost is decided (SPEC §6: only POG minters get earnings boosts): the multiplier in basis
 * points for this user, read in the granting transaction: their minted POG card's variant's boost
 * (modules/pog/README.md), 10 000 (×1) without a minted card. Quests and campaigns both ask here.
 */
export async function rewardBoostBasisPoints(tx: Transaction, userId: string): Promise<bigint> {
  return BigInt(await boostBasisPointsOf(tx, userId));
}
