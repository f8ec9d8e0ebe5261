import { defineModule } from '../../lib/module.ts';
import { analyticsRouter } from './analytics.routes.ts';
import { ANALYTICS_ROLLUP_EVERY_MS, ANALYTICS_ROLLUP_JOB, runAnalyticsRollup } from './rollup.ts';

/** Operators' analytics: the server events, the daily rollup job and the operator reports (README.md). */
export const analyticsModule = defineModule({
  name: 'analytics',
  routes: analyticsRouter,
  jobHandlers: {
    [ANALYTICS_ROLLUP_JOB]: async (deps) => {
      await runAnalyticsRollup(deps);
    },
  },
  recurringJobs: [{ kind: ANALYTICS_ROLLUP_JOB, everyMs: ANALYTICS_ROLLUP_EVERY_MS }],
});
