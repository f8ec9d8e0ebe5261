import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { e2eServerCount } from './tests/e2e/server-count.ts';
import { SlowFirstSequencer } from './tests/fixtures/slow-first-sequencer.ts';

// One runner for every layer. Projects split by what they need:
// unit (pure, fast), api (PGlite + PostgreSQL), bot (fake Bot API), e2e (built apps + Chromium).
const CORES = availableParallelism();
/** Workers for the projects that talk to a database: one more than the cores, as they wait on it. */
const API_WORKERS = CORES + 1;
const UNIT_FILES = [
  'packages/*/src/**/*.test.ts',
  'packages/*/src/**/*.test.tsx',
  'apps/*/src/**/*.test.ts',
  'tests/fixtures/**/*.test.ts',
];
const UNIT_EXCLUDED = ['apps/api/**', 'packages/db/**', '**/node_modules/**'];
/**
 * What asserts the state a fresh module graph starts with: the i18n parts not yet loaded, the contract's
 * schemas not yet built (contract/lazy.test.ts), and the face
 * check's promise that nothing of Human or TensorFlow.js loads before the first check (in the api
 * project's shared graph another file may have loaded them first).
 */
const UNIT_ISOLATED = [
  'packages/ui/src/i18n/**/*.test.ts',
  'apps/api/src/modules/pog/avatar/face-check.test.ts',
  'packages/core/src/contract/lazy.test.ts',
];

/**
 * expect.poll() waits on its condition up to this long (Vitest's default is 1 s, a bound on wall-clock
 * time that a loaded machine overran: a toggle's answer took longer than a second beside a second run).
 */
const POLL = { poll: { timeout: 30_000 } };

export default defineConfig({
  test: {
    // The files known to take a minute or more start first, even in a clean clone with no timings.
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: UNIT_FILES,
          exclude: [...UNIT_EXCLUDED, ...UNIT_ISOLATED],
          environment: 'node',
          // Pure tests share one module graph per worker: loading it per file cost 2 of 2.5 minutes.
          isolate: false,
          maxWorkers: CORES,
          // Groups run one after another (a plain `vitest run`): unit, then api and bot, then e2e.
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'unit-isolated',
          include: UNIT_ISOLATED,
          environment: 'node',
          maxWorkers: CORES,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: 'api',
          expect: POLL,
          include: ['apps/api/src/**/*.test.ts', 'packages/db/src/**/*.test.ts'],
          exclude: ['**/node_modules/**', ...UNIT_ISOLATED],
          globalSetup: ['tests/fixtures/postgres-global-setup.ts'],
          // Vitest's default on 2 cores is one worker; these tests wait on PostgreSQL half the time.
          maxWorkers: API_WORKERS,
          sequence: { groupOrder: 1 },
          // Loading the API's module graph took 20-25 s per file; a worker now loads it once.
          // Each file still makes its own databases and deps (createTestContext).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'bot',
          expect: POLL,
          include: ['tests/bot/**/*.test.ts'],
          maxWorkers: API_WORKERS,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          expect: POLL,
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One spec file per all-in-one server at a time (tests/e2e/support/server.ts picks it).
          maxWorkers: e2eServerCount(),
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
