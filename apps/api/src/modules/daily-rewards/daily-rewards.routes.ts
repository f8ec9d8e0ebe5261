import { dailyRewardsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { buyStreakFreeze, claimDailyReward, getDailyReward } from './daily-rewards.ts';

/** GET /rewards/daily, POST /rewards/daily/claim and POST /rewards/daily/freezes (Idempotency-Key). */
export function dailyRewardsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, dailyRewardsRoutes.dailyReward, ACTIVE_USER, async ({ c, user }) => ({
    data: await getDailyReward(c.get('deps').db, user, c.get('deps').clock()),
  }));
  mountIdempotent(app, dailyRewardsRoutes.claimDailyReward, ACTIVE_USER, async ({ c, tx, user }) => ({
    data: await claimDailyReward(tx, user, c.get('deps').clock()),
    message: 'Daily reward claimed',
  }));
  mountIdempotent(
    app,
    dailyRewardsRoutes.buyStreakFreeze,
    ACTIVE_USER,
    async ({ c, tx, user, operationId }) => ({
      data: await buyStreakFreeze(tx, user, c.get('deps').clock(), operationId),
      message: 'Streak freeze bought',
    }),
  );
  return app;
}
