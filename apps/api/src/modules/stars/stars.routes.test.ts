import { randomUUID } from 'node:crypto';
import {
  STARS_INVOICE_NOT_FOUND_MESSAGE,
  STARS_PRICE_CHANGED_MESSAGE,
  STARS_PRODUCT_NOT_FOUND_MESSAGE,
  STARS_REFUND_KCASH_SPENT_MESSAGE,
  STARS_SOLD_OUT_MESSAGE,
  STARS_TELEGRAM_REQUIRED_MESSAGE,
} from '@khel/core/contract';
import { schema, seedStoreCatalogue } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import {
  burstBesideHeldRequest,
  createTestContext,
  DB_KINDS,
  medianMs,
  type TestContext,
  timed,
} from '../../test-support.ts';
import {
  balances,
  systemAccount,
  systemAccountBalance,
  transfer,
  userAccount,
  verifyLedger,
} from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { DEMO_STARS_PACKS, seedDemoStars } from './catalogue.ts';
import { receiveStarsPayment } from './payments.ts';
import {
  botAuth,
  invoiceFor,
  newPack,
  newStarsItem,
  operatorAuth,
  paid,
  paymentRow,
  preCheckout,
  recordingStarsTelegram,
  telegramGamer,
} from './stars.test-support.ts';

const clearing = (ctx: TestContext) => systemAccountBalance(ctx.deps.db, 'stars_clearing', 'XTR');

async function booksBalance(ctx: TestContext) {
  const report = await verifyLedger(ctx.deps.db);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  for (const total of Object.values(report.trialBalance)) expect(total).toBe(0n);
}

describe.each(DB_KINDS)('Telegram Stars on %s', (kind) => {
  let ctx: TestContext;
  let telegram: ReturnType<typeof recordingStarsTelegram>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedStoreCatalogue(ctx.deps.db);
    await seedDemoStars(ctx.deps.db);
  });
  beforeEach(() => {
    telegram = recordingStarsTelegram();
    ctx.deps.starsTelegram = telegram.telegram;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** An invoice for a pack, checked out and paid by the gamer; answers the payment's answer. */
  async function buyPack(
    gamer: Awaited<ReturnType<typeof telegramGamer>>,
    pack: { id: string; stars: number },
  ) {
    const invoice = await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: pack.id });
    expect(invoice.status).toBe(201);
    const payload = { invoicePayload: invoice.body.data.invoiceId, totalAmount: pack.stars };
    expect((await preCheckout(ctx, gamer.telegramId, payload)).body.data).toEqual({ ok: true });
    return paid(ctx, gamer.telegramId, payload);
  }

  /**
   * A race of deliveries, and on PostgreSQL its time, as in the race tests before it (referrals,
   * recurring quests). `race` runs while another gamer's payment for `product`, delivered, holds its
   * transaction open with everything a delivery writes (the product's row, the system accounts' shards,
   * the payment, the order, the notification), and must end within 100 lone deliveries of that product
   * (the median of three, measured just before): so no delivery holds a row every delivery touches. A
   * race that waits on the held delivery ends only when the bound lets it go, and fails whatever the
   * machine's load; one that does not ends far within it. On PGlite, which runs one transaction at a
   * time and would hide every race, just the race. Answers the race's answers and the Stars the other
   * gamer's payments added to stars_clearing (none on PGlite).
   */
  async function raceBesideHeldDelivery<T>(
    product: { product: 'kcash_pack'; packId: string } | { product: 'store_item'; itemId: string },
    race: () => Promise<T>,
  ): Promise<{ answers: T; othersStars: bigint }> {
    if (kind !== 'postgres') return { answers: await race(), othersStars: 0n };
    const other = await telegramGamer(ctx);
    const invoice = async () => {
      const res = await invoiceFor(ctx, other.auth, product);
      expect(res.status).toBe(201);
      return {
        invoicePayload: res.body.data.invoiceId as string,
        totalAmount: res.body.data.stars as number,
      };
    };
    const lone: number[] = [];
    for (let i = 0; i < 3; i++) {
      const payload = await invoice();
      lone.push(
        await timed(async () => {
          expect((await paid(ctx, other.telegramId, payload)).body.data.outcome).toBe('credited');
        }),
      );
    }
    const held = await invoice();
    const bound = 100 * medianMs(lone);
    const { result, burstMs, releasedByBound } = await burstBesideHeldRequest(
      ctx.deps,
      bound,
      async (holding) =>
        expect(
          (
            await receiveStarsPayment(holding, {
              telegramUserId: other.telegramId,
              currency: 'XTR',
              telegramPaymentChargeId: `stxHeld${randomUUID()}`,
              ...held,
            })
          ).outcome,
        ).toBe('credited'),
      race,
    );
    // Nobody waited for the open delivery: the race ended before the bound let it go.
    expect(releasedByBound).toBe(false);
    expect(burstMs).toBeLessThan(bound);
    return { answers: result, othersStars: 4n * BigInt(held.totalAmount) };
  }

  it('lists the demo packs, cheapest first, and the demo Stars prices of store items', async () => {
    const res = await ctx.json('/stars/packs');
    expect(res.status).toBe(200);
    expect(res.body.data.packs.map((p: any) => [p.sku, p.stars, p.kcash.amount])).toEqual(
      DEMO_STARS_PACKS.map((p) => [p.sku, p.stars, String(p.kcash * 1000)]),
    );
    const items = (await ctx.json('/k-store/items')).body.data.items as any[];
    expect(items.find((i) => i.sku === 'voucher-swiggy-100').prices.stars).toBe(95);
    expect(items.find((i) => i.sku === 'voucher-ifood-25').prices.stars).toBeNull();
  });

  it('makes an invoice link within Telegram’s rules, only for a Telegram account', async () => {
    const pack = await newPack(ctx, 1000, 85);
    const gamer = await telegramGamer(ctx);
    const res = await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: pack.id });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ stars: 85, title: '1,000 K-Cash', sandbox: true });
    expect(res.body.data.link).toContain(res.body.data.invoiceId);

    const web = await signedInUser(ctx);
    const refused = await invoiceFor(ctx, web.auth, { product: 'kcash_pack', packId: pack.id });
    expect(refused).toMatchObject({ status: 409, body: { message: STARS_TELEGRAM_REQUIRED_MESSAGE } });
    const unknown = await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: randomUUID() });
    expect(unknown).toMatchObject({ status: 404, body: { message: STARS_PRODUCT_NOT_FOUND_MESSAGE } });
    const noStars = await newStarsItem(ctx, 1);
    await ctx.deps.db
      .update(schema.storeItems)
      .set({ priceStars: null })
      .where(eq(schema.storeItems.id, noStars.id));
    const notForStars = await invoiceFor(ctx, gamer.auth, { product: 'store_item', itemId: noStars.id });
    expect(notForStars).toMatchObject({ status: 404, body: { message: STARS_PRODUCT_NOT_FOUND_MESSAGE } });
  });

  it('a paid pack credits bought K-Cash once, books the Stars received, and the books balance', async () => {
    const pack = await newPack(ctx, 500, 45);
    const gamer = await telegramGamer(ctx);
    const before = await clearing(ctx);
    const res = await buyPack(gamer, pack);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'credited', status: 'paid', stars: 45 });
    const after = await balances(ctx.deps.db, gamer.user.id);
    expect(after.user_kcash_bought).toBe(500_000n);
    expect(after.user_kcash_earned).toBe(0n);
    expect((await clearing(ctx)) - before).toBe(45n);
    const status = await ctx.json(
      `/stars/invoices/${(await paymentRow(ctx, res.body.data.paymentId)).invoiceId}`,
      {
        headers: gamer.auth,
      },
    );
    expect(status.body.data).toMatchObject({ status: 'paid', kcash: { amount: '500000' } });
    const [note] = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.dedupeKey, `stars-payment:${res.body.data.paymentId}`));
    expect(note).toMatchObject({ kind: 'stars_payment', payload: { kcash: '500000', stars: '45' } });
    await booksBalance(ctx);
  });

  it('the same successful payment delivered 20 times at once credits once', async () => {
    const pack = await newPack(ctx, 100, 10);
    const gamer = await telegramGamer(ctx);
    const invoice = await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: pack.id });
    const body = {
      invoicePayload: invoice.body.data.invoiceId,
      totalAmount: 10,
      telegramPaymentChargeId: `stxDup${randomUUID()}`,
    };
    const { answers } = await raceBesideHeldDelivery({ product: 'kcash_pack', packId: pack.id }, () =>
      Promise.all(Array.from({ length: 20 }, () => paid(ctx, gamer.telegramId, body))),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    const outcomes = answers.map((a) => a.body.data.outcome).sort();
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    expect(new Set(answers.map((a) => a.body.data.paymentId)).size).toBe(1);
    expect((await balances(ctx.deps.db, gamer.user.id)).user_kcash_bought).toBe(100_000n);
    await booksBalance(ctx);
  }, 60_000);

  it('a store item with one left, paid by two gamers at once: one delivered, one refunded, never oversold', async () => {
    const item = await newStarsItem(ctx, 1, 120);
    const [a, b] = [await telegramGamer(ctx), await telegramGamer(ctx)];
    const invoices = await Promise.all(
      [a, b].map((g) => invoiceFor(ctx, g.auth, { product: 'store_item', itemId: item.id })),
    );
    for (const [i, g] of [a, b].entries()) {
      const check = await preCheckout(ctx, g.telegramId, {
        invoicePayload: invoices[i]!.body.data.invoiceId,
        totalAmount: 120,
      });
      expect(check.body.data.ok).toBe(true);
    }
    const before = await clearing(ctx);
    // Held: a payment for another item, so the race's two still find one left.
    const { answers, othersStars } = await raceBesideHeldDelivery(
      { product: 'store_item', itemId: (await newStarsItem(ctx, 4, 95)).id },
      () =>
        Promise.all(
          [a, b].map((g, i) =>
            paid(ctx, g.telegramId, { invoicePayload: invoices[i]!.body.data.invoiceId, totalAmount: 120 }),
          ),
        ),
    );
    const outcomes = answers.map((r) => r.body.data.outcome).sort();
    expect(outcomes).toEqual(['credited', 'refunded']);
    const refunded = answers.find((r) => r.body.data.outcome === 'refunded')!.body.data;
    expect(refunded).toMatchObject({ status: 'refunded', refundReason: 'sold_out' });
    expect(telegram.refundCalls).toHaveLength(1);
    const [stock] = await ctx.deps.db
      .select({ stock: schema.storeItems.stock })
      .from(schema.storeItems)
      .where(eq(schema.storeItems.id, item.id));
    expect(stock!.stock).toBe(0);
    const orders = await ctx.deps.db
      .select()
      .from(schema.storeOrders)
      .where(eq(schema.storeOrders.itemId, item.id));
    expect(orders).toHaveLength(1);
    expect(orders[0]).toMatchObject({ rail: 'stars', currency: 'XTR', paidStars: 120n, total: 120n });
    expect((await clearing(ctx)) - before).toBe(120n + othersStars);
    // The buyer's receipt has the order; the other's invoice says refunded.
    const winner = [a, b][answers.findIndex((r) => r.body.data.outcome === 'credited')]!;
    const receipt = await ctx.json(
      `/stars/invoices/${invoices[[a, b].indexOf(winner)]!.body.data.invoiceId}`,
      { headers: winner.auth },
    );
    expect(receipt.body.data.order).toMatchObject({ rail: 'stars', paid: { stars: { amount: '120' } } });
    await booksBalance(ctx);
  }, 60_000);

  it('an operator refund gives the Stars back and takes back the K-Cash; a second refund changes nothing', async () => {
    const pack = await newPack(ctx, 500, 45);
    const gamer = await telegramGamer(ctx);
    const op = await operatorAuth(ctx);
    const before = await clearing(ctx);
    const { paymentId } = (await buyPack(gamer, pack)).body.data;
    const res = await ctx.json(`/operator/stars/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: op,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      alreadyRefunded: false,
      payment: { status: 'refunded', refundReason: 'operator' },
    });
    expect((await balances(ctx.deps.db, gamer.user.id)).user_kcash_bought).toBe(0n);
    expect(await clearing(ctx)).toBe(before);
    const again = await ctx.json(`/operator/stars/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: op,
    });
    expect(again.body.data.alreadyRefunded).toBe(true);
    expect(telegram.refundCalls).toHaveLength(1);
    await booksBalance(ctx);
  });

  it('Telegram’s CHARGE_ALREADY_REFUNDED completes the reversal (a retry after a crash)', async () => {
    const pack = await newPack(ctx, 100, 10);
    const gamer = await telegramGamer(ctx);
    const op = await operatorAuth(ctx);
    const answer = (await buyPack(gamer, pack)).body.data;
    const row = await paymentRow(ctx, answer.paymentId);
    // Telegram refunded it already (the process died before its commit).
    await telegram.telegram.refund(gamer.telegramId, row.telegramPaymentChargeId);
    const res = await ctx.json(`/operator/stars/payments/${answer.paymentId}/refund`, {
      method: 'POST',
      headers: op,
    });
    expect(res.status).toBe(200);
    expect((await paymentRow(ctx, answer.paymentId)).status).toBe('refunded');
    await booksBalance(ctx);
  });

  it('a refund is refused with 409 when the gamer spent the K-Cash, and nothing changes', async () => {
    const pack = await newPack(ctx, 500, 45);
    const gamer = await telegramGamer(ctx);
    const op = await operatorAuth(ctx);
    const { paymentId } = (await buyPack(gamer, pack)).body.data;
    await ctx.deps.db.transaction((tx) =>
      transfer(tx, {
        idempotencyKey: `test-spend:${randomUUID()}`,
        debit: userAccount(gamer.user.id, 'user_kcash_bought'),
        credit: systemAccount('store_revenue'),
        amount: 200_000n,
        currency: 'KCASH',
        kind: 'store_purchase',
      }),
    );
    const clearingBefore = await clearing(ctx);
    const res = await ctx.json(`/operator/stars/payments/${paymentId}/refund`, {
      method: 'POST',
      headers: op,
    });
    expect(res).toMatchObject({ status: 409, body: { message: STARS_REFUND_KCASH_SPENT_MESSAGE } });
    expect((await paymentRow(ctx, paymentId)).status).toBe('paid');
    expect(telegram.refundCalls).toHaveLength(0);
    expect(await clearing(ctx)).toBe(clearingBefore);
    expect((await balances(ctx.deps.db, gamer.user.id)).user_kcash_bought).toBe(300_000n);
  });

  it('pre-checkout refuses an unknown invoice, another payer, a changed price, a withdrawn pack and a sold-out item', async () => {
    const pack = await newPack(ctx, 500, 45);
    const gamer = await telegramGamer(ctx);
    const other = await telegramGamer(ctx);
    const op = await operatorAuth(ctx);
    const invoice = (await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: pack.id })).body.data;
    const payload = { invoicePayload: invoice.invoiceId, totalAmount: 45 };
    const refusal = async (telegramId: number, body: typeof payload & { currency?: string }) =>
      (await preCheckout(ctx, telegramId, body)).body.data;

    expect(await refusal(gamer.telegramId, { ...payload, invoicePayload: randomUUID() })).toEqual({
      ok: false,
      code: 'STARS_INVOICE_NOT_FOUND',
      message: STARS_INVOICE_NOT_FOUND_MESSAGE,
    });
    expect(await refusal(gamer.telegramId, { ...payload, invoicePayload: 'not-ours' })).toMatchObject({
      code: 'STARS_INVOICE_NOT_FOUND',
    });
    expect(await refusal(other.telegramId, payload)).toMatchObject({
      ok: false,
      code: 'STARS_INVOICE_NOT_FOUND',
    });
    expect(await refusal(gamer.telegramId, { ...payload, totalAmount: 44 })).toMatchObject({
      code: 'STARS_PRICE_CHANGED',
    });
    expect(await refusal(gamer.telegramId, { ...payload, currency: 'USD' })).toMatchObject({
      code: 'STARS_PRICE_CHANGED',
    });
    // The operator changes the pack's price after the invoice was made.
    const changed = await ctx.json(`/operator/stars/packs/${pack.sku}`, {
      method: 'PUT',
      headers: op,
      body: { kcash: 500, stars: 50 },
    });
    expect(changed.status).toBe(200);
    expect(await refusal(gamer.telegramId, payload)).toEqual({
      ok: false,
      code: 'STARS_PRICE_CHANGED',
      message: STARS_PRICE_CHANGED_MESSAGE,
    });
    await ctx.json(`/operator/stars/packs/${pack.sku}`, {
      method: 'PUT',
      headers: op,
      body: { kcash: 500, stars: 45, active: false },
    });
    expect(await refusal(gamer.telegramId, payload)).toMatchObject({ code: 'STARS_PRODUCT_NOT_FOUND' });

    const item = await newStarsItem(ctx, 1, 80);
    const itemInvoice = (await invoiceFor(ctx, gamer.auth, { product: 'store_item', itemId: item.id })).body
      .data;
    await ctx.deps.db.update(schema.storeItems).set({ stock: 0 }).where(eq(schema.storeItems.id, item.id));
    expect(
      await refusal(gamer.telegramId, { invoicePayload: itemInvoice.invoiceId, totalAmount: 80 }),
    ).toEqual({
      ok: false,
      code: 'STARS_SOLD_OUT',
      message: STARS_SOLD_OUT_MESSAGE,
    });
    const priced = await ctx.json(`/operator/stars/store-items/${item.id}/price`, {
      method: 'PUT',
      headers: op,
      body: { stars: null },
    });
    expect(priced.body.data).toMatchObject({ id: item.id, stars: null });
    expect(
      await refusal(gamer.telegramId, { invoicePayload: itemInvoice.invoiceId, totalAmount: 80 }),
    ).toMatchObject({
      code: 'STARS_PRODUCT_NOT_FOUND',
    });
  });

  it('a payment that is not the invoice’s amount is received and refunded, crediting nothing', async () => {
    const pack = await newPack(ctx, 500, 45);
    const gamer = await telegramGamer(ctx);
    const invoice = (await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: pack.id })).body.data;
    const res = await paid(ctx, gamer.telegramId, { invoicePayload: invoice.invoiceId, totalAmount: 40 });
    expect(res.body.data).toMatchObject({ outcome: 'refunded', refundReason: 'undeliverable' });
    expect((await balances(ctx.deps.db, gamer.user.id)).user_kcash_bought).toBe(0n);
    expect(telegram.refundCalls).toHaveLength(1);
    await booksBalance(ctx);
  });

  it('a sold-out refund Telegram could not make at once is made by the job, once', async () => {
    const item = await newStarsItem(ctx, 0, 50);
    await ctx.deps.db.update(schema.storeItems).set({ stock: 1 }).where(eq(schema.storeItems.id, item.id));
    const gamer = await telegramGamer(ctx);
    const invoice = (await invoiceFor(ctx, gamer.auth, { product: 'store_item', itemId: item.id })).body.data;
    await ctx.deps.db.update(schema.storeItems).set({ stock: 0 }).where(eq(schema.storeItems.id, item.id));
    // Telegram is down when the payment arrives.
    const down = telegram.telegram.refund;
    ctx.deps.starsTelegram = {
      ...telegram.telegram,
      refund: async () => {
        throw new Error('Telegram unreachable');
      },
    };
    const res = await paid(ctx, gamer.telegramId, { invoicePayload: invoice.invoiceId, totalAmount: 50 });
    expect(res.body.data).toMatchObject({
      outcome: 'credited',
      status: 'refund_due',
      refundReason: 'sold_out',
    });
    ctx.deps.starsTelegram = { ...telegram.telegram, refund: down };
    ctx.advance(61_000);
    await runDueJobs(ctx.deps, { limit: 100 });
    expect((await paymentRow(ctx, res.body.data.paymentId)).status).toBe('refunded');
    expect(telegram.refundCalls).toHaveLength(1);
    await runDueJobs(ctx.deps, { limit: 100 });
    expect(telegram.refundCalls).toHaveLength(1);
    await booksBalance(ctx);
  });

  it('the bot’s /buy gets a pack’s invoice for a linked Telegram account, paid like a link’s', async () => {
    const pack = await newPack(ctx, 100, 10);
    const gamer = await telegramGamer(ctx);
    const res = await ctx.json('/bot/stars/invoices', {
      method: 'POST',
      headers: await botAuth(ctx, gamer.telegramId),
      body: { packId: pack.id },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ title: '100 K-Cash', stars: 10, payload: res.body.data.invoiceId });
    const check = await preCheckout(ctx, gamer.telegramId, {
      invoicePayload: res.body.data.payload,
      totalAmount: 10,
    });
    expect(check.body.data).toEqual({ ok: true });
    const stranger = await ctx.json('/bot/stars/invoices', {
      method: 'POST',
      headers: await botAuth(ctx, 42_424_242),
      body: { packId: pack.id },
    });
    expect(stranger.status).toBe(403);
    const unknown = await ctx.json('/bot/stars/invoices', {
      method: 'POST',
      headers: await botAuth(ctx, gamer.telegramId),
      body: { packId: randomUUID() },
    });
    expect(unknown).toMatchObject({ status: 404, body: { message: STARS_PRODUCT_NOT_FOUND_MESSAGE } });
  });

  it('the sandbox payment sheet pays through pre-checkout and the payment, or is closed', async () => {
    const pack = await newPack(ctx, 100, 10);
    const gamer = await telegramGamer(ctx);
    const invoice = (await invoiceFor(ctx, gamer.auth, { product: 'kcash_pack', packId: pack.id })).body.data;
    const cancelled = await ctx.json(`/dev/stars/invoices/${invoice.invoiceId}/pay`, {
      method: 'POST',
      headers: gamer.auth,
      body: { outcome: 'cancelled' },
    });
    expect(cancelled.body.data).toEqual({ status: 'cancelled' });
    expect((await balances(ctx.deps.db, gamer.user.id)).user_kcash_bought).toBe(0n);
    const res = await ctx.json(`/dev/stars/invoices/${invoice.invoiceId}/pay`, {
      method: 'POST',
      headers: gamer.auth,
      body: { outcome: 'paid' },
    });
    expect(res.body.data).toEqual({ status: 'paid' });
    expect((await balances(ctx.deps.db, gamer.user.id)).user_kcash_bought).toBe(100_000n);
    const other = await telegramGamer(ctx);
    const notYours = await ctx.json(`/dev/stars/invoices/${invoice.invoiceId}/pay`, {
      method: 'POST',
      headers: other.auth,
      body: { outcome: 'paid' },
    });
    expect(notYours.status).toBe(404);
  });

  it('operators see the packs, the payments and the revenue: received, refunded, net, by product', async () => {
    const op = await operatorAuth(ctx);
    const from = ctx.now().toISOString();
    ctx.advance(1000);
    const pack = await newPack(ctx, 1000, 85);
    const [a, b] = [await telegramGamer(ctx), await telegramGamer(ctx)];
    const first = (await buyPack(a, pack)).body.data;
    await buyPack(b, pack);
    await ctx.json(`/operator/stars/payments/${first.paymentId}/refund`, { method: 'POST', headers: op });
    const packs = await ctx.json('/operator/stars/packs', { headers: op });
    expect(packs.body.data.packs.some((p: any) => p.sku === pack.sku && p.active)).toBe(true);
    const payments = await ctx.json('/operator/stars/payments?limit=5', { headers: op });
    expect(payments.body.data.payments.length).toBeGreaterThanOrEqual(2);
    const revenue = await ctx.json(`/operator/stars/revenue?from=${encodeURIComponent(from)}`, {
      headers: op,
    });
    expect(revenue.status).toBe(200);
    const line = revenue.body.data.byProduct.find((p: any) => p.productId === pack.id);
    expect(line).toMatchObject({ product: 'kcash_pack', payments: 2, received: 170, refunded: 85, net: 85 });
    expect(revenue.body.data.net).toBe(revenue.body.data.received - revenue.body.data.refunded);
    const unauth = await ctx.json('/operator/stars/revenue');
    expect(unauth.status).toBe(401);
  });
});
