import { readFileSync } from 'node:fs';
import {
  type Database,
  type DatabaseHandle,
  DEMO_SEED_MARKERS,
  schema,
  seedDemoData,
  seedStoreCatalogue,
  updateStoreCatalogueRegions,
} from '@khel/db';
import { inArray } from 'drizzle-orm';
import type { Env } from './env.ts';
import type { AppDeps } from './lib/context.ts';
import { loadWalletMasterKey } from './lib/envelope-crypto.ts';
import {
  IDEMPOTENCY_PRUNE_EVERY_MS,
  IDEMPOTENCY_PRUNE_JOB,
  pruneIdempotencyKeysJob,
} from './lib/idempotency.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import type { BaseDeps } from './lib/module.ts';
import { loadSecrets } from './lib/secrets.ts';
import { apiModules } from './modules/index.ts';

const VERSION =
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string })
    .version ?? '0.0.0';

/** Every `seed_runs` marker the demo seeding writes: @khel/db's and each module's (ApiModule.seedDemoMarkers). */
export function demoSeedMarkers(): string[] {
  return [...DEMO_SEED_MARKERS, ...apiModules.flatMap((m) => m.seedDemoMarkers ?? [])];
}

/** True when every demo seed marker is in `seed_runs` (one query): nothing is left to seed. */
export async function demoSeeded(db: Database): Promise<boolean> {
  const markers = demoSeedMarkers();
  const found = await db
    .select({ name: schema.seedRuns.name })
    .from(schema.seedRuns)
    .where(inArray(schema.seedRuns.name, markers));
  return found.length === new Set(markers).size;
}

/**
 * Seeds the demo data and each module's demo content, each once by its own marker row; skipped after
 * one read when every marker is there already (a start on an existing database).
 */
export async function seedDemo(db: Database, now: Date, logger: Logger): Promise<void> {
  if (await demoSeeded(db)) return;
  const { applied } = await seedDemoData(db);
  if (applied) logger.info('demo data seeded');
  if ((await seedStoreCatalogue(db)).applied) logger.info('store catalogue seeded');
  await updateStoreCatalogueRegions(db);
  for (const module of apiModules)
    if ((await module.seedDemo?.(db, now))?.applied) logger.info(`${module.name} demo content seeded`);
}

/**
 * Wires the services for one database: migrations applied, demo data seeded once, then every module's
 * `createDeps` (modules/index.ts), jobs and first-sign-in hooks.
 */
export async function createDeps(
  env: Env,
  database: DatabaseHandle,
  options: { logger?: Logger; clock?: () => Date } = {},
): Promise<AppDeps> {
  const logger = options.logger ?? createLogger(env.LOG_LEVEL, { service: 'api' });
  const clock = options.clock ?? (() => new Date());
  await database.migrate();
  if (env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production') await seedDemo(database.db, clock(), logger);
  const base: BaseDeps = {
    env,
    db: database.db,
    databaseKind: database.kind,
    secrets: await loadSecrets(env),
    logger,
    clock,
    masterKey: loadWalletMasterKey(env),
  };
  const { masterKey: _masterKey, ...shared } = base;
  // The first lag measure before the first request (a replica that does not answer leaves reads on the primary).
  await database.reads?.check();
  const deps: Partial<AppDeps> = {
    ...shared,
    ...(database.reads ? { readReplica: database.reads } : {}),
    // lib's own job (lib/idempotency.ts); the modules add theirs below.
    jobHandlers: { [IDEMPOTENCY_PRUNE_JOB]: pruneIdempotencyKeysJob },
    recurringJobs: [{ kind: IDEMPOTENCY_PRUNE_JOB, everyMs: IDEMPOTENCY_PRUNE_EVERY_MS }],
    firstSignInHooks: [],
    version: VERSION,
    startedAt: clock(),
  };
  for (const module of apiModules) {
    Object.assign(deps, await module.createDeps?.(base));
    Object.assign(deps.jobHandlers!, module.jobHandlers);
    deps.recurringJobs!.push(...(module.recurringJobs ?? []));
    deps.firstSignInHooks!.push(...(module.firstSignInHooks ?? []));
  }
  return deps as AppDeps;
}
