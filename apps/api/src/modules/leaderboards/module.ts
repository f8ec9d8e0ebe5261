import { defineModule } from '../../lib/module.ts';
import { leaderboardsRouter } from './leaderboards.routes.ts';
import { leaderboardJobHandlers } from './leaderboards.ts';

/** Leaderboards: the centralized K-Points board and campaigns' boards, exact ranks at any size (README.md). */
export const leaderboardsModule = defineModule({
  name: 'leaderboards',
  routes: leaderboardsRouter,
  jobHandlers: leaderboardJobHandlers,
});
