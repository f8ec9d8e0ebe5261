import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMigratedPglite, type DatabaseHandle, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createDeps, demoSeedMarkers, seedDemo } from './deps.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';
import { apiModules } from './modules/index.ts';
import { TEST_BOT_TOKEN } from './test-support.ts';

// Issue 23: a start on an existing database reads the seed markers once and runs no seed. PGlite
// only: the skip is one driver-independent read, and seeding itself is tested on both drivers by
// seed.test.ts and the modules' demo.test.ts files.
let database: DatabaseHandle;
let dataDir: string;
const logger = createLogger('silent');
const now = () => new Date('2026-11-29T00:00:00Z');
const seeded = apiModules.filter((m) => m.seedDemo);
const spies = seeded.map((m) => vi.spyOn(m, 'seedDemo' as never));
const seedRunNames = async () =>
  (await database.db.select({ name: schema.seedRuns.name }).from(schema.seedRuns)).map((r) => r.name).sort();

beforeAll(async () => {
  database = await createMigratedPglite();
  dataDir = mkdtempSync(join(tmpdir(), 'khel-deps-test-'));
});
afterAll(async () => {
  vi.restoreAllMocks();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

it('every module that seeds declares its markers, and a fresh seed writes exactly the declared ones', async () => {
  expect(seeded.filter((m) => !m.seedDemoMarkers?.length).map((m) => m.name)).toEqual([]);
  expect(await seedRunNames()).toEqual([]);
  await seedDemo(database.db, now(), logger);
  for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  expect(await seedRunNames()).toEqual([...new Set(demoSeedMarkers())].sort());
  // Every module's demo content on PGlite: about 9 s alone, past 30 s with the cores shared.
}, 120_000);

it('a second start on the seeded database runs no seed and writes no marker', async () => {
  const before = await seedRunNames();
  const env = loadEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TELEGRAM_BOT_TOKEN: TEST_BOT_TOKEN,
    LOG_LEVEL: 'silent',
    SEED_DEMO_DATA: 'true',
  });
  await createDeps(env, database, { clock: now, logger });
  for (const spy of spies) expect(spy).toHaveBeenCalledTimes(1);
  expect(await seedRunNames()).toEqual(before);
});

it('a database missing one marker (a new module’s demo content) is seeded again, and the marker written', async () => {
  const missing = seeded.at(-1)!.seedDemoMarkers![0]!;
  await database.db.delete(schema.seedRuns).where(eq(schema.seedRuns.name, missing));
  await seedDemo(database.db, now(), logger);
  for (const spy of spies) expect(spy).toHaveBeenCalledTimes(2);
  expect(await seedRunNames()).toContain(missing);
});
