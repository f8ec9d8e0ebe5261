import { contentRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { contentDetail, importContent, listContent, setContentStatus, upsertContent } from './articles.ts';
import { footer, listBanners, upsertBanner, upsertFooterLink } from './content.ts';

/**
 * GET /web-banners, GET /web-footers, GET /content and /content/:kind/:slug, and the operators' writes (banners,
 * footer links, articles and videos).
 */
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
  mount(app, contentRoutes.contentList, async ({ c, query }) => ({
    data: await listContent(c.get('deps').db, query, c.get('deps').clock()),
  }));
  mount(app, contentRoutes.contentDetail, async ({ c, params, query }) => ({
    data: await contentDetail(c.get('deps').db, params.kind, params.slug, query.lang, c.get('deps').clock()),
  }));
  mount(app, contentRoutes.operatorUpsertContent, async ({ c, body }) => ({
    data: await c
      .get('deps')
      .db.transaction((tx) => upsertContent(tx, body, actorOf(c.get('operator')), c.get('deps').clock())),
  }));
  mount(app, contentRoutes.operatorImportContent, async ({ c, body }) => ({
    data: await c
      .get('deps')
      .db.transaction((tx) =>
        importContent(tx, body.items, body.publish, actorOf(c.get('operator')), c.get('deps').clock()),
      ),
  }));
  for (const [route, status] of [
    [contentRoutes.operatorPublishContent, 'published'],
    [contentRoutes.operatorUnpublishContent, 'draft'],
  ] as const) {
    mount(app, route, async ({ c, params }) => ({
      data: await c
        .get('deps')
        .db.transaction((tx) =>
          setContentStatus(tx, params.slug, status, actorOf(c.get('operator')), c.get('deps').clock()),
        ),
    }));
  }
  return app;
}
