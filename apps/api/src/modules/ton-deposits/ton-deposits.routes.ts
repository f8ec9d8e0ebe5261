import { tonDepositRoutes } from '@khel/core/contract';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { mount } from '../../lib/route.ts';
import {
  createTonDeposit,
  currentTonQuote,
  type TonTarget,
  tonDepositOf,
  tonDepositView,
  tonQuoteView,
} from './deposits.ts';

const targetOf = (q: { amount?: string | undefined; kcash?: string | undefined }): TonTarget =>
  q.amount !== undefined ? { amount: BigInt(q.amount) } : { kcash: BigInt(q.kcash!) };

/** GET /onramp/ton/quote, POST /onramp/ton/deposit, GET /onramp/ton/deposit/:depositId. */
export function tonDepositsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, tonDepositRoutes.tonDepositQuote, async ({ c, query }) => ({
    data: tonQuoteView(await currentTonQuote(c.get('deps'), targetOf(query))),
  }));

  mount(app, tonDepositRoutes.tonDeposit, async ({ c, body }) => {
    const { row, quote } = await createTonDeposit(c.get('deps'), {
      userId: c.get('userId'),
      target: targetOf(body),
      wallet: body.wallet,
    });
    return {
      data: { ...(await tonDepositView(row)), quote: tonQuoteView(quote) },
      message: 'Payment started',
    };
  });

  mount(app, tonDepositRoutes.tonDepositStatus, async ({ c, params }) => ({
    data: await tonDepositView(await tonDepositOf(c.get('deps'), c.get('userId'), params.depositId)),
  }));

  return app;
}
