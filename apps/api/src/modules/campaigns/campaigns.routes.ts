import { campaignsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { normalizeIp } from '../location/index.ts';
import { getCampaignDetails, getCampaignRaffle, getCampaignRoadmap, listCampaigns } from './campaigns.ts';
import { claimCampaignRewards } from './claims.ts';
import { getCampaignProgress, startCampaign, validateCampaignTask } from './entries.ts';
import { getCampaignReferral } from './referral.ts';
import { setCampaignReminder } from './reminders.ts';

/** The user side of SPEC §7 campaigns paths (README.md); the operator routes are in operator.routes.ts. */
export function campaignsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, campaignsRoutes.campaignsByState, async ({ c, query }) => ({
    data: await listCampaigns(c.get('deps').db, query, c.get('deps').clock()),
  }));
  mount(app, campaignsRoutes.campaignInfo, async ({ c, params }) => ({
    data: await getCampaignDetails(c.get('deps').db, params.slug, c.get('deps').clock()),
  }));
  mount(app, campaignsRoutes.campaignRoadmap, async ({ c, params }) => ({
    data: await getCampaignRoadmap(c.get('deps').db, params.campaignId),
  }));
  mount(app, campaignsRoutes.campaignRaffle, async ({ c, params }) => ({
    data: await getCampaignRaffle(c.get('deps').db, params.campaignId),
  }));
  mount(app, campaignsRoutes.campaignProgress, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await getCampaignProgress(c.get('deps'), user, params.campaignId),
  }));
  mount(app, campaignsRoutes.remindCampaign, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await setCampaignReminder(c.get('deps'), user.id, params.campaignId, true),
    message: "We'll tell you when it goes live",
  }));
  mount(app, campaignsRoutes.unremindCampaign, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await setCampaignReminder(c.get('deps'), user.id, params.campaignId, false),
  }));
  mount(app, campaignsRoutes.startCampaign, ACTIVE_USER, async ({ c, user, params, body }) => {
    // Entry caps count per network: an HMAC of the address (entries.ts), never the address itself.
    const ip = normalizeIp(clientIp(c));
    const progress = await startCampaign(c.get('deps'), user, params.campaignId, {
      ...(body.deviceId ? { deviceId: body.deviceId } : {}),
      ip: ip === 'unknown' ? null : ip,
    });
    return { data: progress, message: 'Campaign started' };
  });
  mount(app, campaignsRoutes.validateCampaignTask, ACTIVE_USER, async ({ c, user, params, body }) => {
    const result = await validateCampaignTask(c.get('deps'), user, params.campaignId, {
      taskId: body.taskId,
      ...(body.value === undefined ? {} : { value: body.value }),
    });
    return { data: result, ...(result.message ? { message: result.message } : {}) };
  });
  mountIdempotent(app, campaignsRoutes.claimCampaignReward, async ({ c, tx, userId, params }) => ({
    data: await claimCampaignRewards(tx, userId, params.campaignId, c.get('deps').clock()),
    message: 'Reward claimed',
  }));
  mount(app, campaignsRoutes.campaignReferral, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await getCampaignReferral(c.get('deps'), user.id, params.campaignId),
  }));
  return app;
}
