import { type CampaignReferral, money } from '@khel/core/contract';
import { campaignInviteStartParam, type LinkedItem } from '@khel/core/deep-links';
import type { Executor, Transaction } from '@khel/db';
import { type CampaignRow, campaignEntries, campaignRewards, users } from '@khel/db/schema';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { enqueueNotification } from '../notifications/index.ts';
import { inviteLinks, referralCodeOf } from '../referrals/index.ts';
import { advisoryLock, loadCampaign } from './campaigns.ts';
import { rewardsOfUser } from './claims.ts';

/**
 * Campaign referrals (userReferralInfo): the user's referral code (modules/referrals: codes, who invited
 * whom, self-referral and cycles refused there), invite links to this campaign, how many invitees
 * entered and finished it, and the referrer bonus: when an invitee finishes, the referrer gets a
 * CLAIMABLE REFERRAL_BONUS row, up to the campaign's maxRewardedReferrals, paid from the treasury.
 */

const isBonus = eq(campaignRewards.earningType, 'REFERRAL_BONUS');

/**
 * In the transaction that finished the invitee's entry: the bonus of their referrer, once per invitee
 * (allocation key `<campaign>:<referrer>:REFERRAL_BONUS:<invitee>`), while the referrer has fewer than
 * the campaign's maximum (counted under a lock per campaign and referrer).
 */
export async function awardReferralBonus(tx: Transaction, campaign: CampaignRow, inviteeId: string) {
  if (campaign.referralReward === null || campaign.referralMax === null) return;
  const [invitee] = await tx
    .select({ referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, inviteeId));
  const referrerId = invitee?.referredBy;
  if (!referrerId) return;
  const [referrer] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, referrerId), isNull(users.deletedAt)));
  if (!referrer) return;
  await advisoryLock(tx, `campaign-referral:${campaign.id}:${referrerId}`);
  const [counted] = await tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(campaignRewards)
    .where(rewardsOfUser(campaign.id, referrerId, isBonus));
  if ((counted?.n ?? 0) >= campaign.referralMax) return;
  const [row] = await tx
    .insert(campaignRewards)
    .values({
      campaignId: campaign.id,
      userId: referrerId,
      allocationKey: `${campaign.id}:${referrerId}:REFERRAL_BONUS:${inviteeId}`,
      earningType: 'REFERRAL_BONUS',
      amount: campaign.referralReward,
      status: 'CLAIMABLE',
    })
    .onConflictDoNothing()
    .returning({ id: campaignRewards.id });
  if (!row) return;
  await enqueueNotification(tx, {
    kind: 'campaign_claim_available',
    userId: referrerId,
    dedupeKey: `campaign-claim:${campaign.id}:${referrerId}:REFERRAL_BONUS:${inviteeId}`,
    payload: {
      campaignId: campaign.id,
      campaignSlug: campaign.slug,
      campaignTitle: campaign.title,
      kcash: campaign.referralReward.toString(),
    },
  });
}

/** The referrer's invitees who entered the campaign, and how many of them finished (not held). */
export async function inviteeEntries(db: Executor, campaignId: string, referrerId: string) {
  const [row] = await db
    .select({
      joined: sql<number>`count(*)`.mapWith(Number),
      finished: sql<number>`count(*) filter (where ${campaignEntries.status} = 'FINISHED')`.mapWith(Number),
    })
    .from(campaignEntries)
    .innerJoin(users, eq(users.id, campaignEntries.userId))
    .where(and(eq(campaignEntries.campaignId, campaignId), eq(users.referredBy, referrerId)));
  return { joined: row?.joined ?? 0, finished: row?.finished ?? 0 };
}

/**
 * Invite links to the campaign: the website's campaign page with `?ref=<code>` and, when the bot is known,
 * the Mini App's `startapp=cref_<code>_<slug or id>`, which opens the same page with the code.
 */
export function campaignInviteLinks(deps: AppDeps, campaign: LinkedItem, code: string) {
  return inviteLinks(deps, code, {
    path: `/k-drop/campaigns/${campaign.slug}`,
    startParam: campaignInviteStartParam(code, campaign),
  });
}

export async function getCampaignReferral(
  deps: AppDeps,
  userId: string,
  campaignId: string,
): Promise<CampaignReferral> {
  const { campaign } = await loadCampaign(deps.db, { id: campaignId });
  const code = await referralCodeOf(deps.db, userId);
  const counts = await inviteeEntries(deps.db, campaign.id, userId);
  const [earned] = await deps.db
    .select({ total: sql<string>`coalesce(sum(${campaignRewards.amount}), 0)::text` })
    .from(campaignRewards)
    .where(rewardsOfUser(campaign.id, userId, isBonus));
  return {
    code,
    links: code ? campaignInviteLinks(deps, campaign, code) : null,
    joined: counts.joined,
    finished: counts.finished,
    earned: money(BigInt(earned?.total ?? '0'), 'KCASH'),
    rewardPerFinisher: campaign.referralReward !== null ? money(campaign.referralReward, 'KCASH') : null,
    maxRewardedReferrals: campaign.referralMax,
  };
}
