import type { ApiModule } from '../lib/module.ts';
import { accountDeletionModule } from './account-deletion/index.ts';
import { analyticsModule } from './analytics/index.ts';
import { authModule } from './auth/index.ts';
import { campaignsModule } from './campaigns/index.ts';
import { clansModule } from './clans/index.ts';
import { contentModule } from './content/index.ts';
import { dailyRewardsModule } from './daily-rewards/index.ts';
import { earningsModule } from './earnings/index.ts';
import { gamesModule } from './games/index.ts';
import { identitiesModule } from './identities/index.ts';
import { klashModule } from './klash/index.ts';
import { kycModule } from './kyc/index.ts';
import { leaderboardsModule } from './leaderboards/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { locationModule } from './location/index.ts';
import { notificationsModule } from './notifications/index.ts';
import { offerwallModule } from './offerwall/index.ts';
import { operatorsModule } from './operators/index.ts';
import { paymentsModule } from './payments/index.ts';
import { pogModule } from './pog/index.ts';
import { profileModule } from './profile/index.ts';
import { questSandboxesModule } from './quest-sandboxes/index.ts';
import { questsModule } from './quests/index.ts';
import { referralsModule } from './referrals/index.ts';
import { storeModule } from './store/index.ts';
import { systemModule } from './system/index.ts';
import { thirdPartyClientsModule } from './third-party-clients/index.ts';
import { transactionsModule } from './transactions/index.ts';
import { usersModule } from './users/index.ts';
import { utmModule } from './utm/index.ts';
import { walletsModule } from './wallets/index.ts';

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
  kycModule,
  earningsModule,
  dailyRewardsModule,
  contentModule,
  gamesModule,
  questsModule,
  campaignsModule,
  clansModule,
  pogModule,
  klashModule,
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
