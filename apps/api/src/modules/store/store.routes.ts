import { storeRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { getStoreOrder, listStoreItems, purchaseItem } from './store.ts';

/** GET /k-store/items, POST /k-store/purchase (Idempotency-Key), GET /k-store/orders/:id. */
export function storeRouter() {
  const app = new Hono<AppEnv>();

  mount(app, storeRoutes.storeItems, async ({ c, query }) => ({
    data: { items: await listStoreItems(c.get('deps').db, query.category) },
  }));

  mountIdempotent(app, storeRoutes.storePurchase, ACTIVE_USER, async ({ tx, body, userId, operationId }) => {
    const order = await purchaseItem(tx, { userId, operationId, ...body });
    return { data: order, message: 'Purchase complete' };
  });

  mount(app, storeRoutes.storeOrder, async ({ c, params }) => ({
    data: await getStoreOrder(c.get('deps').db, c.get('userId'), params.id),
  }));

  return app;
}
