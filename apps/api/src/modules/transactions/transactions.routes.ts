import { transactionRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import { getTransaction, listTransactions } from './transactions.ts';

/** GET /transactions (type, page or the keyset cursor `before`, limit) and GET /transactions/:id. */
export function transactionsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, transactionRoutes.transactions, async ({ c, query }) => ({
    data: await listTransactions(c.get('deps').db, c.get('userId'), {
      ...(query.type ? { type: query.type } : {}),
      page: query.page,
      limit: query.limit,
      ...(query.before ? { before: query.before } : {}),
    }),
  }));

  mount(app, transactionRoutes.transaction, async ({ c, params }) => ({
    data: await getTransaction(c.get('deps').db, c.get('userId'), params.id),
  }));

  return app;
}
