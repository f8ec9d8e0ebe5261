import { allRoutes, defineModule } from '../../lib/module.ts';
import { KLASH_DEMO_SEED, seedDemoKlash } from './demo.ts';
import { createKlashGameApi, type KlashGameApi } from './game-api.ts';
import { klashRouter } from './klash.routes.ts';
import { klashOperatorCommands } from './klash-cli.ts';
import { klashOperatorsRouter } from './klash-operators.routes.ts';
import { klashJobHandlers, klashRecurringJobs } from './lifecycle.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** Where leaderboard scores and disputed match results come from (game-api.ts): the sandbox outside production. */
    klashGameApi: KlashGameApi;
  }
}

/** Klash tournaments: brackets and score leaderboards, registration with fees in escrow, prizes as earnings (README.md). */
export const klashModule = defineModule({
  name: 'klash',
  routes: allRoutes(klashRouter, klashOperatorsRouter),
  createDeps: ({ env }) => ({ klashGameApi: createKlashGameApi(env) }),
  jobHandlers: klashJobHandlers,
  recurringJobs: klashRecurringJobs,
  seedDemo: seedDemoKlash,
  seedDemoMarkers: [KLASH_DEMO_SEED],
  operatorCommands: klashOperatorCommands,
});
