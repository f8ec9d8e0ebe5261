import { CAMPAIGN_ALREADY_LIVE_MESSAGE } from '@khel/core/contract';
import type { Executor } from '@khel/db';
import { campaignReminders } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { campaignStatusAt, loadCampaign } from './campaigns.ts';

/**
 * "Notify me" on an upcoming campaign: a row per (campaign, user) that the lifecycle job reads when
 * the campaign goes LIVE (`campaign_live`, once per user). Asking again changes nothing; asking once
 * the campaign runs is 409, since there is nothing left to wait for.
 */
export async function setCampaignReminder(
  deps: AppDeps,
  userId: string,
  campaignId: string,
  reminded: boolean,
): Promise<{ reminded: boolean }> {
  const { campaign } = await loadCampaign(deps.db, { id: campaignId });
  if (!reminded) {
    await deps.db
      .delete(campaignReminders)
      .where(and(eq(campaignReminders.campaignId, campaign.id), eq(campaignReminders.userId, userId)));
    return { reminded: false };
  }
  if (campaignStatusAt(campaign, deps.clock()) !== 'PUBLISHED')
    throw new AppError(409, CAMPAIGN_ALREADY_LIVE_MESSAGE);
  await deps.db.insert(campaignReminders).values({ campaignId: campaign.id, userId }).onConflictDoNothing();
  return { reminded: true };
}

export async function isReminded(db: Executor, campaignId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: campaignReminders.userId })
    .from(campaignReminders)
    .where(and(eq(campaignReminders.campaignId, campaignId), eq(campaignReminders.userId, userId)));
  return row !== undefined;
}
