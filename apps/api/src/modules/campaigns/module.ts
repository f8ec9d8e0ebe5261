import { allRoutes, defineModule } from '../../lib/module.ts';
import { campaignOperatorCommands } from './campaign-cli.ts';
import { campaignOperatorsRouter } from './campaign-operators.routes.ts';
import { campaignsRouter } from './campaigns.routes.ts';
import { CAMPAIGNS_DEMO_SEED, seedDemoCampaigns } from './demo.ts';
import { campaignJobHandlers, campaignRecurringJobs } from './lifecycle.ts';

/** Campaigns (K-Drop): lists, details, entries, task validation, claims, referrals, raffles, the lifecycle job and the operator side (README.md). */
export const campaignsModule = defineModule({
  name: 'campaigns',
  routes: allRoutes(campaignsRouter, campaignOperatorsRouter),
  jobHandlers: campaignJobHandlers,
  recurringJobs: campaignRecurringJobs,
  seedDemo: seedDemoCampaigns,
  seedDemoMarkers: [CAMPAIGNS_DEMO_SEED],
  operatorCommands: campaignOperatorCommands,
});
