import { operatorsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { listOperatorActions } from './operators.ts';

/**
 * The operators' own route: the audit log. The catalogue routes are mounted by the capability that owns
 * what they write (quests/quest-operators.routes.ts, games/game-operators.routes.ts,
 * campaigns/campaign-operators.routes.ts, klash/klash-operators.routes.ts, content/content.routes.ts).
 */
export function operatorsRouter() {
  const app = new Hono<AppEnv>();
  mount(app, operatorsRoutes.operatorActions, async ({ c, query }) => ({
    data: { actions: await listOperatorActions(c.get('deps').db, query.limit) },
  }));
  return app;
}
