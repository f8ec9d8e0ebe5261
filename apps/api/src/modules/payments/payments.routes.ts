import {
  DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
  DEPOSIT_BELOW_MINIMUM_MESSAGE,
  DEPOSIT_FEE_EXCEEDS_MESSAGE,
  money,
  ONRAMP_CURRENCIES,
  type OnrampCurrency,
  paymentRoutes,
  SWAP_PAIR_UNSUPPORTED_MESSAGE,
  SWAP_TOO_SMALL_MESSAGE,
} from '@khel/core/contract';
import { MESSAGES } from '@khel/core/domain';
import { type CurrencyCode, convertMinor, formatMinorUnits } from '@khel/core/format';
import { schema } from '@khel/db';
import type { UserAccountKind } from '@khel/db/schema';
import { and, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { html } from 'hono/html';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { AppEnv } from '../../lib/context.ts';
import { AppError, envelope } from '../../lib/http.ts';
import { mountIdempotent } from '../../lib/idempotency.ts';
import { mount } from '../../lib/route.ts';
import { sandboxPage } from '../../lib/sandbox-page.ts';
import { ownPageUrl } from '../auth/identity-providers.ts';
import { ensureUserAccounts, systemAccount, transferMany, userAccount } from '../ledger/ledger.ts';
import { requireActiveUser } from '../profile/profile.ts';
import {
  applyPaymentEvent,
  createDeposit,
  depositOf,
  depositView,
  newEventId,
  payAmount,
} from './deposits.ts';
import { type PaymentEvent, SANDBOX_CHECKOUT_PATH, sandboxPaymentProvider } from './provider.ts';
import { DEPOSIT_TTL_MS, FEE_SCHEDULE, type OnrampQuoteValues, quoteDeposit, swapRateOf } from './rates.ts';
import { signWebhook, verifyWebhookSignature, WEBHOOK_SIGNATURE_HEADER } from './signature.ts';
import { paymentsWebhookSecret } from './webhook-secret.ts';

export const WEBHOOK_UNAUTHORIZED_MESSAGE = 'Invalid webhook signature';
export const WEBHOOK_BAD_EVENT_MESSAGE = 'Invalid webhook event';

/** Where a swap takes from and credits to. Swapped-in K-Cash counts as bought (not collectable). */
const SWAP_SOURCE: Partial<Record<CurrencyCode, UserAccountKind>> = {
  USDT: 'user_usdt',
  RKHEL: 'user_rkhel',
};
const SWAP_TARGET: Partial<Record<CurrencyCode, UserAccountKind>> = {
  KCASH: 'user_kcash_bought',
  USDT: 'user_usdt',
};

const eventSchema = z.object({
  id: z.string().min(1).max(200),
  type: z.enum(['payment.succeeded', 'payment.failed']),
  data: z.object({
    paymentId: z.string().min(1).max(200),
    reference: z.string().min(1).max(200),
    amount: z.string().regex(/^\d{1,19}$/),
    currency: z.string().max(10),
  }),
});

function quoteView(q: OnrampQuoteValues) {
  return {
    pay: payAmount(q.amount, q.currency),
    method: ONRAMP_CURRENCIES[q.currency].method,
    rate: {
      from: q.currency,
      to: 'USDT',
      fromMajor: q.rate.fromMajor.toString(),
      toMajor: q.rate.toMajor.toString(),
    },
    usdtValue: money(q.usdtValue, 'USDT'),
    fee: money(q.fee, 'USDT'),
    receive: money(q.kcash, 'KCASH'),
  };
}

function checkedQuote(amount: bigint, currency: OnrampCurrency): OnrampQuoteValues {
  const rule = FEE_SCHEDULE[currency];
  if (amount < rule.minimum) throw new AppError(400, DEPOSIT_BELOW_MINIMUM_MESSAGE);
  if (amount > rule.maximum) throw new AppError(400, DEPOSIT_ABOVE_MAXIMUM_MESSAGE);
  const quote = quoteDeposit(amount, currency);
  if (quote.kcash <= 0n) throw new AppError(400, DEPOSIT_FEE_EXCEEDS_MESSAGE);
  return quote;
}

function apiOrigin(c: Context<AppEnv>): string {
  const configured = c.get('deps').env.PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(c.req.url).origin;
}

/** Verifies and applies one webhook delivery; the HTTP route and the sandbox checkout share it. */
async function receiveWebhook(c: Context<AppEnv>, rawBody: string, signature: string | undefined) {
  const deps = c.get('deps');
  const check = verifyWebhookSignature(paymentsWebhookSecret(deps), rawBody, signature, deps.clock());
  if (!check.ok) {
    c.get('log')?.warn('webhook refused', { reason: check.reason });
    throw new AppError(401, WEBHOOK_UNAUTHORIZED_MESSAGE);
  }
  let parsed: z.ZodSafeParseResult<PaymentEvent>;
  try {
    parsed = eventSchema.safeParse(JSON.parse(rawBody));
  } catch {
    throw new AppError(400, WEBHOOK_BAD_EVENT_MESSAGE);
  }
  if (!parsed.success) throw new AppError(400, WEBHOOK_BAD_EVENT_MESSAGE);
  return applyPaymentEvent(deps, 'sandbox', parsed.data);
}

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

/** POST /onramp/deposit, GET /onramp/conversion, /onramp/gas-fee, /onramp/deposit/:id, POST /onramp/swap, the webhook and the sandbox checkout. */
export function paymentsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, paymentRoutes.onrampConversion, async ({ query }) => ({
    data: quoteView(checkedQuote(BigInt(query.amount), query.currency)),
  }));

  mount(app, paymentRoutes.onrampGasFee, async ({ query }) => {
    const currencies = (Object.keys(FEE_SCHEDULE) as OnrampCurrency[]).filter(
      (c) => !query.currency || c === query.currency,
    );
    return {
      data: {
        fees: currencies.map((currency) => ({
          currency,
          method: ONRAMP_CURRENCIES[currency].method,
          flat: money(FEE_SCHEDULE[currency].flatUsdt, 'USDT'),
          basisPoints: FEE_SCHEDULE[currency].basisPoints,
          minimum: payAmount(FEE_SCHEDULE[currency].minimum, currency),
          maximum: payAmount(FEE_SCHEDULE[currency].maximum, currency),
        })),
      },
    };
  });

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

  mount(app, paymentRoutes.onrampDepositStatus, async ({ c, params }) => {
    return { data: depositView(await depositOf(c.get('deps'), c.get('userId'), params.depositId)) };
  });

  mountIdempotent(app, paymentRoutes.onrampSwap, async ({ tx, body, userId, operationId }) => {
    const rate = swapRateOf(body.from, body.to);
    const source = SWAP_SOURCE[body.from];
    const target = SWAP_TARGET[body.to];
    if (!rate || !source || !target) throw new AppError(400, SWAP_PAIR_UNSUPPORTED_MESSAGE);
    const amount = BigInt(body.amount);
    const { amount: received, remainder } = convertMinor(amount, body.from, body.to, rate);
    if (received <= 0n) throw new AppError(400, SWAP_TOO_SMALL_MESSAGE);
    await requireActiveUser(tx, userId);
    await ensureUserAccounts(tx, userId);
    const key = `swap:${userId}:${operationId}`;
    const metadata = { from: body.from, to: body.to, amount: body.amount };
    const legs = [
      {
        idempotencyKey: `${key}:out`,
        debit: userAccount(userId, source),
        credit: systemAccount('treasury'),
        amount: amount - remainder,
        currency: body.from,
        kind: 'swap' as const,
        metadata,
      },
      {
        idempotencyKey: `${key}:in`,
        debit: systemAccount('treasury'),
        credit: userAccount(userId, target),
        amount: received,
        currency: body.to,
        kind: 'swap' as const,
        metadata,
      },
    ];
    if (remainder > 0n)
      legs.push({
        idempotencyKey: `${key}:rounding`,
        debit: userAccount(userId, source),
        credit: systemAccount('rounding'),
        amount: remainder,
        currency: body.from,
        kind: 'swap' as const,
        metadata,
      });
    await transferMany(tx, legs);
    return {
      data: {
        debited: money(amount, body.from),
        converted: money(amount - remainder, body.from),
        remainder: money(remainder, body.from),
        received: money(received, body.to),
        rate: {
          from: body.from,
          to: body.to,
          fromMajor: rate.fromMajor.toString(),
          toMajor: rate.toMajor.toString(),
        },
      },
      message: 'Swapped',
    };
  });

  app.post('/onramp/webhook/sandbox', async (c) => {
    const raw = await c.req.text();
    const outcome = await receiveWebhook(c, raw, c.req.header(WEBHOOK_SIGNATURE_HEADER));
    return envelope(c, 200, { received: true, outcome }, 'OK');
  });

  // ------------------------------------------------------------ sandbox checkout (not in production)
  app.use(`${SANDBOX_CHECKOUT_PATH}/*`, async (c, next) => {
    if (c.get('deps').env.NODE_ENV === 'production') throw new AppError(404, 'Not found');
    await next();
  });

  const paymentOf = async (c: Context<AppEnv>) => {
    const id = c.req.param('paymentId') ?? '';
    const t = schema.sandboxPayments;
    const [payment] = await c.get('deps').db.select().from(t).where(eq(t.id, id));
    if (!payment) throw new AppError(404, 'Not found');
    return payment;
  };

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
    if (payment.status === 'open' && payment.createdAt.getTime() + DEPOSIT_TTL_MS <= now.getTime())
      return returnTo
        ? c.redirect(returnTo.href, 303)
        : checkoutPage(
            c,
            410,
            'Payment expired',
            html`<p>This checkout has expired. Please start again.</p>`,
          );
    const wanted = outcome === 'fail' ? 'failed' : 'succeeded';
    const t = schema.sandboxPayments;
    // Completing twice is harmless: the first outcome stays, and its event is sent again.
    await deps.db
      .update(t)
      .set({ status: wanted, eventId: newEventId(), completedAt: now })
      .where(and(eq(t.id, payment.id), eq(t.status, 'open')));
    const [done] = await deps.db.select().from(t).where(eq(t.id, payment.id));
    const event: PaymentEvent = {
      id: done!.eventId!,
      type: done!.status === 'failed' ? 'payment.failed' : 'payment.succeeded',
      data: {
        paymentId: done!.id,
        reference: done!.reference,
        amount: done!.amount.toString(),
        currency: done!.currency,
      },
    };
    const raw = JSON.stringify(event);
    await receiveWebhook(c, raw, signWebhook(paymentsWebhookSecret(deps), raw, now));
    // Back to the page that started the payment; it asks the deposit's status (the webhook decides).
    if (returnTo) return c.redirect(returnTo.href, 303);
    return event.type === 'payment.failed'
      ? checkoutPage(c, 200, 'Payment declined', html`<p>${MESSAGES.paymentFailed}</p>`)
      : checkoutPage(c, 200, 'Payment complete', html`<p>You can return to Khel.</p>`);
  });

  return app;
}
