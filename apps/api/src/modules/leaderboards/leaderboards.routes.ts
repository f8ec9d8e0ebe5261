import { leaderboardsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import {
  centralizedView,
  contributionView,
  leaderboardsByStatus,
  participantsView,
} from './leaderboard-views.ts';

export function leaderboardsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, leaderboardsRoutes.centralizedLeaderboard, async ({ c }) => ({
    data: await centralizedView(c.get('deps'), c.get('deps').clock()),
  }));
  mount(app, leaderboardsRoutes.leaderboardsByStatus, async ({ c, params }) => ({
    data: {
      leaderboards: await leaderboardsByStatus(c.get('deps').db, params.status, c.get('deps').clock()),
    },
  }));
  mount(app, leaderboardsRoutes.leaderboardParticipants, async ({ c, params }) => ({
    data: await participantsView(c.get('deps'), params.leaderboardId, c.get('deps').clock()),
  }));
  mount(app, leaderboardsRoutes.leaderboardContribution, ACTIVE_USER, async ({ c, params, user }) => ({
    data: await contributionView(c.get('deps'), params.leaderboardId, user.id),
  }));
  return app;
}
