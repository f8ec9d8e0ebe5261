import type { Database } from '@khel/db';
import type { Env } from '../env.ts';
import type { SmsProvider } from '../providers/sms.ts';
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
  otp: OtpService;
  tokens: TokenService;
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
