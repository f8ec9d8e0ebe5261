import type { Database, Executor, ReadReplica, schema } from '@khel/db';
import type { UserRow } from '@khel/db/schema';
import type { Env } from '../env.ts';
import type { Logger } from './logger.ts';
import type { Secrets } from './secrets.ts';

export type JobRow = typeof schema.jobs.$inferSelect;

/** Does the work of one job kind. Must be idempotent: a job whose worker died is run again after its lease. */
export type JobHandler = (deps: AppDeps, job: JobRow) => Promise<void>;

/**
 * A job that runs every `everyMs` for as long as the product runs (e.g. pruning old records). It is one
 * row (dedupe key `recurring:<kind>`) that is never done: after each run it is due again `everyMs` later,
 * and a failed run is retried with backoff (at most `everyMs` later), never given up. Any number of
 * workers may schedule it; the row is taken like any job, so one run happens at a time.
 */
export interface RecurringJob {
  kind: string;
  everyMs: number;
}

/** Run on every sign-in, before tokens are issued (idempotent: e.g. create the custodial wallet if missing). */
export type FirstSignInHook = (deps: AppDeps, user: UserRow) => Promise<void>;

/** How lib/route.ts learns who is asking; the auth module provides it. */
/** An operator of the catalogue (operators module), as the routes with `auth: 'operator'` see them. */
export interface OperatorIdentity {
  id: string;
  name: string;
}

/** How `auth: 'operator'` routes find who is asking: built by the operators module. */
export interface OperatorAccess {
  operatorOfToken(token: string): Promise<OperatorIdentity | null>;
}

export interface RouteAccess {
  /** The user id of a valid access token, else null. */
  userIdOfAccessToken(token: string): Promise<string | null>;
  /** The account's row for a valid access token (read by the same lookup as its session), else null. */
  userOfAccessToken(token: string): Promise<UserRow | null>;
  /** The signed-in user's row; 401 when the account is missing or deleted. */
  activeUser(db: Executor, userId: string): Promise<UserRow>;
}

/**
 * Everything a handler may use; built once in deps.ts (or by a test) and passed to createApp.
 * This declares only what every module shares. Each module adds its own services to this interface
 * from its own folder (`declare module '../../lib/context.ts' { interface AppDeps { … } }` in the
 * module's module.ts) and builds them in its `createDeps`, so lib imports no module.
 */
export interface AppDeps {
  env: Env;
  db: Database;
  databaseKind: 'pglite' | 'postgres';
  /**
   * DATABASE_READ_URL's replica: `mount` runs the handler of a `readReplica` route's anonymous request in
   * `readReplica.read`, where `db` reads from the replica while it keeps up (packages/db read-replica.ts).
   */
  readReplica?: ReadReplica;
  secrets: Secrets;
  logger: Logger;
  clock: () => Date;
  /** Who is asking: used by `mount` for bearer routes and `auth: 'active-user'`. */
  access: RouteAccess;
  /** Set by the operators module; without it every `auth: 'operator'` route answers 401. */
  operatorAccess?: OperatorAccess;
  /** What the job runner (lib/jobs.ts) does for each job kind: every module's `jobHandlers`. */
  jobHandlers: Record<string, JobHandler>;
  /** Jobs every worker schedules at start and that then run every `everyMs` (lib/jobs.ts). */
  recurringJobs?: RecurringJob[];
  /** Every module's `firstSignInHooks`, run on every sign-in before tokens are issued. */
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
    /** The signed-in user's row as the access check read it (bearer routes). */
    sessionUser: UserRow;
    operator: OperatorIdentity;
  };
}
