import { randomUUID } from 'node:crypto';
import { TRANSACTION_NOT_FOUND_MESSAGE, transactionSchema } from '@khel/core/contract';
import { schema } from '@khel/db';
import { TRANSFER_KINDS } from '@khel/db/schema';
import { eq, inArray, or } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { buy, fundUser, newStoreItem } from '../store/store.test-support.ts';
import { kindsOfType, labelOf, TRANSACTION_TYPE_OF_KIND } from './transactions.ts';

describe('transaction labels and types', () => {
  it('every transfer kind has a type, an English label both ways and a stable labelKey', () => {
    for (const kind of TRANSFER_KINDS) {
      expect(TRANSACTION_TYPE_OF_KIND[kind]).toBeDefined();
      for (const direction of ['in', 'out'] as const) {
        const l = labelOf(kind, direction, 'KCASH', {});
        expect(l.label).not.toMatch(/^(Credit|Debit)$/);
        expect(l.labelKey).toMatch(/^transactions\.label\.[a-zA-Z]+\.(in|out)$/);
      }
    }
    expect(kindsOfType('shop')).toEqual(['store_purchase', 'store_refund']);
    expect(labelOf('store_purchase', 'out', 'KCASH', { itemName: 'BGMI 325 UC', quantity: '2' })).toEqual({
      label: 'Bought 2 × BGMI 325 UC in the K-Store',
      labelKey: 'transactions.label.storePurchase.out',
      labelParams: { currency: 'K-Cash', itemName: 'BGMI 325 UC', quantity: '2' },
    });
  });
});

describe.each(DB_KINDS)('transaction history on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A user with three grants and two purchases: a K-Cash one straddling bought and earned, and an rKHEL one. */
  async function userWithHistory() {
    const signed = await signedInUser(ctx);
    const { user, auth } = signed;
    await fundUser(ctx, user.id, 'user_kcash_bought', 1_000n);
    await fundUser(ctx, user.id, 'user_kcash_earned', 5_000n);
    await fundUser(ctx, user.id, 'user_rkhel', 3_000_000n);
    const item = await newStoreItem(ctx, {
      stock: 10,
      priceKcash: 1_500n,
      priceRkhel: 2_000_000n,
      name: 'Free Fire 310 Diamonds',
    });
    const kcash = await buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 2, currency: 'KCASH' });
    const rkhel = await buy(ctx, auth, randomUUID(), { itemId: item.id, quantity: 1, currency: 'RKHEL' });
    expect([kcash.status, rkhel.status]).toEqual([201, 201]);
    return { ...signed, kcashOrder: kcash.body.data, rkhelOrder: rkhel.body.data };
  }

  it('lists every ledger movement of the user, newest first, with labels and amounts as strings of minor units', async () => {
    const { user, auth, kcashOrder, rkhelOrder } = await userWithHistory();
    const res = await ctx.json('/transactions?limit=100', { headers: auth });
    expect(res.status).toBe(200);
    const { list, isLastCard } = res.body.data;
    expect(isLastCard).toBe(true);
    for (const line of list) expect(transactionSchema.safeParse(line).success).toBe(true);

    // Every transfer touching one of the user's accounts is there, once per side.
    const accounts = await ctx.deps.db
      .select({ id: schema.ledgerAccounts.id })
      .from(schema.ledgerAccounts)
      .where(eq(schema.ledgerAccounts.ownerUserId, user.id));
    const ids = accounts.map((a) => a.id);
    const transfers = await ctx.deps.db
      .select()
      .from(schema.ledgerTransfers)
      .where(
        or(
          inArray(schema.ledgerTransfers.debitAccountId, ids),
          inArray(schema.ledgerTransfers.creditAccountId, ids),
        ),
      );
    expect(list).toHaveLength(transfers.length);
    expect(list).toHaveLength(6);

    expect(
      list.map((l: any) => [l.type, l.direction, l.balance, l.amount.amount, l.balanceAfter.amount]),
    ).toEqual([
      ['shop', 'out', 'rkhel', '2000000', '1000000'],
      ['shop', 'out', 'kcashEarned', '2000', '3000'],
      ['shop', 'out', 'kcashBought', '1000', '0'],
      ['meta-txn', 'in', 'rkhel', '3000000', '3000000'],
      ['meta-txn', 'in', 'kcashEarned', '5000', '5000'],
      ['meta-txn', 'in', 'kcashBought', '1000', '1000'],
    ]);
    const [rkhelLine, earnedLine] = list;
    expect(rkhelLine).toMatchObject({
      kind: 'store_purchase',
      label: 'Bought Free Fire 310 Diamonds in the K-Store',
      labelKey: 'transactions.label.storePurchase.out',
      amount: { amount: '2000000', currency: 'RKHEL', decimals: 6 },
      reference: { orderId: rkhelOrder.id },
    });
    expect(earnedLine).toMatchObject({
      label: 'Bought 2 × Free Fire 310 Diamonds in the K-Store',
      amount: { amount: '2000', currency: 'KCASH', decimals: 3 },
      reference: { orderId: kcashOrder.id },
    });
    expect(list[5]).toMatchObject({
      kind: 'dev_grant',
      label: 'Test credit of K-Cash',
      labelKey: 'transactions.label.devGrant.in',
    });
  });

  it('filters by type: shop, meta-txn, and nothing yet for onramp and redeem', async () => {
    const { auth } = await userWithHistory();
    const shop = await ctx.json('/transactions?type=shop', { headers: auth });
    expect(shop.body.data.list.map((l: any) => l.kind)).toEqual([
      'store_purchase',
      'store_purchase',
      'store_purchase',
    ]);
    const meta = await ctx.json('/transactions?type=meta-txn', { headers: auth });
    expect(meta.body.data.list).toHaveLength(3);
    expect(meta.body.data.list.every((l: any) => l.type === 'meta-txn')).toBe(true);
    for (const type of ['onramp', 'redeem']) {
      const empty = await ctx.json(`/transactions?type=${type}`, { headers: auth });
      expect(empty.status).toBe(200);
      expect(empty.body.data).toEqual({
        list: [],
        page: 1,
        limit: 20,
        offset: 0,
        isLastCard: true,
        nextCursor: null,
      });
    }
  });

  it('paginates with page and limit: SPEC §7 isLastCard and offset, no line twice, none missing', async () => {
    const { auth } = await userWithHistory();
    const all = (await ctx.json('/transactions?limit=100', { headers: auth })).body.data.list as any[];
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await ctx.json(`/transactions?page=${page}&limit=2`, { headers: auth });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ page, limit: 2, offset: page * 2, isLastCard: page === 3 });
      seen.push(...res.body.data.list.map((l: any) => l.id));
    }
    expect(seen).toEqual(all.map((l) => l.id));
    const beyond = await ctx.json('/transactions?page=4&limit=2', { headers: auth });
    expect(beyond.body.data).toMatchObject({ list: [], isLastCard: true, offset: 6 });
  });

  it('pages by keyset cursor (before = the previous nextCursor): the same lines as by page, in order, with or without a type', async () => {
    const { auth } = await userWithHistory();
    for (const filter of ['', '&type=meta-txn']) {
      const all = (await ctx.json(`/transactions?limit=100${filter}`, { headers: auth })).body.data
        .list as any[];
      expect(all.length).toBeGreaterThan(2);
      const seen: string[] = [];
      let before: string | null = null;
      for (let i = 0; i < 10; i++) {
        const res: Awaited<ReturnType<typeof ctx.json>> = await ctx.json(
          `/transactions?limit=2${filter}${before ? `&before=${before}` : ''}`,
          { headers: auth },
        );
        expect(res.status).toBe(200);
        seen.push(...res.body.data.list.map((l: any) => l.id));
        before = res.body.data.nextCursor;
        expect(before === null).toBe(res.body.data.isLastCard);
        if (!before) break;
      }
      expect(seen).toEqual(all.map((l) => l.id));
    }
    expect((await ctx.json('/transactions?before=abc', { headers: auth })).status).toBe(400);
  });

  it('GET /transactions/:id returns that line, only to its owner', async () => {
    const { auth } = await userWithHistory();
    const [first] = (await ctx.json('/transactions', { headers: auth })).body.data.list as any[];
    const one = await ctx.json(`/transactions/${first.id}`, { headers: auth });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual(first);

    const other = await signedInUser(ctx);
    const hidden = await ctx.json(`/transactions/${first.id}`, { headers: other.auth });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(TRANSACTION_NOT_FOUND_MESSAGE);
    // The other side of a purchase is the store's account, not the user's.
    const otherSide = first.id.replace(/-out$/, '-in');
    expect((await ctx.json(`/transactions/${otherSide}`, { headers: auth })).status).toBe(404);
    expect((await ctx.json(`/transactions/${first.id}`)).status).toBe(401);
  });

  it('GET /transactions/:id with a malformed id is the 404 envelope (401 first when signed out)', async () => {
    const { auth } = await userWithHistory();
    const [first] = (await ctx.json('/transactions', { headers: auth })).body.data.list as any[];
    for (const id of [
      'abc',
      '0-in',
      '1-sideways',
      `${first.id}x`,
      `-${first.id}`,
      '12345678901234567890-in',
    ]) {
      const res = await ctx.json(`/transactions/${encodeURIComponent(id)}`, { headers: auth });
      expect(res.status, id).toBe(404);
      expect(res.body).toMatchObject({ success: false, message: TRANSACTION_NOT_FOUND_MESSAGE });
      expect((await ctx.json(`/transactions/${encodeURIComponent(id)}`)).status).toBe(401);
    }
  });

  it('a new user has an empty history', async () => {
    const { auth } = await signedInUser(ctx);
    const res = await ctx.json('/transactions', { headers: auth });
    expect(res.body.data).toEqual({
      list: [],
      page: 1,
      limit: 20,
      offset: 0,
      isLastCard: true,
      nextCursor: null,
    });
  });

  it('bad queries and ids are 4xx envelopes (fast-check)', async () => {
    const { auth } = await userWithHistory();
    const badQuery = fc.oneof(
      fc.record({
        type: fc.string().filter((s) => !['onramp', 'shop', 'meta-txn', 'redeem', ''].includes(s)),
      }),
      fc.record({ limit: fc.oneof(fc.integer({ max: 0 }), fc.integer({ min: 101 }), fc.constant('ten')) }),
      fc.record({
        page: fc.oneof(fc.integer({ max: 0 }), fc.double({ noInteger: true, min: 0.1, max: 50 })),
      }),
    );
    await fc.assert(
      fc.asyncProperty(badQuery, async (query) => {
        const qs = new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
        const res = await ctx.json(`/transactions?${qs}`, { headers: auth });
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
      }),
      { numRuns: 30 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ minLength: 1 }), fc.stringMatching(/^\d{1,25}-(in|out)$/)),
        async (id) => {
          const res = await ctx.json(`/transactions/${encodeURIComponent(id)}`, { headers: auth });
          expect([404, 200]).toContain(res.status);
          if (res.status === 200) expect(res.body.data.id).toBe(id);
        },
      ),
      { numRuns: 30 },
    );
  });
});
