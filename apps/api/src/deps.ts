import { readFileSync } from 'node:fs';
import { type DatabaseHandle, seedDemoData, seedStoreCatalogue } from '@khel/db';
import type { Env } from './env.ts';
import type { AppDeps } from './lib/context.ts';
import {
  IDEMPOTENCY_PRUNE_EVERY_MS,
  IDEMPOTENCY_PRUNE_JOB,
  pruneIdempotencyKeysJob,
} from './lib/idempotency.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { loadSecrets } from './lib/secrets.ts';
import { SandboxMailProvider } from './providers/mail.ts';
import { SandboxSmsProvider } from './providers/sms.ts';
import { ACCOUNT_PURGE_JOB, purgeAccountJob } from './services/account-deletion.ts';
import { CustodialWalletService, ensureCustodialWalletHook } from './services/custodial-wallet.ts';
import { EARNING_EXPIRY_JOB, expireEarningJob } from './services/earnings/index.ts';
import { loadWalletMasterKey } from './services/envelope-crypto.ts';
import { createIdentityProviders } from './services/identity-providers.ts';
import { kycCheckJob } from './services/kyc/kyc-check-job.ts';
import { createKycServices, KYC_CHECK_JOB } from './services/kyc/kyc-service.ts';
import { ensureLedgerAccountsHook } from './services/ledger/index.ts';
import { OtpService } from './services/otp.ts';
import { DEPOSIT_REFUND_JOB, refundDepositJob } from './services/payments/refunds.ts';
import { PAYOUT_JOB, processPayoutJob } from './services/payouts/payouts.ts';
import { TokenService } from './services/tokens.ts';

const VERSION =
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string })
    .version ?? '0.0.0';

/** Wires the services for one database: migrations applied, demo data seeded once. */
export async function createDeps(
  env: Env,
  database: DatabaseHandle,
  options: { logger?: Logger; clock?: () => Date } = {},
): Promise<AppDeps> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL, { service: 'api' });
  const clock = options.clock ?? (() => new Date());
  await database.migrate();
  if (env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production') {
    const { applied } = await seedDemoData(database.db);
    if (applied) logger.info('demo data seeded');
    if ((await seedStoreCatalogue(database.db)).applied) logger.info('store catalogue seeded');
  }
  const secrets = await loadSecrets(env);
  // Wraps the data keys of custodial wallets and of KYC documents.
  const masterKey = loadWalletMasterKey(env);
  const sms = new SandboxSmsProvider(database.db);
  return {
    env,
    db: database.db,
    databaseKind: database.kind,
    secrets,
    logger,
    clock,
    sms,
    mail: new SandboxMailProvider(database.db),
    wallets: new CustodialWalletService(database.db, masterKey, logger),
    kyc: createKycServices(env, masterKey, secrets.kycLookupKey),
    jobHandlers: {
      [ACCOUNT_PURGE_JOB]: purgeAccountJob,
      [KYC_CHECK_JOB]: kycCheckJob,
      [IDEMPOTENCY_PRUNE_JOB]: pruneIdempotencyKeysJob,
      [DEPOSIT_REFUND_JOB]: refundDepositJob,
      [EARNING_EXPIRY_JOB]: expireEarningJob,
      [PAYOUT_JOB]: processPayoutJob,
    },
    recurringJobs: [{ kind: IDEMPOTENCY_PRUNE_JOB, everyMs: IDEMPOTENCY_PRUNE_EVERY_MS }],
    otp: new OtpService(database.db, sms, secrets.otpPepper, clock, logger),
    tokens: new TokenService(database.db, secrets, clock),
    identityProviders: await createIdentityProviders(env, database.db, clock),
    firstSignInHooks: [ensureCustodialWalletHook, ensureLedgerAccountsHook],
    version: VERSION,
    startedAt: clock(),
  };
}
