import { Hono } from 'hono';
import type { StaticSite } from '../static.ts';
import type { AppDeps, AppEnv, FirstSignInHook, JobHandler, RecurringJob } from './context.ts';
import type { MasterKey } from './envelope-crypto.ts';
import type { OperatorCommand } from './operator-cli.ts';

/** What every module's `createDeps` may build on: the shared part of AppDeps, and the master key. */
export type BaseDeps = Pick<AppDeps, 'env' | 'db' | 'databaseKind' | 'secrets' | 'logger' | 'clock'> & {
  /** Wraps the data keys of custodial wallets and of KYC documents (lib/envelope-crypto.ts). */
  masterKey: MasterKey;
};

/**
 * One capability of the API (apps/api/src/modules/<name>/module.ts exports one). The server assembles
 * the list once (modules/index.ts): app.ts mounts every `routes`, deps.ts builds every `createDeps`
 * and collects the jobs and sign-in hooks, runtime.ts adds the `rootPaths` and the `pageHead`s, and
 * the operator CLI (operators/cli.ts) runs the `operatorCommands`.
 */
export interface ApiModule {
  /** The capability's canonical name (docs/adding-a-feature.md), the same as its folder. */
  name: string;
  /** The module's contract routes, mounted on the app at '/'. */
  routes?: () => Hono<AppEnv>;
  /** The module's services, the part of AppDeps it declares itself. */
  createDeps?: (base: BaseDeps) => Partial<AppDeps> | Promise<Partial<AppDeps>>;
  /** Job kinds this module runs (lib/jobs.ts). */
  jobHandlers?: Record<string, JobHandler>;
  /** Jobs this module runs on a schedule. */
  recurringJobs?: RecurringJob[];
  /** Demo content seeded once on a fresh database outside production (SEED_DEMO_DATA). */
  seedDemo?: (db: AppDeps['db'], now: Date) => Promise<{ applied: boolean }>;
  /**
   * The `seed_runs` marker names `seedDemo` writes. A start that finds every module's markers (and
   * @khel/db's, DEMO_SEED_MARKERS) in one read skips seeding; a new or renamed marker makes the next
   * start run every seed again, each a no-op but its own. Required with `seedDemo`
   * (deps.test.ts checks that a fresh seed writes exactly the declared markers).
   */
  seedDemoMarkers?: readonly string[];
  /** Run on every sign-in, before tokens are issued. */
  firstSignInHooks?: FirstSignInHook[];
  /** The operator CLI's commands for this capability (`klash check <file>`, …; lib/operator-cli.ts). */
  operatorCommands?: OperatorCommand[];
  /**
   * Extra `<head>` markup (Open Graph tags) for this capability's shareable pages when the server serves
   * the front ends, or null for any other page (static.ts `headFor`; the first module with markup wins).
   */
  pageHead?: (deps: AppDeps) => NonNullable<StaticSite['headFor']>;
  /** GET paths outside /api that the module's own routes answer as they are (`/l/:code`, a UTM short link). */
  rootPaths?: string[];
}

/** Keeps a module's definition typed as ApiModule while its literal stays readable. */
export const defineModule = (module: ApiModule): ApiModule => module;

/** `routes` of a module whose routes live in more than one router: one app with each, in order. */
export const allRoutes =
  (...routers: (() => Hono<AppEnv>)[]) =>
  (): Hono<AppEnv> => {
    const app = new Hono<AppEnv>();
    for (const router of routers) app.route('/', router());
    return app;
  };
