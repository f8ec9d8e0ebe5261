import { balances } from '@khel/api/ledger';
import { signedInUser } from '@khel/api/modules/profile/profile.test-support.ts';
import { seedDemoStars } from '@khel/api/modules/stars/catalogue.ts';
import { createTestContext, type TestContext } from '@khel/api/test-support';
import {
  BOT_ALLOWED_UPDATES,
  type BotHandle,
  createKhelApi,
  type KhelApi,
  KhelApiUnavailableError,
  STARS_TEXTS,
  startBot,
} from '@khel/bot';
import { KHEL_CONTACT } from '@khel/core/contact';
import { seedStoreCatalogue } from '@khel/db';
import { starsPacks, storeItems } from '@khel/db/schema';
import {
  callbackQueryUpdate,
  commandUpdate,
  type FakeTelegram,
  inlineButtons,
  type TestUser,
  testUser,
} from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_URL } from '../fixtures/postgres-global-setup.ts';
import { waitUntil } from './clan-support.ts';
import { botAgainst, fakeTelegram, TOKEN } from './helpers.ts';

/**
 * Telegram Stars against the fake Bot API, the API in process on PostgreSQL with its TELEGRAM_API_ROOT on the same
 * fake (createInvoiceLink and refundStarPayment go there), and the bot polling it: a gamer pays an invoice link
 * (pre-checkout query answered within 10 s, then the successful payment booked), the same payment delivered twice
 * books once, a sold-out item is refused at pre-checkout, and a payment for an item sold out in between is refunded.
 */
let ctx: TestContext;
let fake: FakeTelegram;
let khelApi: KhelApi;
let handle: BotHandle;
let logger: Awaited<ReturnType<typeof botAgainst>>['logger'];
let nextTelegramId = 930_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

beforeAll(async () => {
  fake = await fakeTelegram({ limits: { perChat: 1_000 } });
  ctx = await createTestContext('postgres', process.env.TEST_DATABASE_URL || DEFAULT_ADMIN_URL, {
    TELEGRAM_BOT_TOKEN: TOKEN,
    TELEGRAM_API_ROOT: fake.apiRoot,
    BOT_ENABLED: 'false',
  });
  await seedStoreCatalogue(ctx.deps.db);
  await seedDemoStars(ctx.deps.db);
  khelApi = createKhelApi({
    baseUrl: 'http://khel.test',
    botToken: TOKEN,
    fetch: (url, init) => ctx.app.request(url, init),
    clock: () => ctx.now(),
  });
  let bot: Awaited<ReturnType<typeof botAgainst>>['bot'];
  ({ bot, logger } = await botAgainst(fake, { db: ctx.deps.db, khelApi }));
  handle = startBot(bot, { mode: 'polling', logger });
  await handle.ready;
}, 60_000);
afterAll(async () => {
  await handle?.stop();
  await ctx?.close();
  await fake?.close();
});

async function gamer(languageCode = 'en') {
  const telegramId = nextTelegramId++;
  const signed = await signedInUser(ctx, { telegramId: String(telegramId), languageCode });
  const user: TestUser = testUser(telegramId, { language_code: languageCode });
  return { ...signed, telegramId, tg: user };
}

async function invoiceLink(auth: Record<string, string>, body: unknown): Promise<string> {
  const res = await ctx.json('/stars/invoices', { method: 'POST', headers: auth, body });
  expect(res.status).toBe(201);
  expect(res.body.data.sandbox).toBe(false);
  return res.body.data.link;
}

const packBySku = async (sku: string) =>
  (await ctx.deps.db.select().from(starsPacks).where(eq(starsPacks.sku, sku)))[0]!;

describe('Telegram Stars through the bot', () => {
  it('asks Telegram for pre_checkout_query updates when it starts polling', async () => {
    const polls = await fake.waitForCalls('getUpdates');
    expect(polls[0]!.params.allowed_updates).toEqual([...BOT_ALLOWED_UPDATES]);
    expect(BOT_ALLOWED_UPDATES).toContain('pre_checkout_query');
  });

  it('a pack paid in Telegram: the invoice is Telegram’s, pre-checkout answered in time, K-Cash credited once', async () => {
    const pack = await packBySku('kcash-500');
    const g = await gamer();
    const link = await invoiceLink(g.auth, { product: 'kcash_pack', packId: pack.id });
    const invoice = fake.payments.invoices().find((i) => i.link === link)!;
    expect(invoice).toMatchObject({ title: '500 K-Cash', currency: 'XTR', amount: 45 });

    const result = await fake.payments.pay(link, g.tg);
    expect(result.status).toBe('paid');
    const answer = fake.payments.preCheckoutAnswers().at(-1)!;
    expect(answer.ok).toBe(true);
    await waitUntil(async () => (await balances(ctx.deps.db, g.user.id)).user_kcash_bought === 500_000n);

    // Telegram delivers the same successful payment again (a second bot process, a redelivery): booked once.
    fake.payments.redeliver(result.update!);
    await waitUntil(async () =>
      logger.info.mock.calls.some(
        ([message, details]) =>
          message === 'Stars payment booked' &&
          (details as { chargeId?: string; outcome?: string }).chargeId === result.chargeId &&
          (details as { outcome?: string }).outcome === 'duplicate',
      ),
    );
    expect((await balances(ctx.deps.db, g.user.id)).user_kcash_bought).toBe(500_000n);
  });

  it('pre-checkout of a sold-out item is refused with the message in the payer’s language', async () => {
    const [item] = await ctx.deps.db
      .select()
      .from(storeItems)
      .where(eq(storeItems.sku, 'voucher-swiggy-100'));
    const g = await gamer('hi');
    const link = await invoiceLink(g.auth, { product: 'store_item', itemId: item!.id });
    await ctx.deps.db.update(storeItems).set({ stock: 0 }).where(eq(storeItems.id, item!.id));
    try {
      const result = await fake.payments.pay(link, g.tg);
      expect(result).toEqual({ status: 'failed', errorMessage: STARS_TEXTS.hi.refusals.STARS_SOLD_OUT });
    } finally {
      await ctx.deps.db.update(storeItems).set({ stock: item!.stock }).where(eq(storeItems.id, item!.id));
    }
  });

  it('an item sold out between pre-checkout and payment is refunded through Telegram, once', async () => {
    const [item] = await ctx.deps.db
      .insert(storeItems)
      .values({
        sku: `stars-last-${nextTelegramId}`,
        name: 'Last One',
        category: 'voucher',
        priceKcash: 1_000n,
        priceStars: 30,
        stock: 1,
      })
      .returning();
    const [a, b] = [await gamer(), await gamer('pt-BR')];
    const linkA = await invoiceLink(a.auth, { product: 'store_item', itemId: item!.id });
    const linkB = await invoiceLink(b.auth, { product: 'store_item', itemId: item!.id });
    const [paidA, paidB] = await Promise.all([
      fake.payments.pay(linkA, a.tg),
      fake.payments.pay(linkB, b.tg),
    ]);
    expect([paidA.status, paidB.status]).toEqual(['paid', 'paid']);
    const refunded = await waitUntil(
      async () => fake.payments.refunds().length > 0 && fake.payments.refunds(),
    );
    expect(refunded).toHaveLength(1);
    expect([paidA.chargeId, paidB.chargeId]).toContain(refunded[0]);
    const [after] = await ctx.deps.db.select().from(storeItems).where(eq(storeItems.id, item!.id));
    expect(after!.stock).toBe(0);
  });

  it('the fake holds Telegram’s 10 s: a bot that answers late finds the query gone', async () => {
    let clock = 1_000_000;
    const slowFake = await fakeTelegram({ now: () => clock });
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // An API that has not answered: the bot's 8 s limit is the client's (tested below); here the fake's deadline.
    let asked = false;
    const stalled: KhelApi = {
      ...khelApi,
      starsPreCheckout: async () => {
        asked = true;
        await held;
        throw new KhelApiUnavailableError('timed out');
      },
    };
    const { bot } = await botAgainst(slowFake, { khelApi: stalled });
    const slow = startBot(bot, { mode: 'polling' });
    try {
      await slow.ready;
      const paying = slowFake.payments.pay({ payload: 'late', amount: 5 }, testUser(77));
      await slowFake.waitFor(() => asked);
      clock += 10_001;
      expect(await paying).toEqual({ status: 'cancelled', reason: 'timeout' });
      release();
      const [late] = await slowFake.waitForCalls('answerPreCheckoutQuery');
      await slowFake.waitFor(() => late!.status !== 0);
      expect(late!.status).toBe(400);
      expect(late!.params).toMatchObject({ ok: false, error_message: STARS_TEXTS.en.unavailable });
    } finally {
      await slow.stop();
      await slowFake.close();
    }
  });

  it('an API that cannot answer is an ok:false within the deadline, saying nothing was charged', async () => {
    const down: KhelApi = {
      ...khelApi,
      starsPreCheckout: async () => {
        throw new KhelApiUnavailableError('unreachable');
      },
    };
    const quick = await fakeTelegram();
    const { bot } = await botAgainst(quick, { khelApi: down });
    const running = startBot(bot, { mode: 'polling' });
    try {
      await running.ready;
      const result = await quick.payments.pay(
        { payload: 'x', amount: 5 },
        testUser(78, { language_code: 'pt-br' }),
      );
      expect(result).toEqual({ status: 'failed', errorMessage: STARS_TEXTS['pt-BR'].unavailable });
    } finally {
      await running.stop();
      await quick.close();
    }
  });

  it('/buy in the chat: the packs as buttons, the chosen one sent as an invoice in Stars, then paid', async () => {
    const g = await gamer('pt-br');
    fake.pushUpdate(commandUpdate({ from: g.tg, command: 'buy' }));
    const [menu] = await fake.waitForSent(1, g.telegramId);
    expect(menu!.text).toBe(STARS_TEXTS['pt-BR'].choosePack);
    const buttons = inlineButtons(menu);
    expect(buttons.map((b) => b.text)).toEqual([
      '100\u00a0K\u2011Cash · 10 ⭐',
      '500\u00a0K\u2011Cash · 45 ⭐',
      '1.000\u00a0K\u2011Cash · 85 ⭐',
      '5.000\u00a0K\u2011Cash · 400 ⭐',
    ]);
    const data = (buttons[0] as { callback_data: string }).callback_data;
    fake.pushUpdate(
      callbackQueryUpdate({
        from: g.tg,
        message: {
          message_id: menu!.messageId,
          date: 0,
          chat: { id: g.telegramId, type: 'private', first_name: 'P' },
        } as never,
        data,
      }),
    );
    const sent = await fake.waitFor(() => fake.payments.invoices().find((i) => i.chatId === g.telegramId));
    expect(sent).toMatchObject({ title: '100 K-Cash', currency: 'XTR', amount: 10, link: null });
    expect(await fake.payments.pay({ payload: sent.payload, amount: sent.amount }, g.tg)).toMatchObject({
      status: 'paid',
    });
    await waitUntil(async () => (await balances(ctx.deps.db, g.user.id)).user_kcash_bought === 100_000n);
  });

  it('/buy from a Telegram account with no Khel account says to open Khel first', async () => {
    const stranger = testUser(nextTelegramId++, { language_code: 'en' });
    fake.pushUpdate(commandUpdate({ from: stranger, command: 'buy' }));
    const [menu] = await fake.waitForSent(1, stranger.id);
    const data = (inlineButtons(menu)[0] as { callback_data: string }).callback_data;
    fake.pushUpdate(
      callbackQueryUpdate({
        from: stranger,
        message: {
          message_id: menu!.messageId,
          date: 0,
          chat: { id: stranger.id, type: 'private', first_name: 'P' },
        } as never,
        data,
      }),
    );
    const [, reply] = await fake.waitForSent(2, stranger.id);
    expect(reply!.text).toBe(STARS_TEXTS.en.notLinked);
  });

  it('/paysupport says where to write about a payment, in the user’s language', async () => {
    const hindi = testUser(nextTelegramId++, { language_code: 'hi' });
    const portuguese = testUser(nextTelegramId++, { language_code: 'pt-br' });
    fake.pushUpdate(commandUpdate({ from: hindi, command: 'paysupport' }));
    fake.pushUpdate(commandUpdate({ from: portuguese, command: 'paysupport' }));
    const [hi] = await fake.waitForSent(1, hindi.id);
    const [pt] = await fake.waitForSent(1, portuguese.id);
    expect(hi!.text).toBe(STARS_TEXTS.hi.paySupport(KHEL_CONTACT.support));
    expect(pt!.text).toBe(STARS_TEXTS['pt-BR'].paySupport(KHEL_CONTACT.support));
    expect(hi!.text).toContain('support@');
  });

  it('refundStarPayment refunds a charge once, then answers CHARGE_ALREADY_REFUNDED', async () => {
    const pack = await packBySku('kcash-100');
    const g = await gamer();
    const link = await invoiceLink(g.auth, { product: 'kcash_pack', packId: pack.id });
    const result = await fake.payments.pay(link, g.tg);
    await waitUntil(async () => (await balances(ctx.deps.db, g.user.id)).user_kcash_bought === 100_000n);
    const call = (chargeId: string) =>
      fetch(`${fake.apiRoot}/bot${TOKEN}/refundStarPayment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: g.telegramId, telegram_payment_charge_id: chargeId }),
      }).then((r) => r.json() as Promise<{ ok: boolean; description?: string }>);
    expect(await call(result.chargeId!)).toMatchObject({ ok: true });
    expect(await call(result.chargeId!)).toMatchObject({
      ok: false,
      description: 'Bad Request: CHARGE_ALREADY_REFUNDED',
    });
    expect(await call('stxUnknown')).toMatchObject({
      ok: false,
      description: 'Bad Request: CHARGE_NOT_FOUND',
    });
  });
});
