import { readFileSync } from 'node:fs';
import { type DatabaseHandle, seedDemoData, seedStoreCatalogue, updateStoreCatalogueRegions } from '@khel/db';
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
  if (env.SEED_DEMO_DATA ?? env.NODE_ENV !== 'production') {
    const { applied } = await seedDemoData(database.db);
    if (applied) logger.info('demo data seeded');
    if ((await seedStoreCatalogue(database.db)).applied) logger.info('store catalogue seeded');
    await updateStoreCatalogueRegions(database.db);
    for (const module of apiModules)
      if ((await module.seedDemo?.(database.db, clock()))?.applied)
        logger.info(`${module.name} demo content seeded`);
  }
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
  const deps: Partial<AppDeps> = {
    ...shared,
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
