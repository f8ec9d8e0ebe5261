import { defineModule } from '../../lib/module.ts';
import { dailyRewardsRouter } from './daily-rewards.routes.ts';
import { remindStreaksJob, STREAK_REMINDER_EVERY_MS, STREAK_REMINDER_JOB } from './streak-reminder.ts';

/** The daily reward, its streak, streak freezes and the evening streak reminder (README.md). */
export const dailyRewardsModule = defineModule({
  name: 'daily-rewards',
  routes: dailyRewardsRouter,
  jobHandlers: { [STREAK_REMINDER_JOB]: remindStreaksJob },
  recurringJobs: [{ kind: STREAK_REMINDER_JOB, everyMs: STREAK_REMINDER_EVERY_MS }],
});
