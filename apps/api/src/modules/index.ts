import type { ApiModule } from '../lib/module.ts';
import { accountDeletionModule } from './account-deletion/module.ts';
import { analyticsModule } from './analytics/module.ts';
import { authModule } from './auth/module.ts';
import { campaignsModule } from './campaigns/module.ts';
import { clansModule } from './clans/module.ts';
import { contentModule } from './content/module.ts';
import { dailyRewardsModule } from './daily-rewards/module.ts';
import { earningsModule } from './earnings/module.ts';
import { gamesModule } from './games/module.ts';
import { identitiesModule } from './identities/module.ts';
import { klashModule } from './klash/module.ts';
import { kycModule } from './kyc/module.ts';
import { leaderboardsModule } from './leaderboards/module.ts';
import { ledgerModule } from './ledger/module.ts';
import { locationModule } from './location/module.ts';
import { notificationsModule } from './notifications/module.ts';
import { offerwallModule } from './offerwall/module.ts';
import { operatorsModule } from './operators/module.ts';
import { paymentsModule } from './payments/module.ts';
import { pogModule } from './pog/module.ts';
import { profileModule } from './profile/module.ts';
import { progressionModule } from './progression/module.ts';
import { questSandboxesModule } from './quest-sandboxes/module.ts';
import { questsModule } from './quests/module.ts';
import { referralsModule } from './referrals/module.ts';
import { sharingModule } from './sharing/module.ts';
import { starsModule } from './stars/module.ts';
import { storeModule } from './store/module.ts';
import { systemModule } from './system/module.ts';
import { thirdPartyClientsModule } from './third-party-clients/module.ts';
import { tonDepositsModule } from './ton-deposits/module.ts';
import { transactionsModule } from './transactions/module.ts';
import { usersModule } from './users/module.ts';
import { utmModule } from './utm/module.ts';
import { walletsModule } from './wallets/module.ts';

/**
 * Every capability of the API, in the order their routes are mounted: the one place a module is
 * registered (docs/adding-a-feature.md).
 */
export const apiModules: ApiModule[] = [
  systemModule,
  authModule,
  identitiesModule,
  profileModule,
  usersModule,
  locationModule,
  accountDeletionModule,
  walletsModule,
  storeModule,
  transactionsModule,
  paymentsModule,
  tonDepositsModule,
  starsModule,
  kycModule,
  earningsModule,
  dailyRewardsModule,
  progressionModule,
  contentModule,
  gamesModule,
  questsModule,
  campaignsModule,
  clansModule,
  pogModule,
  klashModule,
  sharingModule,
  questSandboxesModule,
  referralsModule,
  utmModule,
  analyticsModule,
  leaderboardsModule,
  notificationsModule,
  operatorsModule,
  offerwallModule,
  thirdPartyClientsModule,
  ledgerModule,
];
