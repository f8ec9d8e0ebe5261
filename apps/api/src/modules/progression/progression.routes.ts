import { progressionRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { getProgression, progressionRules } from './progression.ts';

/** GET /progression/rules (public), GET /progression. */
export function progressionRouter() {
  const app = new Hono<AppEnv>();
  mount(app, progressionRoutes.progressionRules, async () => ({ data: progressionRules() }));
  mount(app, progressionRoutes.progression, ACTIVE_USER, async ({ c, user }) => ({
    data: await getProgression(c.get('deps').db, user.id),
  }));
  return app;
}
