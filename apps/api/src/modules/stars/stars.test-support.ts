import { randomInt, randomUUID } from 'node:crypto';
import { botActorAuthorization } from '@khel/core/bot-actor';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { TEST_BOT_TOKEN, type TestContext } from '../../test-support.ts';
import { createOperator } from '../operators/operators.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { type StarsTelegram, sandboxStarsTelegram } from './provider.ts';

/** The sandbox as the test's Telegram, counting the refunds it was asked for (`refundCalls`). */
export function recordingStarsTelegram() {
  const sandbox = sandboxStarsTelegram();
  const refundCalls: string[] = [];
  const telegram: StarsTelegram = {
    sandbox: true,
    createInvoiceLink: (invoice) => sandbox.createInvoiceLink(invoice),
    refund: (userId, chargeId) => {
      refundCalls.push(chargeId);
      return sandbox.refund(userId, chargeId);
    },
  };
  return { telegram, refundCalls, refunded: () => sandbox.refunded() };
}

/** A signed-in gamer with a Telegram account (the Mini App's). */
export async function telegramGamer(ctx: TestContext) {
  const telegramId = randomInt(100_000_000, 2_000_000_000);
  const signed = await signedInUser(ctx, { telegramId: String(telegramId) });
  return { ...signed, telegramId };
}

export async function operatorAuth(ctx: TestContext) {
  const op = await createOperator(ctx.deps.db, `stars.ops.${randomUUID().slice(0, 6)}`);
  return { authorization: `Operator ${op.token}` };
}

export const botAuth = async (ctx: TestContext, telegramId: number) => ({
  authorization: await botActorAuthorization(TEST_BOT_TOKEN, telegramId, ctx.now()),
});

export async function newPack(ctx: TestContext, kcash = 500, stars = 45) {
  const [row] = await ctx.deps.db
    .insert(schema.starsPacks)
    .values({ sku: `test-${randomUUID().slice(0, 8)}`, kcash: BigInt(kcash) * 1000n, stars })
    .returning();
  return row!;
}

export async function newStarsItem(ctx: TestContext, stock: number, stars = 120) {
  const [row] = await ctx.deps.db
    .insert(schema.storeItems)
    .values({
      sku: `test-${randomUUID()}`,
      name: 'Test Stars Voucher',
      category: 'voucher',
      priceKcash: 1_500_000n,
      priceStars: stars,
      stock,
    })
    .returning();
  return row!;
}

/** POST /stars/invoices as the gamer. */
export async function invoiceFor(ctx: TestContext, auth: Record<string, string>, body: unknown) {
  return ctx.json('/stars/invoices', { method: 'POST', headers: auth, body });
}

/** The bot's pre-checkout hand-over for `telegramId`. */
export async function preCheckout(
  ctx: TestContext,
  telegramId: number,
  body: { invoicePayload: string; totalAmount: number; currency?: string },
) {
  return ctx.json('/bot/stars/pre-checkout', {
    method: 'POST',
    headers: await botAuth(ctx, telegramId),
    body: { queryId: `q${randomUUID()}`, currency: 'XTR', ...body },
  });
}

/** The bot's successful-payment hand-over for `telegramId`. */
export async function paid(
  ctx: TestContext,
  telegramId: number,
  body: { invoicePayload: string; totalAmount: number; telegramPaymentChargeId?: string; currency?: string },
) {
  return ctx.json('/bot/stars/payments', {
    method: 'POST',
    headers: await botAuth(ctx, telegramId),
    body: { currency: 'XTR', telegramPaymentChargeId: `stxT${randomUUID()}`, ...body },
  });
}

export async function paymentRow(ctx: TestContext, id: string) {
  const [row] = await ctx.deps.db.select().from(schema.starsPayments).where(eq(schema.starsPayments.id, id));
  return row!;
}
