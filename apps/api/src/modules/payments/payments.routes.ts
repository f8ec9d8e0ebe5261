import { paymentRoutes } from '@khel/core/contract';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { envelope } from '../../lib/http.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { ACTIVE_USER, mount } from '../../lib/route.ts';
import { createDeposit, depositOf, depositView } from './deposits.ts';
import { sandboxPaymentProvider } from './provider.ts';
import { checkedQuote, gasFees, quoteView } from './quotes.ts';
import { WEBHOOK_SIGNATURE_HEADER } from './signature.ts';
import { swap } from './swap.ts';
import { receiveWebhook } from './webhook.ts';

function apiOrigin(c: Context<AppEnv>): string {
  const configured = c.get('deps').env.PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(c.req.url).origin;
}

/** POST /onramp/deposit, GET /onramp/conversion, /onramp/gas-fee, /onramp/deposit/:id, POST /onramp/swap and the webhook. */
export function paymentsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, paymentRoutes.onrampConversion, async ({ query }) => ({
    data: quoteView(checkedQuote(BigInt(query.amount), query.currency)),
  }));

  mount(app, paymentRoutes.onrampGasFee, async ({ query }) => ({ data: gasFees(query.currency) }));

  mount(app, paymentRoutes.onrampDeposit, async ({ c, body }) => {
    const amount = BigInt(body.amount);
    checkedQuote(amount, body.currency);
    const { deposit, checkoutUrl, quote } = await createDeposit(c.get('deps'), sandboxPaymentProvider, {
      userId: c.get('userId'),
      amount,
      currency: body.currency,
      apiOrigin: apiOrigin(c),
    });
    return {
      data: {
        depositId: deposit.id,
        checkoutUrl,
        status: deposit.status,
        quote: quoteView(quote),
        expiresAt: deposit.expiresAt.toISOString(),
      },
      message: 'Payment started',
    };
  });

  mount(app, paymentRoutes.onrampDepositStatus, async ({ c, params }) => ({
    data: depositView(await depositOf(c.get('deps'), c.get('userId'), params.depositId)),
  }));

  mountIdempotent(app, paymentRoutes.onrampSwap, ACTIVE_USER, async ({ tx, body, userId, operationId }) => ({
    data: await swap(tx, { userId, operationId, ...body }),
    message: 'Swapped',
  }));

  app.post('/onramp/webhook/sandbox', async (c) => {
    const raw = await c.req.text();
    const outcome = await receiveWebhook(
      c.get('deps'),
      c.get('log'),
      raw,
      c.req.header(WEBHOOK_SIGNATURE_HEADER),
    );
    return envelope(c, 200, { received: true, outcome }, 'OK');
  });

  return app;
}
