import type { ApiModule } from '../lib/module.ts';
import type { MailProvider } from '../providers/mail.ts';
import { SandboxMailProvider } from '../providers/mail.ts';
import type { SmsProvider } from '../providers/sms.ts';
import { SandboxSmsProvider } from '../providers/sms.ts';
import { authRouter } from '../routes/auth.routes.ts';
import { earningsRouter } from '../routes/earnings.routes.ts';
import { identitiesRouter } from '../routes/identities.routes.ts';
import { kycRouter } from '../routes/kyc.routes.ts';
import { paymentsRouter } from '../routes/payments.routes.ts';
import { sandboxRouter } from '../routes/sandbox.routes.ts';
import { storeRouter } from '../routes/store.routes.ts';
import { transactionsRouter } from '../routes/transactions.routes.ts';
import { usersRouter } from '../routes/users.routes.ts';
import { walletsRouter } from '../routes/wallets.routes.ts';
import { ACCOUNT_PURGE_JOB, purgeAccountJob } from '../services/account-deletion.ts';
import { CustodialWalletService, ensureCustodialWalletHook } from '../services/custodial-wallet.ts';
import { EARNING_EXPIRY_JOB, expireEarningJob } from '../services/earnings/index.ts';
import { createIdentityProviders, type IdentityProviders } from '../services/identity-providers.ts';
import { kycCheckJob } from '../services/kyc/kyc-check-job.ts';
import { createKycServices, KYC_CHECK_JOB, type KycServices } from '../services/kyc/kyc-service.ts';
import { ensureLedgerAccountsHook } from '../services/ledger/index.ts';
import { OtpService } from '../services/otp.ts';
import { DEPOSIT_REFUND_JOB, refundDepositJob } from '../services/payments/refunds.ts';
import { PAYOUT_JOB, processPayoutJob } from '../services/payouts/payouts.ts';
import { requireActiveUser } from '../services/profile.ts';
import { TokenService } from '../services/tokens.ts';
import { systemModule } from './system/index.ts';

declare module '../lib/context.ts' {
  interface AppDeps {
    sms: SmsProvider;
    mail: MailProvider;
    /** Custodial EVM wallets (keys envelope-encrypted with the wallet master key). */
    wallets: CustodialWalletService;
    /** Indian KYC: the provider (a sandbox outside production) and the vault that encrypts submissions. */
    kyc: KycServices;
    otp: OtpService;
    tokens: TokenService;
    /** Outside sign-in services (Google, WhatsApp), sandboxes outside production. */
    identityProviders: IdentityProviders;
  }
}

/**
 * Every capability of the API, in the order their routes are mounted: the one place a module is
 * registered (docs/adding-a-feature.md).
 */
export const apiModules: ApiModule[] = [
  systemModule,
  {
    name: 'auth',
    routes: authRouter,
    createDeps: async ({ env, db, secrets, logger, clock }) => {
      const sms = new SandboxSmsProvider(db);
      const tokens = new TokenService(db, secrets, clock);
      return {
        sms,
        otp: new OtpService(db, sms, secrets.otpPepper, clock, logger),
        tokens,
        identityProviders: await createIdentityProviders(env, db, clock),
        access: {
          userIdOfAccessToken: (token) => tokens.verifyAccessToken(token),
          activeUser: requireActiveUser,
        },
      };
    },
  },
  { name: 'identities', routes: identitiesRouter },
  { name: 'auth-sandbox', routes: sandboxRouter },
  {
    name: 'profile',
    routes: usersRouter,
    createDeps: ({ db }) => ({ mail: new SandboxMailProvider(db) }),
    jobHandlers: { [ACCOUNT_PURGE_JOB]: purgeAccountJob },
  },
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
