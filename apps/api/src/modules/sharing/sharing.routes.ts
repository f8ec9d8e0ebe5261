import { sharingRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { ACTIVE_USER, mount, parseRouteInput } from '../../lib/route.ts';
import { prepareItemShare, shareItem, sharePicture } from './sharing.ts';

/** A picture's address changes with what it shows (`?v=`), so caches may keep each one a while. */
const PICTURE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

/** Sharing quests, campaigns, tournaments and articles into chats (README.md). */
export function sharingRouter(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  mount(app, sharingRoutes.shareItem, async ({ c, params, query }) => ({
    data: await shareItem(c.get('deps'), params.kind, params.ref, query.lang),
  }));
  app.get(sharingRoutes.sharePicture.path, async (c) => {
    const { params, query } = await parseRouteInput(c, sharingRoutes.sharePicture, { body: false });
    const picture = await sharePicture(c.get('deps'), params.kind, params.ref, query.lang);
    c.header('Cache-Control', PICTURE_CACHE);
    c.header('ETag', picture.etag);
    if (c.req.header('if-none-match') === picture.etag) return c.body(null, 304);
    c.header('Content-Type', 'image/jpeg');
    return c.body(new Uint8Array(picture.png), 200);
  });
  mount(app, sharingRoutes.shareTelegramPrepared, ACTIVE_USER, async ({ c, user, params }) => ({
    data: await prepareItemShare(c.get('deps'), user, params.kind, params.ref),
  }));
  return app;
}
