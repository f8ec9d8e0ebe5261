import type { ApiModule } from '../lib/module.ts';
import { earningsRouter } from '../routes/earnings.routes.ts';
import { kycRouter } from '../routes/kyc.routes.ts';
import { paymentsRouter } from '../routes/payments.routes.ts';
import { EARNING_EXPIRY_JOB, expireEarningJob } from '../services/earnings/index.ts';
import { kycCheckJob } from '../services/kyc/kyc-check-job.ts';
import { createKycServices, KYC_CHECK_JOB, type KycServices } from '../services/kyc/kyc-service.ts';
import { DEPOSIT_REFUND_JOB, refundDepositJob } from '../services/payments/refunds.ts';
import { PAYOUT_JOB, processPayoutJob } from '../services/payouts/payouts.ts';
import { accountDeletionModule } from './account-deletion/index.ts';
import { authModule } from './auth/index.ts';
import { identitiesModule } from './identities/index.ts';
import { ledgerModule } from './ledger/index.ts';
import { locationModule } from './location/index.ts';
import { profileModule } from './profile/index.ts';
import { storeModule } from './store/index.ts';
import { systemModule } from './system/index.ts';
import { transactionsModule } from './transactions/index.ts';
import { walletsModule } from './wallets/index.ts';

declare module '../lib/context.ts' {
  interface AppDeps {
    /** Indian KYC: the provider (a sandbox outside production) and the vault that encrypts submissions. */
    kyc: KycServices;
  }
}

/**
 * Every capability of the API, in the order their routes are mounted: the one place a module is
 * registered (docs/adding-a-feature.md).
 */
export const apiModules: ApiModule[] = [
  systemModule,
  authModule,
  identitiesModule,
  profileModule,
  locationModule,
  accountDeletionModule,
  walletsModule,
  storeModule,
  transactionsModule,
  { name: 'payments', routes: paymentsRouter, jobHandlers: { [DEPOSIT_REFUND_JOB]: refundDepositJob } },
  {
    name: 'kyc',
    routes: kycRouter,
    createDeps: ({ env, masterKey, secrets }) => ({
      kyc: createKycServices(env, masterKey, secrets.kycLookupKey),
    }),
    jobHandlers: { [KYC_CHECK_JOB]: kycCheckJob },
  },
  {
    name: 'earnings',
    routes: earningsRouter,
    jobHandlers: { [EARNING_EXPIRY_JOB]: expireEarningJob, [PAYOUT_JOB]: processPayoutJob },
  },
  ledgerModule,
];
