import {
  STARS_INVOICE_NOT_FOUND_MESSAGE,
  STARS_SANDBOX_ONLY_MESSAGE,
  starsRoutes,
} from '@khel/core/contract';
import { users } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { botActorOf, mount } from '../../lib/route.ts';
import { listStarsPacks } from './catalogue.ts';
import {
  answerPreCheckout,
  createBotStarsInvoice,
  createStarsInvoice,
  receiveStarsPayment,
  starsInvoiceStatus,
} from './payments.ts';
import { sandboxChargeId } from './provider.ts';

/**
 * The gamers' and the bot's Stars routes: the packs, invoice links and their status, the sandbox's payment
 * sheet, and the bot's pre-checkout and successful-payment hand-overs.
 */
export function starsRouter() {
  const app = new Hono<AppEnv>();

  mount(app, starsRoutes.starsPacks, async ({ c }) => ({
    data: { packs: await listStarsPacks(c.get('deps').db) },
  }));

  mount(app, starsRoutes.starsInvoice, async ({ c, body }) => ({
    data: await createStarsInvoice(c.get('deps'), c.get('userId'), body),
    status: 201,
  }));

  mount(app, starsRoutes.starsInvoiceStatus, async ({ c, params }) => ({
    data: await starsInvoiceStatus(c.get('deps').db, c.get('userId'), params.id),
  }));

  // The sandbox's payment sheet: what Telegram would do when the gamer pays, through the same code as the bot's updates.
  mount(app, starsRoutes.devStarsPay, async ({ c, params, body }) => {
    const deps = c.get('deps');
    if (!deps.starsTelegram.sandbox) throw new AppError(409, STARS_SANDBOX_ONLY_MESSAGE);
    const userId = c.get('userId');
    const status = await starsInvoiceStatus(deps.db, userId, params.id);
    if (body.outcome === 'cancelled') return { data: { status: 'cancelled' as const } };
    const [user] = await deps.db
      .select({ telegramId: users.telegramId })
      .from(users)
      .where(eq(users.id, userId));
    if (!user?.telegramId) throw new AppError(404, STARS_INVOICE_NOT_FOUND_MESSAGE);
    const payment = {
      telegramUserId: Number(user.telegramId),
      invoicePayload: status.invoiceId,
      currency: 'XTR',
      totalAmount: status.stars,
    };
    const answer = await answerPreCheckout(deps.db, payment);
    if (!answer.ok) return { data: { status: 'failed' as const, message: answer.message } };
    await receiveStarsPayment(deps, { ...payment, telegramPaymentChargeId: sandboxChargeId() });
    return { data: { status: 'paid' as const } };
  });

  mount(app, starsRoutes.botStarsPreCheckout, async ({ c, body }) => {
    const telegramUserId = await botActorOf(c);
    return { data: await answerPreCheckout(c.get('deps').db, { ...body, telegramUserId }) };
  });

  mount(app, starsRoutes.botStarsInvoice, async ({ c, body }) => ({
    data: await createBotStarsInvoice(c.get('deps'), c.get('userId'), body.packId),
    status: 201,
  }));

  mount(app, starsRoutes.botStarsPayment, async ({ c, body }) => {
    const telegramUserId = await botActorOf(c);
    return { data: await receiveStarsPayment(c.get('deps'), { ...body, telegramUserId }) };
  });

  return app;
}
