import type { Database } from '@khel/db';
import type { Env } from '../env.ts';
import type { MailProvider } from '../providers/mail.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { CustodialWalletService } from '../services/custodial-wallet.ts';
import type { IdentityProviders } from '../services/identity-providers.ts';
import type { JobHandler, RecurringJob } from '../services/jobs.ts';
import type { KycServices } from '../services/kyc/kyc-service.ts';
import type { OtpService } from '../services/otp.ts';
import type { FirstSignInHook } from '../services/sign-in.ts';
import type { TokenService } from '../services/tokens.ts';
import type { Logger } from './logger.ts';
import type { Secrets } from './secrets.ts';

/** Everything a handler may use; built once in server.ts (or by a test) and passed to createApp. */
export interface AppDeps {
  env: Env;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  secrets: Secrets;
  logger: Logger;
  clock: () => Date;
  sms: SmsProvider;
  mail: MailProvider;
  /** Custodial EVM wallets (keys envelope-encrypted with the wallet master key). */
  wallets: CustodialWalletService;
  /** Indian KYC: the provider (a sandbox outside production) and the vault that encrypts submissions. */
  kyc: KycServices;
  /** What the job runner (services/jobs.ts) does for each job kind. */
  jobHandlers: Record<string, JobHandler>;
  /** Jobs every worker schedules at start and that then run every `everyMs` (services/jobs.ts). */
  recurringJobs?: RecurringJob[];
  otp: OtpService;
  tokens: TokenService;
  /** Outside sign-in services (Google, WhatsApp), sandboxes outside production. */
  identityProviders: IdentityProviders;
  /** Run on every sign-in, before tokens are issued (idempotent: e.g. create the custodial wallet if missing). */
  firstSignInHooks: FirstSignInHook[];
  version: string;
  startedAt: Date;
}

export interface AppEnv {
  Variables: {
    deps: AppDeps;
    requestId: string;
    log: Logger;
    userId: string;
  };
}
