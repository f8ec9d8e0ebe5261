import type { ApiModule } from '../lib/module.ts';
import { earningsRouter } from '../routes/earnings.routes.ts';
import { kycRouter } from '../routes/kyc.routes.ts';
import { paymentsRouter } from '../routes/payments.routes.ts';
import { storeRouter } from '../routes/store.routes.ts';
import { transactionsRouter } from '../routes/transactions.routes.ts';
import { walletsRouter } from '../routes/wallets.routes.ts';
import { CustodialWalletService, ensureCustodialWalletHook } from '../services/custodial-wallet.ts';
import { EARNING_EXPIRY_JOB, expireEarningJob } from '../services/earnings/index.ts';
import { kycCheckJob } from '../services/kyc/kyc-check-job.ts';
import { createKycServices, KYC_CHECK_JOB, type KycServices } from '../services/kyc/kyc-service.ts';
import { ensureLedgerAccountsHook } from '../services/ledger/index.ts';
import { DEPOSIT_REFUND_JOB, refundDepositJob } from '../services/payments/refunds.ts';
import { PAYOUT_JOB, processPayoutJob } from '../services/payouts/payouts.ts';
import { accountDeletionModule } from './account-deletion/index.ts';
import { authModule } from './auth/index.ts';
import { identitiesModule } from './identities/index.ts';
import { locationModule } from './location/index.ts';
import { profileModule } from './profile/index.ts';
import { systemModule } from './system/index.ts';

declare module '../lib/context.ts' {
  interface AppDeps {
    /** Custodial EVM wallets (keys envelope-encrypted with the wallet master key). */
    wallets: CustodialWalletService;
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
  {
    name: 'wallets',
    routes: walletsRouter,
    createDeps: ({ db, masterKey, logger }) => ({
      wallets: new CustodialWalletService(db, masterKey, logger),
    }),
    firstSignInHooks: [ensureCustodialWalletHook],
  },
  { name: 'store', routes: storeRouter },
  { name: 'transactions', routes: transactionsRouter },
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
  { name: 'ledger', firstSignInHooks: [ensureLedgerAccountsHook] },
];
