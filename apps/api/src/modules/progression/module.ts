import { defineModule } from '../../lib/module.ts';
import { progressionRouter } from './progression.routes.ts';
import { progressionJobHandlers } from './progression.ts';

/** XP, levels and their rewards (README.md). */
export const progressionModule = defineModule({
  name: 'progression',
  routes: progressionRouter,
  jobHandlers: progressionJobHandlers,
});
