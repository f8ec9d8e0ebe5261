import { storeRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { locateIp } from '../location/index.ts';
import { getStoreOrder, listStoreItems, purchaseItem, shoppingCountryOf } from './store.ts';

/** GET /k-store/items, POST /k-store/purchase (Idempotency-Key), GET /k-store/orders/:id. */
export function storeRouter() {
  const app = new Hono<AppEnv>();

  // The reader's country: as asked, else where the request comes from (an unknown place sees what is sold everywhere).
  mount(app, storeRoutes.storeItems, async ({ c, query }) => {
    const located = query.country ?? locateIp(clientIp(c)).countryCodeISO2;
    const country = /^[A-Za-z]{2}$/.test(located) ? located.toUpperCase() : null;
    return { data: { items: await listStoreItems(c.get('deps').db, query.category, country) } };
  });

  mountIdempotent(
    app,
    storeRoutes.storePurchase,
    ACTIVE_USER,
    async ({ tx, body, user, userId, operationId }) => {
      const order = await purchaseItem(tx, {
        userId,
        operationId,
        ...body,
        country: shoppingCountryOf(user),
      });
      return { data: order, message: 'Purchase complete' };
    },
  );

  mount(app, storeRoutes.storeOrder, async ({ c, params }) => ({
    data: await getStoreOrder(c.get('deps').db, c.get('userId'), params.id),
  }));

  return app;
}
