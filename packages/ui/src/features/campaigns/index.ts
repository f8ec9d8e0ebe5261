// @khel/ui/campaigns: K-Drop (/k-drop/campaigns, /k-drop/campaigns/<slug> and its raffle check
// /k-drop/campaigns/<slug>/verify) and every request of the campaigns capability, with the campaign
// leaderboards (participants, contribution).
export type { PrimaryAction, PrimaryActionListener } from '../../lib/primary-action.ts';
export { claimCampaignReward, useClaimCampaignReward } from './api/claim-campaign-reward.ts';
export { getCampaign, useCampaign } from './api/get-campaign.ts';
export { getCampaignProgress, useCampaignProgress } from './api/get-campaign-progress.ts';
export { getCampaignRaffle, useCampaignRaffle } from './api/get-campaign-raffle.ts';
export { getCampaignReferral, useCampaignReferral } from './api/get-campaign-referral.ts';
export { type CampaignListQuery, getCampaigns, useCampaigns } from './api/get-campaigns.ts';
export { getContribution, useContribution } from './api/get-contribution.ts';
export { getLeaderboard, useLeaderboard } from './api/get-leaderboard.ts';
export { startCampaign, useStartCampaign } from './api/start-campaign.ts';
export { useValidateCampaignTask, validateCampaignTask } from './api/validate-campaign-task.ts';
export {
  CampaignDetailsScreen,
  type CampaignDetailsScreenProps,
  RaffleVerifyScreen,
} from './components/campaign-details-screen.tsx';
export { CampaignsScreen } from './components/campaigns-screen.tsx';
export { checkRaffle, drawRaffle } from './lib/raffle.ts';
