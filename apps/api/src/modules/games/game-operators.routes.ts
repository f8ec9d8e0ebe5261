import { operatorsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { upsertGame } from './games.ts';

/** The operator side of the games catalogue (auth 'operator'): create or edit a game. */
export function gameOperatorsRouter() {
  const app = new Hono<AppEnv>();
  const actorOf = (c: { get(key: 'operator'): { id: string; name: string } }) => {
    const operator = c.get('operator');
    return { operatorId: operator.id, name: operator.name };
  };

  mount(app, operatorsRoutes.operatorUpsertGame, async ({ c, body }) => {
    const deps = c.get('deps');
    return { data: await deps.db.transaction((tx) => upsertGame(tx, body, actorOf(c), deps.clock())) };
  });
  return app;
}
