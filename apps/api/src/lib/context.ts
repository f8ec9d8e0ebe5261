import type { Database } from '@khel/db';
import type { Env } from '../env.ts';
import type { SmsProvider } from '../providers/sms.ts';
import type { OtpService } from '../services/otp.ts';
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
