import { randomUUID } from 'node:crypto';
import {
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  STORE_CURRENCY_NOT_ACCEPTED_MESSAGE,
  STORE_ITEM_NOT_FOUND_MESSAGE,
  STORE_ITEM_NOT_IN_REGION_MESSAGE,
  STORE_ORDER_NOT_FOUND_MESSAGE,
  STORE_OUT_OF_STOCK_MESSAGE,
} from '@khel/core/contract';
import { STORE_CATALOGUE, seedStoreCatalogue } from '@khel/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import {
  balancesOf,
  buy,
  fundUser,
  newStoreItem,
  ordersOf,
  stockOf,
  storeRevenue,
} from './store.test-support.ts';

const NOT_ENOUGH = 'Uh-oh! Not Enough K-Cash or rKHEL';
const REDEMPTION_CODE = /^KHEL(-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{4}){4}$/;

describe.each(DB_KINDS)('the K-Store on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedStoreCatalogue(ctx.deps.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('GET /k-store/items', () => {
    it('lists the seeded catalogue of gift cards, game currency and vouchers with prices in minor units and stock', async () => {
      const res = await ctx.json('/k-store/items');
      expect(res.status).toBe(200);
      const items = res.body.data.items as any[];
      for (const seeded of STORE_CATALOGUE) {
        const item = items.find((i) => i.sku === seeded.sku);
        expect(item).toMatchObject({
          name: seeded.name,
          category: seeded.category,
          stock: seeded.stock,
          inStock: true,
          prices: {
            kcash:
              seeded.priceKcash === null
                ? null
                : { amount: String(seeded.priceKcash), currency: 'KCASH', decimals: 3 },
            rkhel:
              seeded.priceRkhel === null
                ? null
                : { amount: String(seeded.priceRkhel), currency: 'RKHEL', decimals: 6 },
          },
        });
      }
      expect(new Set(items.map((i) => i.category))).toEqual(
        new Set(['gift_card', 'game_currency', 'voucher']),
      );
    });

    it('filters by category, and seeding twice adds nothing', async () => {
      expect((await seedStoreCatalogue(ctx.deps.db)).applied).toBe(false);
      const res = await ctx.json('/k-store/items?category=game_currency');
      expect(res.status).toBe(200);
      const items = res.body.data.items as any[];
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((i) => i.category === 'game_currency')).toBe(true);
      const all = (await ctx.json('/k-store/items')).body.data.items as any[];
      for (const seeded of STORE_CATALOGUE) expect(all.filter((i) => i.sku === seeded.sku)).toHaveLength(1);
      expect((await ctx.json('/k-store/items?category=cars')).status).toBe(400);
    });

    it("shows each country its region's items, with their texts in Hindi and Portuguese", async () => {
      const india = (await ctx.json('/k-store/items?country=IN')).body.data.items as any[];
      const brazil = (await ctx.json('/k-store/items?country=BR')).body.data.items as any[];
      expect(india.map((i) => i.sku)).toContain('gift-amazon-in-500');
      expect(india.map((i) => i.sku)).not.toContain('voucher-ifood-25');
      expect(brazil.map((i) => i.sku)).toContain('voucher-ifood-25');
      expect(brazil.map((i) => i.sku)).not.toContain('voucher-swiggy-100');
      expect(india.map((i) => i.sku)).toContain('game-free-fire-diamonds-310');
      expect(brazil.find((i) => i.sku === 'voucher-ifood-25')).toMatchObject({
        regions: ['BR'],
        translations: { 'pt-BR': { name: 'Vale iFood R$25' } },
      });
      // A request from no known place sees every item.
      expect(((await ctx.json('/k-store/items')).body.data.items as any[]).length).toBeGreaterThanOrEqual(6);
    });
  });

  describe('POST /k-store/purchase', () => {
    it("refuses an item not sold in the buyer's country, and moves nothing", async () => {
      const { user, auth } = await signedInUser(ctx, { country: 'IN' });
      await fundUser(ctx, user.id, 'user_kcash_bought', 50_000_000n);
      const items = (await ctx.json('/k-store/items')).body.data.items as any[];
      const ifood = items.find((i) => i.sku === 'voucher-ifood-25');
      const res = await buy(ctx, auth, randomUUID(), { itemId: ifood.id, quantity: 1, currency: 'RKHEL' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(STORE_ITEM_NOT_IN_REGION_MESSAGE);
      const swiggy = items.find((i) => i.sku === 'voucher-swiggy-100');
      expect(
        (await buy(ctx, auth, randomUUID(), { itemId: swiggy.id, quantity: 1, currency: 'KCASH' })).status,
      ).toBe(201);
      expect(await ordersOf(ctx, user.id)).toHaveLength(1);
      // A buyer whose country is not known (no profile country, a phone outside SPEC §9's countries) may buy it.
      const abroad = await signedInUser(ctx, { phoneNumber: '+14155550123' });
      await fundUser(ctx, abroad.user.id, 'user_rkhel', 50_000_000n);
      expect(
        (await buy(ctx, abroad.auth, randomUUID(), { itemId: ifood.id, quantity: 1, currency: 'RKHEL' }))
          .status,
      ).toBe(201);
    });

    it('spends bought K-Cash before earned, pays store_revenue, takes the stock and gives a receipt with a redemption code', async () => {
      const { user, auth } = await signedInUser(ctx);
      const item = await newStoreItem(ctx, { stock: 10, priceKcash: 1_500n });
      await fundUser(ctx, user.id, 'user_kcash_bought', 2_000n);
      await fundUser(ctx, user.id, 'user_kcash_earned', 5_000n);
      const revenueBefore = await storeRevenue(ctx, 'KCASH');

      const res = await buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 2, currency: 'KCASH' });
      expect(res.status).toBe(201);
      const order = res.body.data;
      expect(order).toMatchObject({
        status: 'completed',
        item: { id: item.id, name: 'Test Voucher', category: 'voucher' },
        quantity: 2,
        currency: 'KCASH',
        unitPrice: { amount: '1500', currency: 'KCASH', decimals: 3 },
        total: { amount: '3000', currency: 'KCASH', decimals: 3 },
        paid: {
          kcashBought: { amount: '2000', currency: 'KCASH', decimals: 3 },
          kcashEarned: { amount: '1000', currency: 'KCASH', decimals: 3 },
          rkhel: { amount: '0', currency: 'RKHEL', decimals: 6 },
        },
      });
      expect(order.redemptionCode).toMatch(REDEMPTION_CODE);

      const after = await balancesOf(ctx, user.id);
      expect(after.user_kcash_bought).toBe(0n);
      expect(after.user_kcash_earned).toBe(4_000n);
      expect(await storeRevenue(ctx, 'KCASH')).toBe(revenueBefore + 3_000n);
      expect(await stockOf(ctx, item.id)).toBe(8);

      const receipt = await ctx.json(`/k-store/orders/${order.id}`, { headers: auth });
      expect(receipt.status).toBe(200);
      expect(receipt.body.data).toEqual(order);

      // Another user cannot see it; a malformed id is simply not found.
      const other = await signedInUser(ctx);
      const hidden = await ctx.json(`/k-store/orders/${order.id}`, { headers: other.auth });
      expect(hidden.status).toBe(404);
      expect(hidden.body.message).toBe(STORE_ORDER_NOT_FOUND_MESSAGE);
      expect((await ctx.json('/k-store/orders/not-a-uuid', { headers: auth })).status).toBe(404);
      expect((await ctx.json(`/k-store/orders/${order.id}`)).status).toBe(401);
      expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
    });

    it('pays with rKHEL; an item without an rKHEL price refuses rKHEL and changes nothing', async () => {
      const { user, auth } = await signedInUser(ctx);
      const item = await newStoreItem(ctx, { stock: 3, priceRkhel: 2_500_000n });
      await fundUser(ctx, user.id, 'user_rkhel', 6_000_000n);
      const res = await buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 2, currency: 'RKHEL' });
      expect(res.status).toBe(201);
      expect(res.body.data.paid.rkhel).toEqual({ amount: '5000000', currency: 'RKHEL', decimals: 6 });
      expect((await balancesOf(ctx, user.id)).user_rkhel).toBe(1_000_000n);
      expect(await stockOf(ctx, item.id)).toBe(1);

      const kcashOnly = await newStoreItem(ctx, { stock: 3, priceRkhel: null });
      const refused = await buy(ctx, auth, randomUUID(), {
        itemId: kcashOnly.id,
        quantity: 1,
        currency: 'RKHEL',
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe(STORE_CURRENCY_NOT_ACCEPTED_MESSAGE);
      expect(await stockOf(ctx, kcashOnly.id)).toBe(3);
      expect((await balancesOf(ctx, user.id)).user_rkhel).toBe(1_000_000n);
      expect(await ordersOf(ctx, user.id)).toHaveLength(1);
    });

    it.each(['KCASH', 'RKHEL'] as const)(
      "short of %s: 409 'Uh-oh! Not Enough K-Cash or rKHEL', no stock taken, no order, nothing paid",
      async (currency) => {
        const { user, auth } = await signedInUser(ctx);
        const item = await newStoreItem(ctx, { stock: 4, priceKcash: 1_500n, priceRkhel: 2_000_000n });
        await fundUser(ctx, user.id, 'user_kcash_bought', 1_000n);
        await fundUser(ctx, user.id, 'user_kcash_earned', 499n);
        await fundUser(ctx, user.id, 'user_rkhel', 1_999_999n);
        const res = await buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 1, currency });
        expect(res.status).toBe(409);
        expect(res.body.message).toBe(NOT_ENOUGH);
        // Screens act on the code, not on the text.
        expect(res.body.data).toMatchObject({ code: 'INSUFFICIENT_FUNDS', currency });
        expect(await stockOf(ctx, item.id)).toBe(4);
        expect(await ordersOf(ctx, user.id)).toHaveLength(0);
        const after = await balancesOf(ctx, user.id);
        expect([after.user_kcash_bought, after.user_kcash_earned, after.user_rkhel]).toEqual([
          1_000n,
          499n,
          1_999_999n,
        ]);
      },
    );

    it('an unknown, inactive or sold-out item is refused', async () => {
      const { user, auth } = await signedInUser(ctx);
      await fundUser(ctx, user.id, 'user_kcash_bought', 100_000n);
      const missing = await buy(ctx, auth, randomUUID(), {
        itemId: randomUUID(),
        quantity: 1,
        currency: 'KCASH',
      });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(STORE_ITEM_NOT_FOUND_MESSAGE);
      const item = await newStoreItem(ctx, { stock: 2 });
      const tooMany = await buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 3, currency: 'KCASH' });
      expect(tooMany.status).toBe(409);
      expect(tooMany.body.message).toBe(STORE_OUT_OF_STOCK_MESSAGE);
      expect(await stockOf(ctx, item.id)).toBe(2);
      expect((await balancesOf(ctx, user.id)).user_kcash_bought).toBe(100_000n);
    });

    it('30 concurrent purchases of an item with stock 5: exactly 5 orders, stock 0, balances right, ledger verified', async () => {
      const buyers = await Promise.all([signedInUser(ctx), signedInUser(ctx), signedInUser(ctx)]);
      const price = 1_500n;
      for (const b of buyers) await fundUser(ctx, b.user.id, 'user_kcash_bought', 10n * price);
      const item = await newStoreItem(ctx, { stock: 5, priceKcash: price });
      const revenueBefore = await storeRevenue(ctx, 'KCASH');

      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          buy(ctx, buyers[i % 3]!.auth, randomUUID(), { itemId: item.id, quantity: 1, currency: 'KCASH' }),
        ),
      );
      const ok = results.filter((r) => r.status === 201);
      expect(ok).toHaveLength(5);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(STORE_OUT_OF_STOCK_MESSAGE);
      }
      expect(await stockOf(ctx, item.id)).toBe(0);
      let orders = 0;
      for (const b of buyers) {
        const mine = (await ordersOf(ctx, b.user.id)).filter((o) => o.itemId === item.id);
        orders += mine.length;
        expect((await balancesOf(ctx, b.user.id)).user_kcash_bought).toBe(
          10n * price - BigInt(mine.length) * price,
        );
      }
      expect(orders).toBe(5);
      expect(await storeRevenue(ctx, 'KCASH')).toBe(revenueBefore + 5n * price);
      expect(new Set(ok.map((r) => r.body.data.redemptionCode)).size).toBe(5);
      expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
    });

    it('20 concurrent purchases against a balance that covers 7: exactly 7 succeed and no balance goes negative', async () => {
      const { user, auth } = await signedInUser(ctx);
      const price = 1_500n;
      // 4 purchases' worth bought, 3 earned plus a remainder: later purchases straddle both balances.
      await fundUser(ctx, user.id, 'user_kcash_bought', 4n * price);
      await fundUser(ctx, user.id, 'user_kcash_earned', 3n * price + 700n);
      const item = await newStoreItem(ctx, { stock: 100, priceKcash: price });

      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 1, currency: 'KCASH' }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(7);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect(r.status).toBe(409);
        expect(r.body.message).toBe(NOT_ENOUGH);
      }
      const after = await balancesOf(ctx, user.id);
      expect(after.user_kcash_bought).toBe(0n);
      expect(after.user_kcash_earned).toBe(700n);
      expect(await stockOf(ctx, item.id)).toBe(93);
      expect(await ordersOf(ctx, user.id)).toHaveLength(7);
      expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
    });

    it('50 parallel purchases (distinct Idempotency-Keys) against a K-Cash balance that covers exactly 7: 7 × 201, 43 × 409, balance − 7 × price, ledger clean', async () => {
      const { user, auth } = await signedInUser(ctx);
      const price = 2_345n;
      // price × 7 ≤ balance < price × 8, with ample stock: only the balance limits the purchases.
      const balance = 7n * price + price - 1n;
      await fundUser(ctx, user.id, 'user_kcash_bought', balance);
      const item = await newStoreItem(ctx, { stock: 1_000, priceKcash: price });
      const revenueBefore = await storeRevenue(ctx, 'KCASH');

      const keys = Array.from({ length: 50 }, () => randomUUID());
      const results = await Promise.all(
        keys.map((key) => buy(ctx, auth, key, { itemId: item.id, quantity: 1, currency: 'KCASH' })),
      );
      const ok = results.filter((r) => r.status === 201);
      const refused = results.filter((r) => r.status !== 201);
      expect(ok).toHaveLength(7);
      expect(refused).toHaveLength(43);
      for (const r of refused) {
        expect(r.status).toBe(409);
        expect(r.body).toMatchObject({ success: false, status: 409, message: NOT_ENOUGH });
      }
      expect(new Set(ok.map((r) => r.body.data.id)).size).toBe(7);
      const after = await balancesOf(ctx, user.id);
      expect(after.user_kcash_bought).toBe(balance - 7n * price);
      expect(after.user_kcash_earned).toBe(0n);
      expect(await stockOf(ctx, item.id)).toBe(1_000 - 7);
      expect(await ordersOf(ctx, user.id)).toHaveLength(7);
      expect(await storeRevenue(ctx, 'KCASH')).toBe(revenueBefore + 7n * price);
      const report = await verifyLedger(ctx.deps.db);
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);

      // Retrying all 50: the 7 purchases replay their stored receipts; a 409 is a passing state, not
      // stored, so those run again and are refused again. Nothing more is bought.
      const retried = await Promise.all(
        keys.map((key) => buy(ctx, auth, key, { itemId: item.id, quantity: 1, currency: 'KCASH' })),
      );
      expect(retried.map((r) => r.status)).toEqual(results.map((r) => r.status));
      for (const [i, r] of retried.entries()) {
        if (r.status === 201) {
          expect(r.replayed).toBe('true');
          expect(r.text).toBe(results[i]!.text);
        } else expect(r.body.message).toBe(NOT_ENOUGH);
      }
      expect((await balancesOf(ctx, user.id)).user_kcash_bought).toBe(balance - 7n * price);
      expect(await ordersOf(ctx, user.id)).toHaveLength(7);
    });

    it('the same Idempotency-Key twice makes one order and replays the first answer; another body under it is a 422', async () => {
      const { user, auth } = await signedInUser(ctx);
      await fundUser(ctx, user.id, 'user_kcash_bought', 10_000n);
      const item = await newStoreItem(ctx, { stock: 5 });
      const key = randomUUID();
      const body = { itemId: item.id, quantity: 1, currency: 'KCASH' };
      const first = await buy(ctx, auth, key, body);
      const again = await buy(ctx, auth, key, body);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.replayed).toBe('true');
      expect(again.text).toBe(first.text);
      const other = await buy(ctx, auth, key, { ...body, quantity: 2 });
      expect(other.status).toBe(422);
      expect(other.body.message).toBe(IDEMPOTENCY_KEY_REUSED_MESSAGE);
      expect(await ordersOf(ctx, user.id)).toHaveLength(1);
      expect(await stockOf(ctx, item.id)).toBe(4);
      expect((await balancesOf(ctx, user.id)).user_kcash_bought).toBe(8_500n);

      const concurrentKey = randomUUID();
      const raced = await Promise.all(Array.from({ length: 5 }, () => buy(ctx, auth, concurrentKey, body)));
      for (const r of raced) expect([201, 409]).toContain(r.status);
      expect(await ordersOf(ctx, user.id)).toHaveLength(2);
      expect(await stockOf(ctx, item.id)).toBe(3);
    });

    it('needs a sign-in and an Idempotency-Key', async () => {
      const { auth } = await signedInUser(ctx);
      const item = await newStoreItem(ctx, { stock: 5 });
      const body = { itemId: item.id, quantity: 1, currency: 'KCASH' };
      expect((await buy(ctx, {}, randomUUID(), body)).status).toBe(401);
      const noKey = await buy(ctx, auth, null, body);
      expect(noKey.status).toBe(400);
      expect(noKey.body.message).toBe(IDEMPOTENCY_KEY_REQUIRED_MESSAGE);
      expect(await stockOf(ctx, item.id)).toBe(5);
    });

    it('bad input is a 4xx envelope that changes nothing (fast-check)', async () => {
      const { user, auth } = await signedInUser(ctx);
      await fundUser(ctx, user.id, 'user_kcash_bought', 1_000_000n);
      await fundUser(ctx, user.id, 'user_rkhel', 1_000_000_000n);
      const item = await newStoreItem(ctx, { stock: 50, priceRkhel: null });
      const before = await balancesOf(ctx, user.id);
      const badQuantity = fc.oneof(
        fc.integer({ max: 0 }),
        fc.integer({ min: 11 }),
        fc.double({ noInteger: true }),
        fc.string(),
        fc.constant(null),
      );
      const badCurrency = fc.oneof(
        fc.constantFrom('USDT', 'KPOINTS', 'kcash', '', 'INR'),
        fc.string(),
        fc.integer(),
      );
      const badBody = fc.oneof(
        fc.anything(),
        fc.record({ itemId: fc.constant(item.id), quantity: badQuantity, currency: fc.constant('KCASH') }),
        fc.record({
          itemId: fc.constant(item.id),
          quantity: fc.integer({ min: 1, max: 10 }),
          currency: badCurrency,
        }),
        fc.record({
          itemId: fc.oneof(fc.string(), fc.uuid()),
          quantity: fc.constant(1),
          currency: fc.constant('KCASH'),
        }),
        // rKHEL is not accepted for this item
        fc.record({
          itemId: fc.constant(item.id),
          quantity: fc.integer({ min: 1, max: 10 }),
          currency: fc.constant('RKHEL'),
        }),
        fc.record({
          itemId: fc.constant(item.id),
          quantity: fc.constant(1),
          currency: fc.constant('KCASH'),
          // JSON drops undefined, which would make the body valid.
          extra: fc.anything().filter((v) => v !== undefined),
        }),
        fc.string().map((s) => `{${s}`),
      );
      await fc.assert(
        fc.asyncProperty(badBody, async (body) => {
          const res = await buy(ctx, auth, randomUUID(), body === undefined ? '' : body);
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(res.body.success).toBe(false);
          expect(typeof res.body.message).toBe('string');
        }),
        { numRuns: 40 },
      );
      expect(await stockOf(ctx, item.id)).toBe(50);
      expect(await ordersOf(ctx, user.id)).toHaveLength(0);
      expect(await balancesOf(ctx, user.id)).toEqual(before);
    });
  });
});
