import { CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE, type CampaignClaim, money } from '@khel/core/contract';
import type { Executor, Transaction } from '@khel/db';
import { type CampaignRewardRow, campaignRewards } from '@khel/db/schema';
import { and, asc, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import { grantEarning, rewardBoostBasisPoints } from '../earnings/index.ts';
import { loadCampaign } from './campaigns.ts';

/**
 * Claiming (SPEC §3 claim data, §4 REWARD_DISBURSEMENT_SUCCESSFUL): each CLAIMABLE reward row of the user
 * in the campaign becomes an earning to collect, exactly once.
 */

export function claimView(row: CampaignRewardRow): CampaignClaim {
  return {
    earningType: row.earningType,
    amount: money(row.amount, 'KCASH'),
    status: row.status,
    rank: row.rank,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    earningId: row.earningId,
  };
}

/** The user's reward rows in the campaign, narrowed by `more`. */
export const rewardsOfUser = (campaignId: string, userId: string, ...more: SQL[]) =>
  and(eq(campaignRewards.campaignId, campaignId), eq(campaignRewards.userId, userId), ...more);

/** The user's rewards in the campaign, oldest first. */
export async function claimViews(db: Executor, campaignId: string, userId: string): Promise<CampaignClaim[]> {
  const rows = await db
    .select()
    .from(campaignRewards)
    .where(rewardsOfUser(campaignId, userId))
    .orderBy(asc(campaignRewards.createdAt), asc(campaignRewards.allocationKey));
  return rows.map(claimView);
}

/**
 * Claims every CLAIMABLE reward of the user in the campaign, in the caller's transaction: each becomes
 * an earning (grantEarning, source 'kdrop', key `kdrop:<allocation_key>`) paid from the rewards pool the
 * campaign funded when it went LIVE (a referral bonus from the treasury), and the row turns
 * REWARD_DISBURSEMENT_SUCCESSFUL with its earning. The rows are locked and turned with a conditional
 * UPDATE, so concurrent claims pay each reward once; nothing claimable is a 409.
 */
export async function claimCampaignRewards(
  tx: Transaction,
  userId: string,
  campaignId: string,
  now: Date,
): Promise<{ claims: CampaignClaim[] }> {
  const { campaign } = await loadCampaign(tx, { id: campaignId });
  const claimable = await tx
    .select()
    .from(campaignRewards)
    .where(rewardsOfUser(campaign.id, userId, eq(campaignRewards.status, 'CLAIMABLE')))
    .orderBy(asc(campaignRewards.id))
    .for('update');
  let claimed = 0;
  // SPEC §6: a POG minter's claims are boosted (the extra comes from the treasury, never from the pool).
  const boostBasisPoints = claimable.length > 0 ? Number(await rewardBoostBasisPoints(tx, userId)) : 10_000;
  for (const row of claimable) {
    const { earning } = await grantEarning(tx, {
      boostBasisPoints,
      userId,
      amount: row.amount,
      source: 'kdrop',
      sourceRef: campaign.id,
      title: campaign.title.slice(0, 120),
      grantKey: `kdrop:${row.allocationKey}`,
      fundedFrom: row.earningType === 'REFERRAL_BONUS' ? 'treasury' : 'rewards_pool',
      now,
    });
    const [turned] = await tx
      .update(campaignRewards)
      .set({ status: 'REWARD_DISBURSEMENT_SUCCESSFUL', claimedAt: now, earningId: earning.id })
      .where(and(eq(campaignRewards.id, row.id), eq(campaignRewards.status, 'CLAIMABLE')))
      .returning({ id: campaignRewards.id });
    if (turned) claimed++;
  }
  if (claimed === 0) throw new AppError(409, CAMPAIGN_NOTHING_TO_CLAIM_MESSAGE);
  return { claims: await claimViews(tx, campaign.id, userId) };
}
