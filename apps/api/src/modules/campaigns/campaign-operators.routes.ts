import { campaignsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import {
  endCampaign,
  importCampaigns,
  listHeldEntries,
  type OperatorCampaign,
  publishCampaign,
  reviewEntry,
  upsertCampaign,
} from './catalogue.ts';

/** The operator side of campaigns (auth 'operator'): create/edit, publish, end, review held entries. */
export function campaignOperatorsRouter() {
  const app = new Hono<AppEnv>();
  const actorOf = (c: { get(key: 'operator'): { id: string; name: string } }) => {
    const operator = c.get('operator');
    return { operatorId: operator.id, name: operator.name };
  };
  const view = ({ id, slug, status }: OperatorCampaign) => ({ id, slug, status });

  mount(app, campaignsRoutes.operatorUpsertCampaign, async ({ c, body }) => {
    const deps = c.get('deps');
    const now = deps.clock();
    const result = await deps.db.transaction((tx) =>
      upsertCampaign(tx, body.campaign, actorOf(c), { publish: body.publish, now }),
    );
    return { data: view(result), status: result.created ? 201 : 200 };
  });
  mount(app, campaignsRoutes.operatorImportCampaigns, async ({ c, body }) => {
    const deps = c.get('deps');
    const now = deps.clock();
    const results = await deps.db.transaction((tx) =>
      importCampaigns(tx, body.campaigns, actorOf(c), { publish: body.publish, now }),
    );
    return { data: { campaigns: results.map(view) } };
  });
  mount(app, campaignsRoutes.operatorPublishCampaign, async ({ c, params }) => {
    const deps = c.get('deps');
    const result = await deps.db.transaction((tx) =>
      publishCampaign(tx, params.slug, actorOf(c), deps.clock()),
    );
    return { data: view(result) };
  });
  mount(app, campaignsRoutes.operatorEndCampaign, async ({ c, params }) => {
    const deps = c.get('deps');
    const result = await deps.db.transaction((tx) => endCampaign(tx, params.slug, actorOf(c), deps.clock()));
    return { data: view(result) };
  });
  mount(app, campaignsRoutes.operatorHeldEntries, async ({ c, params }) => ({
    data: await listHeldEntries(c.get('deps').db, params.slug),
  }));
  mount(app, campaignsRoutes.operatorReviewEntry, async ({ c, params, body }) => {
    const deps = c.get('deps');
    return {
      data: await deps.db.transaction((tx) =>
        reviewEntry(tx, params.slug, params.entryId, body.decision, actorOf(c)),
      ),
    };
  });
  return app;
}
