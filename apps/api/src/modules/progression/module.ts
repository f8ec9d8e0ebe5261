import { defineModule } from '../../lib/module.ts';
import { progressionRouter } from './progression.routes.ts';
import { awardXp, progressionJobHandlers } from './progression.ts';
import { SEASONS_EVERY_MS, SEASONS_JOB, seasonJobHandlers } from './seasons.ts';

declare module '../../lib/context.ts' {
  interface AppDeps {
    /**
     * XP for a module the progression module reaches itself (profile: leaderboards show profiles, and seasons
     * use leaderboards, so profile imports nothing of progression): `awardXp` in the caller's transaction.
     */
    progression: { awardXp: typeof awardXp };
  }
}

/** XP, levels, their rewards and the seasons (README.md). */
export const progressionModule = defineModule({
  name: 'progression',
  routes: progressionRouter,
  createDeps: () => ({ progression: { awardXp } }),
  jobHandlers: { ...progressionJobHandlers, ...seasonJobHandlers },
  recurringJobs: [{ kind: SEASONS_JOB, everyMs: SEASONS_EVERY_MS }],
});
