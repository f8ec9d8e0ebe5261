import { allRoutes, defineModule } from '../../lib/module.ts';
import { pogBotRouter } from './bot.routes.ts';
import { pogMintJobHandlers } from './mint-job.ts';
import { pogShowcaseHead } from './og.ts';
import { pogRouter } from './pog.routes.ts';
import { pogScoreJobHandlers, pogScoreRecurringJobs } from './scores.ts';
import { pogRecentLikesJobHandlers, pogRecentLikesRecurringJobs } from './social.ts';

/** Proof of Gamer: names, avatars, minting on EVM and TON, scores, badges, boosts, feeds and sharing (README.md). */
export const pogModule = defineModule({
  name: 'pog',
  routes: allRoutes(pogRouter, pogBotRouter),
  jobHandlers: { ...pogMintJobHandlers, ...pogScoreJobHandlers, ...pogRecentLikesJobHandlers },
  recurringJobs: [...pogScoreRecurringJobs, ...pogRecentLikesRecurringJobs],
  pageHead: pogShowcaseHead,
});
