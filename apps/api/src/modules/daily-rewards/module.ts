import { defineModule } from '../../lib/module.ts';
import { dailyRewardsRouter } from './daily-rewards.routes.ts';

/** The daily reward and its streak (README.md). */
export const dailyRewardsModule = defineModule({ name: 'daily-rewards', routes: dailyRewardsRouter });
