import { starsRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { listAllStarsPacks, setItemStarsPrice, upsertStarsPack } from './catalogue.ts';
import { latestStarsPayments, refundStarsPayment, starsRevenue, toPaymentSummary } from './payments.ts';

/** The operator side of Stars (auth 'operator'): pack and item prices, payments, refunds, revenue. */
export function starsOperatorsRouter() {
  const app = new Hono<AppEnv>();
  const actorOf = (c: { get(key: 'operator'): { id: string; name: string } }) => {
    const operator = c.get('operator');
    return { operatorId: operator.id, name: operator.name };
  };

  mount(app, starsRoutes.operatorStarsPacks, async ({ c }) => ({
    data: { packs: await listAllStarsPacks(c.get('deps').db) },
  }));

  mount(app, starsRoutes.operatorStarsPackUpsert, async ({ c, params, body }) => ({
    data: await c.get('deps').db.transaction((tx) => upsertStarsPack(tx, params.sku, body, actorOf(c))),
  }));

  mount(app, starsRoutes.operatorStarsItemPrice, async ({ c, params, body }) => ({
    data: await c
      .get('deps')
      .db.transaction((tx) => setItemStarsPrice(tx, params.id, body.stars, actorOf(c))),
  }));

  mount(app, starsRoutes.operatorStarsPayments, async ({ c, query }) => ({
    data: { payments: await latestStarsPayments(c.get('deps').db, query.limit) },
  }));

  mount(app, starsRoutes.operatorStarsRefund, async ({ c, params }) => {
    const deps = c.get('deps');
    const { row, alreadyRefunded } = await refundStarsPayment(deps, params.id, 'operator');
    deps.logger.info('stars payment refunded by an operator', {
      paymentId: row.id,
      operator: actorOf(c).name,
      alreadyRefunded,
    });
    return { data: { payment: toPaymentSummary(row), alreadyRefunded } };
  });

  mount(app, starsRoutes.operatorStarsRevenue, async ({ c, query }) => ({
    data: await starsRevenue(c.get('deps').db, query),
  }));

  return app;
}
