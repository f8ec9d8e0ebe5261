import { allRoutes, defineModule } from '../../lib/module.ts';
import { clanBotRouter } from './bot.routes.ts';
import { clanQuestJobHandlers, clanQuestRecurringJobs } from './clan-quests.ts';
import { clansRouter } from './clans.routes.ts';
import { CLANS_DEMO_SEED, seedDemoClans } from './demo.ts';
import { progressRouter } from './progress.routes.ts';
import { clanScoreJobHandlers, clanScoreRecurringJobs } from './score.ts';
import { clanWarJobHandlers, clanWarRecurringJobs } from './wars.ts';

/** Clans: chiefs, members, join requests, waiting periods, the chief's console in Telegram (README.md). */
export const clansModule = defineModule({
  name: 'clans',
  routes: allRoutes(clansRouter, clanBotRouter, progressRouter),
  jobHandlers: { ...clanScoreJobHandlers, ...clanQuestJobHandlers, ...clanWarJobHandlers },
  recurringJobs: [...clanScoreRecurringJobs, ...clanQuestRecurringJobs, ...clanWarRecurringJobs],
  seedDemo: seedDemoClans,
  seedDemoMarkers: [CLANS_DEMO_SEED],
});
