import { defineModule } from '../../lib/module.ts';
import { progressionRouter } from './progression.routes.ts';
import { progressionJobHandlers } from './progression.ts';
import { SEASONS_EVERY_MS, SEASONS_JOB, seasonJobHandlers } from './seasons.ts';

/** XP, levels and their rewards (README.md). */
export const progressionModule = defineModule({
  name: 'progression',
  routes: progressionRouter,
  jobHandlers: { ...progressionJobHandlers, ...seasonJobHandlers },
  recurringJobs: [{ kind: SEASONS_JOB, everyMs: SEASONS_EVERY_MS }],
});
