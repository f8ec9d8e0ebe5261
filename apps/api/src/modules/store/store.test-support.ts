import { randomUUID } from 'node:crypto';
import { schema } from '@khel/db';
import type { UserAccountKind } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import type { TestContext } from '../../test-support.ts';
import { balances, systemAccount, systemAccountBalance, transfer, userAccount } from '../ledger/ledger.ts';

/** Credits a user's balance from the treasury, the way a deposit or a grant does. */
export async function fundUser(ctx: TestContext, userId: string, kind: UserAccountKind, amount: bigint) {
  await ctx.deps.db.transaction((tx) =>
    transfer(tx, {
      idempotencyKey: `test-fund:${randomUUID()}`,
      debit: systemAccount('treasury'),
      credit: userAccount(userId, kind),
      amount,
      currency: schema.USER_ACCOUNT_CURRENCY[kind],
      kind: 'dev_grant',
    }),
  );
}

/** A store item of its own, so tests do not share stock. */
export async function newStoreItem(
  ctx: TestContext,
  fields: { stock: number; priceKcash?: bigint | null; priceRkhel?: bigint | null; name?: string },
) {
  const [row] = await ctx.deps.db
    .insert(schema.storeItems)
    .values({
      sku: `test-${randomUUID()}`,
      name: fields.name ?? 'Test Voucher',
      category: 'voucher',
      priceKcash: fields.priceKcash === undefined ? 1_500n : fields.priceKcash,
      priceRkhel: fields.priceRkhel === undefined ? 2_000_000n : fields.priceRkhel,
      stock: fields.stock,
    })
    .returning();
  return row!;
}

export async function stockOf(ctx: TestContext, itemId: string) {
  const [row] = await ctx.deps.db
    .select({ stock: schema.storeItems.stock })
    .from(schema.storeItems)
    .where(eq(schema.storeItems.id, itemId));
  return row!.stock;
}

export async function ordersOf(ctx: TestContext, userId: string) {
  return ctx.deps.db.select().from(schema.storeOrders).where(eq(schema.storeOrders.userId, userId));
}

export const storeRevenue = (ctx: TestContext, currency: schema.LedgerCurrency) =>
  systemAccountBalance(ctx.deps.db, 'store_revenue', currency);

export const balancesOf = (ctx: TestContext, userId: string) => balances(ctx.deps.db, userId);

/** POST /k-store/purchase as the user, with an Idempotency-Key unless `key` is null. */
export async function buy(ctx: TestContext, auth: Record<string, string>, key: string | null, body: unknown) {
  const res = await ctx.app.request('/k-store/purchase', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...auth,
      ...(key === null ? {} : { 'idempotency-key': key }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    replayed: res.headers.get('idempotent-replayed'),
    text,
    body: JSON.parse(text) as Awaited<ReturnType<TestContext['json']>>['body'],
  };
}
