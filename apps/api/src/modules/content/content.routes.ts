import { contentRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { footer, listBanners, upsertBanner, upsertFooterLink } from './content.ts';

/** GET /web-banners, GET /web-footers, and the operators' POST /operator/banners and /operator/footer-links. */
export function contentRouter() {
  const app = new Hono<AppEnv>();
  mount(app, contentRoutes.webBanners, async ({ c, query }) => ({
    data: { banners: await listBanners(c.get('deps').db, query.placement, c.get('deps').clock()) },
  }));
  mount(app, contentRoutes.webFooters, async ({ c }) => ({ data: await footer(c.get('deps').db) }));
  const actorOf = (operator: { id: string; name: string }) => ({
    operatorId: operator.id,
    name: operator.name,
  });
  mount(app, contentRoutes.operatorUpsertBanner, async ({ c, body }) => ({
    data: await c.get('deps').db.transaction((tx) => upsertBanner(tx, body, actorOf(c.get('operator')))),
  }));
  mount(app, contentRoutes.operatorUpsertFooterLink, async ({ c, body }) => ({
    data: await c.get('deps').db.transaction((tx) => upsertFooterLink(tx, body, actorOf(c.get('operator')))),
  }));
  return app;
}
