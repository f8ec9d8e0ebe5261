import { defineModule } from '../../lib/module.ts';
import { analyticsRouter } from './analytics.routes.ts';
import { ANALYTICS_PRUNE_EVERY_MS, ANALYTICS_PRUNE_JOB, pruneAnalyticsEventsJob } from './retention.ts';
import { ANALYTICS_ROLLUP_EVERY_MS, ANALYTICS_ROLLUP_JOB, runAnalyticsRollup } from './rollup.ts';

/** Operators' analytics: the server events, the daily rollup and retention jobs, the operator reports (README.md). */
export const analyticsModule = defineModule({
  name: 'analytics',
  routes: analyticsRouter,
  jobHandlers: {
    [ANALYTICS_ROLLUP_JOB]: async (deps) => {
      await runAnalyticsRollup(deps);
    },
    [ANALYTICS_PRUNE_JOB]: pruneAnalyticsEventsJob,
  },
  recurringJobs: [
    { kind: ANALYTICS_ROLLUP_JOB, everyMs: ANALYTICS_ROLLUP_EVERY_MS },
    { kind: ANALYTICS_PRUNE_JOB, everyMs: ANALYTICS_PRUNE_EVERY_MS },
  ],
});
