import { randomInt, randomUUID } from 'node:crypto';
import {
  money,
  STORE_CURRENCY_NOT_ACCEPTED_MESSAGE,
  STORE_ITEM_NOT_FOUND_MESSAGE,
  STORE_ITEM_NOT_IN_REGION_MESSAGE,
  STORE_ORDER_NOT_FOUND_MESSAGE,
  STORE_OUT_OF_STOCK_MESSAGE,
  type StoreItem,
  type StoreItemCategory,
  type StoreOrder,
  type StorePayCurrency,
  UUID_PATTERN,
} from '@khel/core/contract';
import { DIAL_CODES } from '@khel/core/validation';
import type { Executor, Transaction } from '@khel/db';
import { type StoreItemRow, type StoreOrderRow, storeItems, storeOrders } from '@khel/db/schema';
import { and, asc, eq, gte, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';
import { ensureUserAccounts, spendKcash, systemAccount, transfer, userAccount } from '../ledger/index.ts';

/** Crockford-style alphabet without 0/O, 1/I/L, U: nothing a user can misread when typing a code. */
const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A redemption code like `KHEL-7QX2-M9TB-4HZR-WK3D` (80 bits from the CSPRNG). */
export function generateRedemptionCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(''),
  );
  return `KHEL-${groups.join('-')}`;
}

export function toStoreItem(row: StoreItemRow): StoreItem {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    description: row.description,
    category: row.category,
    prices: {
      kcash: row.priceKcash === null ? null : money(row.priceKcash, 'KCASH'),
      rkhel: row.priceRkhel === null ? null : money(row.priceRkhel, 'RKHEL'),
      stars: row.priceStars,
    },
    stock: row.stock,
    inStock: row.stock > 0,
    regions: row.regions,
    translations: row.translations,
  };
}

/** Sold where `country` is (ISO code); items with no regions are sold everywhere. An unknown country sees all. */
const soldIn = (country: string | null) =>
  country
    ? sql`(cardinality(${storeItems.regions}) = 0 or ${country.toUpperCase()} = any(${storeItems.regions}))`
    : undefined;

/**
 * The country a user shops in: the profile's, else the phone's calling code (+91 India, +55 Brazil,
 * +977 Nepal, +880 Bangladesh: SPEC §9 DIAL_CODES), else unknown (null: every item is shown and sold).
 */
export function shoppingCountryOf(user: {
  country: string | null;
  phoneNumber: string | null;
}): string | null {
  if (user.country && /^[A-Za-z]{2}$/.test(user.country)) return user.country.toUpperCase();
  const dial = Object.entries(DIAL_CODES).find(([, code]) => user.phoneNumber?.startsWith(code));
  return dial?.[0] ?? null;
}

export async function listStoreItems(
  db: Executor,
  category?: StoreItemCategory,
  country: string | null = null,
): Promise<StoreItem[]> {
  const t = storeItems;
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.active, true), category ? eq(t.category, category) : undefined, soldIn(country)))
    .orderBy(asc(t.sortOrder), asc(t.name));
  return rows.map(toStoreItem);
}

export function toStoreOrder(
  order: StoreOrderRow,
  item: Pick<StoreItemRow, 'id' | 'name' | 'category'>,
): StoreOrder {
  return {
    id: order.id,
    status: order.status,
    item: { id: item.id, name: item.name, category: item.category },
    quantity: order.quantity,
    currency: order.currency,
    rail: order.rail,
    unitPrice: money(order.unitPrice, order.currency),
    total: money(order.total, order.currency),
    paid: {
      kcashBought: money(order.paidKcashBought, 'KCASH'),
      kcashEarned: money(order.paidKcashEarned, 'KCASH'),
      rkhel: money(order.paidRkhel, 'RKHEL'),
      stars: money(order.paidStars, 'XTR'),
    },
    redemptionCode: order.redemptionCode,
    createdAt: order.createdAt.toISOString(),
  };
}

export interface PurchaseInput {
  userId: string;
  /** From mountIdempotent: the same for every attempt of one purchase; the ledger keys derive from it. */
  operationId: string;
  itemId: string;
  quantity: number;
  currency: StorePayCurrency;
  /** The buyer's country (shoppingCountryOf): an item sold only elsewhere is refused; null: unknown, not refused. */
  country?: string | null;
}

/**
 * One purchase, all in the caller's transaction: take the stock with a conditional UPDATE (the row
 * lock queues concurrent buyers of the item, and `stock >= q` is re-checked after the wait, so it is
 * never oversold), pay store_revenue through the ledger (K-Cash bought before earned), write the
 * order. Any failure (out of stock, not enough money) throws and rolls all of it back.
 */
export async function purchaseItem(tx: Transaction, input: PurchaseInput): Promise<StoreOrder> {
  const { userId, operationId, quantity, currency } = input;
  if (!UUID_PATTERN.test(input.itemId)) throw new AppError(404, STORE_ITEM_NOT_FOUND_MESSAGE);
  // Accounts first, before any lock is taken (see ensureUserAccounts).
  await ensureUserAccounts(tx, userId);

  const t = storeItems;
  const [item] = await tx
    .select()
    .from(t)
    .where(and(eq(t.id, input.itemId), eq(t.active, true)));
  if (!item) throw new AppError(404, STORE_ITEM_NOT_FOUND_MESSAGE);
  // Refused only where the buyer's country is known and the item is not sold there (an unknown place sees every item).
  if (input.country && item.regions.length > 0 && !item.regions.includes(input.country))
    throw new AppError(400, STORE_ITEM_NOT_IN_REGION_MESSAGE);
  const unitPrice = currency === 'KCASH' ? item.priceKcash : item.priceRkhel;
  if (unitPrice === null) throw new AppError(400, STORE_CURRENCY_NOT_ACCEPTED_MESSAGE);
  const total = unitPrice * BigInt(quantity);

  const taken = await tx
    .update(t)
    .set({ stock: sql`${t.stock} - ${quantity}` })
    .where(and(eq(t.id, item.id), eq(t.active, true), gte(t.stock, quantity)))
    .returning({ stock: t.stock });
  if (taken.length === 0) throw new AppError(409, STORE_OUT_OF_STOCK_MESSAGE);

  const orderId = randomUUID();
  const metadata = { orderId, itemId: item.id, itemName: item.name, quantity: String(quantity) };
  const paid = { kcashBought: 0n, kcashEarned: 0n, rkhel: 0n };
  if (currency === 'KCASH') {
    const spent = await spendKcash(tx, {
      idempotencyKey: `store_purchase:${operationId}`,
      userId,
      amount: total,
      credit: systemAccount('store_revenue'),
      kind: 'store_purchase',
      metadata,
    });
    paid.kcashBought = spent.fromBought;
    paid.kcashEarned = spent.fromEarned;
  } else {
    await transfer(tx, {
      idempotencyKey: `store_purchase:${operationId}:rkhel`,
      debit: userAccount(userId, 'user_rkhel'),
      credit: systemAccount('store_revenue'),
      amount: total,
      currency: 'RKHEL',
      kind: 'store_purchase',
      metadata,
    });
    paid.rkhel = total;
  }

  const [order] = await tx
    .insert(storeOrders)
    .values({
      id: orderId,
      userId,
      itemId: item.id,
      operationId,
      quantity,
      currency,
      unitPrice,
      total,
      paidKcashBought: paid.kcashBought,
      paidKcashEarned: paid.kcashEarned,
      paidRkhel: paid.rkhel,
      status: 'completed',
      redemptionCode: generateRedemptionCode(),
    })
    .returning();
  return toStoreOrder(order!, item);
}

/** The signed-in user's order; another user's order is "not found", never "forbidden". */
export async function getStoreOrder(db: Executor, userId: string, orderId: string): Promise<StoreOrder> {
  if (!UUID_PATTERN.test(orderId)) throw new AppError(404, STORE_ORDER_NOT_FOUND_MESSAGE);
  const [row] = await db
    .select({
      order: storeOrders,
      item: { id: storeItems.id, name: storeItems.name, category: storeItems.category },
    })
    .from(storeOrders)
    .innerJoin(storeItems, eq(storeItems.id, storeOrders.itemId))
    .where(and(eq(storeOrders.id, orderId), eq(storeOrders.userId, userId)));
  if (!row) throw new AppError(404, STORE_ORDER_NOT_FOUND_MESSAGE);
  return toStoreOrder(row.order, row.item);
}

/**
 * A K-Store item paid with Telegram Stars (the stars module), in the payment's transaction: one unit's
 * stock taken with the same conditional UPDATE as purchaseItem (never oversold), and the order written
 * with the `stars` rail; no K-Cash moves (the Stars are booked by the stars module). Null when the item
 * is sold out or no longer sold: the caller refunds the payment.
 */
export async function deliverStarsOrder(
  tx: Transaction,
  input: { userId: string; itemId: string; operationId: string; stars: number },
): Promise<StoreOrder | null> {
  const t = storeItems;
  const taken = await tx
    .update(t)
    .set({ stock: sql`${t.stock} - 1` })
    .where(and(eq(t.id, input.itemId), eq(t.active, true), gte(t.stock, 1)))
    .returning({ id: t.id, name: t.name, category: t.category });
  const item = taken[0];
  if (!item) return null;
  const stars = BigInt(input.stars);
  const [order] = await tx
    .insert(storeOrders)
    .values({
      id: randomUUID(),
      userId: input.userId,
      itemId: item.id,
      operationId: input.operationId,
      quantity: 1,
      currency: 'XTR',
      rail: 'stars',
      unitPrice: stars,
      total: stars,
      paidKcashBought: 0n,
      paidKcashEarned: 0n,
      paidRkhel: 0n,
      paidStars: stars,
      status: 'completed',
      redemptionCode: generateRedemptionCode(),
    })
    .returning();
  return toStoreOrder(order!, item);
}

/** Marks a Stars order refunded (the stars module's refund); its stock is not put back (the code was shown). */
export async function markStoreOrderRefunded(tx: Transaction, orderId: string): Promise<void> {
  await tx.update(storeOrders).set({ status: 'refunded' }).where(eq(storeOrders.id, orderId));
}

/** An order by id, whoever owns it (the stars module's receipts; the caller checks the owner). */
export async function storeOrderById(db: Executor, orderId: string): Promise<StoreOrder | null> {
  const [row] = await db
    .select({
      order: storeOrders,
      item: { id: storeItems.id, name: storeItems.name, category: storeItems.category },
    })
    .from(storeOrders)
    .innerJoin(storeItems, eq(storeItems.id, storeOrders.itemId))
    .where(eq(storeOrders.id, orderId));
  return row ? toStoreOrder(row.order, row.item) : null;
}
