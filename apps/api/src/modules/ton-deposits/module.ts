import { allRoutes, defineModule } from '../../lib/module.ts';
import { tonSandboxRouter } from './sandbox.routes.ts';
import { createTonDepositServices, type TonDepositServices } from './services.ts';
import { tonDepositsRouter } from './ton-deposits.routes.ts';
import { TON_DEPOSIT_WATCH_EVERY_MS, TON_DEPOSIT_WATCH_JOB, watchTonDepositsJob } from './watcher.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /** TON deposits: Khel's deposit wallet on the chain engine and the TON → K-Cash rate provider. */
    tonDeposits: TonDepositServices;
  }
}

/** Buying K-Cash with TON in the Mini App: deposit intents with a memo, the chain watcher, the sandbox wallet (README.md). */
export const tonDepositsModule = defineModule({
  name: 'ton-deposits',
  routes: allRoutes(tonDepositsRouter, tonSandboxRouter),
  createDeps: ({ env, clock }) => ({ tonDeposits: createTonDepositServices(env, clock) }),
  jobHandlers: { [TON_DEPOSIT_WATCH_JOB]: watchTonDepositsJob },
  recurringJobs: [{ kind: TON_DEPOSIT_WATCH_JOB, everyMs: TON_DEPOSIT_WATCH_EVERY_MS }],
});
