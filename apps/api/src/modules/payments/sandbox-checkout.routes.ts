import { ONRAMP_CURRENCIES, type OnrampCurrency } from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { formatMinorUnits } from '@khel/core/format';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { sandboxPage } from '../../lib/sandbox-page.ts';
import { ownPageUrl } from '../auth/index.ts';
import { SANDBOX_CHECKOUT_PATH, SANDBOX_PAYMENT_ID_PATTERN } from './provider.ts';
import { completeSandboxPayment, isSandboxPaymentExpired, sandboxPaymentOf } from './sandbox-checkout.ts';
import { receiveWebhook } from './webhook.ts';

const NOT_FOUND_MESSAGE = 'Not found';

function checkoutPage(
  c: Context<AppEnv>,
  status: ContentfulStatusCode,
  title: string,
  body: unknown,
  returnTo?: URL | null,
) {
  return sandboxPage(c, {
    status,
    title,
    body,
    badge: 'Sandbox: not a real payment',
    formActionOrigin: returnTo?.origin,
  });
}

/**
 * `return_url` of the sandbox checkout: where the payer goes once the form is posted, as a real
 * provider's success/cancel URL. Only our own pages (no open redirect).
 */
const checkoutReturnUrl = (c: Context<AppEnv>, raw: unknown) => ownPageUrl(c.get('deps').env, c.req.url, raw);

/**
 * The checkout page's path params, checked as a contract route's `params` are (it is an HTML page, not a
 * contract route): an id of another shape names no payment, 404 as an unknown one.
 */
const checkoutParams = z.object({
  paymentId: z.string().regex(SANDBOX_PAYMENT_ID_PATTERN, { message: NOT_FOUND_MESSAGE }),
});

async function paymentOf(c: Context<AppEnv>) {
  const params = checkoutParams.safeParse(c.req.param());
  if (!params.success) throw new AppError(404, NOT_FOUND_MESSAGE);
  return sandboxPaymentOf(c.get('deps'), params.data.paymentId);
}

/**
 * The sandbox payment provider's checkout page (not in production): GET shows the payment, POST pays
 * or declines it and delivers the signed webhook event, as a real provider would.
 */
export function sandboxCheckoutRouter() {
  const app = new Hono<AppEnv>();

  app.use(`${SANDBOX_CHECKOUT_PATH}/*`, async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, NOT_FOUND_MESSAGE);
    await next();
  });

  app.get(`${SANDBOX_CHECKOUT_PATH}/:paymentId`, async (c) => {
    const payment = await paymentOf(c);
    const currency = payment.currency as OnrampCurrency;
    const decimals = ONRAMP_CURRENCIES[currency]?.decimals ?? 0;
    const major = formatMinorUnits(payment.amount, decimals, { minDecimals: decimals });
    const returnTo = checkoutReturnUrl(c, c.req.query('return_url'));
    if (payment.status !== 'open')
      return checkoutPage(
        c,
        200,
        'Payment closed',
        html`<p>This payment is ${payment.status}.</p>${returnTo ? html`<p><a href="${returnTo.href}">Back to Khel</a></p>` : ''}`,
      );
    return checkoutPage(
      c,
      200,
      `Pay ${major} ${currency}`,
      html`<form method="post">
<p>Method: ${ONRAMP_CURRENCIES[currency]?.method.toUpperCase()}</p>
${returnTo ? html`<input type="hidden" name="return_url" value="${returnTo.href}">` : ''}
<button type="submit" name="outcome" value="succeed">Pay</button>
<button type="submit" name="outcome" value="fail">Decline</button>
</form>`,
      returnTo,
    );
  });

  app.post(`${SANDBOX_CHECKOUT_PATH}/:paymentId`, async (c) => {
    const deps = c.get('deps');
    const payment = await paymentOf(c);
    let outcome: unknown = 'succeed';
    let returnTo: URL | null = null;
    try {
      const form = await c.req.parseBody();
      outcome = form.outcome ?? 'succeed';
      returnTo = checkoutReturnUrl(c, form.return_url);
    } catch {
      // An empty or non-form body pays.
    }
    const now = deps.clock();
    if (isSandboxPaymentExpired(payment, now))
      return returnTo
        ? c.redirect(returnTo.href, 303)
        : checkoutPage(
            c,
            410,
            'Payment expired',
            html`<p>This checkout has expired. Please start again.</p>`,
          );
    const done = await completeSandboxPayment(
      deps,
      payment,
      outcome === 'fail' ? 'failed' : 'succeeded',
      now,
    );
    await receiveWebhook(deps, c.get('log'), done.raw, done.signature);
    // Back to the page that started the payment; it asks the deposit's status (the webhook decides).
    if (returnTo) return c.redirect(returnTo.href, 303);
    return done.event.type === 'payment.failed'
      ? checkoutPage(c, 200, 'Payment declined', html`<p>${MESSAGES.paymentFailed}</p>`)
      : checkoutPage(c, 200, 'Payment complete', html`<p>You can return to Khel.</p>`);
  });

  return app;
}
