import { progressionRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { getProgression, progressionRules } from './progression.ts';
import { endSeasonNow, seasonView } from './seasons.ts';

/** GET /progression/rules (public), GET /progression/season, GET /progression; outside production POST /dev/seasons/end. */
export function progressionRouter() {
  const app = new Hono<AppEnv>();
  mount(app, progressionRoutes.progressionRules, async () => ({ data: progressionRules() }));
  mount(app, progressionRoutes.season, ACTIVE_USER, async ({ c, user }) => ({
    data: await seasonView(c.get('deps').db, user.id, c.get('deps').clock()),
  }));
  mount(app, progressionRoutes.devEndSeason, ACTIVE_USER, async ({ c }) => ({
    data: await endSeasonNow(c.get('deps').db, c.get('deps').clock()),
  }));
  mount(app, progressionRoutes.progression, ACTIVE_USER, async ({ c, user }) => ({
    data: await getProgression(c.get('deps').db, user.id),
  }));
  return app;
}
