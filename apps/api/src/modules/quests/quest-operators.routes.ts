import { operatorsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { importQuest, publishQuest, upsertHub } from './catalogue.ts';

/** The operator side of quests (auth 'operator'): create/replace and publish quests, partner hubs. */
export function questOperatorsRouter() {
  const app = new Hono<AppEnv>();
  const actorOf = (c: { get(key: 'operator'): { id: string; name: string } }) => {
    const operator = c.get('operator');
    return { operatorId: operator.id, name: operator.name };
  };

  mount(app, operatorsRoutes.operatorUpsertQuest, async ({ c, body }) => {
    const deps = c.get('deps');
    const now = deps.clock();
    const result = await deps.db.transaction((tx) =>
      importQuest(tx, body.quest, actorOf(c), { publish: body.publish, now }),
    );
    return {
      data: {
        id: result.id,
        slug: String(body.quest.slug),
        created: result.created,
        published: body.publish,
      },
      status: result.created ? 201 : 200,
    };
  });
  mount(app, operatorsRoutes.operatorPublishQuest, async ({ c, params }) => {
    const deps = c.get('deps');
    const row = await deps.db.transaction((tx) => publishQuest(tx, params.slug, actorOf(c), deps.clock()));
    return { data: { id: row.id, slug: params.slug, created: false, published: true } };
  });
  mount(app, operatorsRoutes.operatorUpsertHub, async ({ c, body }) => {
    const deps = c.get('deps');
    return { data: await deps.db.transaction((tx) => upsertHub(tx, body, actorOf(c))) };
  });
  return app;
}
