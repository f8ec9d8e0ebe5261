import {
  STORE_ITEM_CATEGORIES,
  STORE_ORDER_CURRENCIES,
  STORE_ORDER_RAILS,
  STORE_ORDER_STATUSES,
  type STORE_PAY_CURRENCIES,
} from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * The K-Store (SPEC §1): a catalogue of items with stock, bought with K-Cash or rKHEL. Stock is taken
 * with a conditional UPDATE (`stock = stock - q WHERE stock >= q`) in the same transaction as the
 * ledger payment and the order row, and a CHECK keeps it ≥ 0, so it is never oversold.
 */

export type StoreItemCategory = (typeof STORE_ITEM_CATEGORIES)[number];
/** Currencies the store accepts from balances (ledger currency codes). */
export type StoreCurrency = (typeof STORE_PAY_CURRENCIES)[number];
export type StoreOrderStatus = (typeof STORE_ORDER_STATUSES)[number];

export const storeItems = pgTable(
  'store_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable catalogue code; the seed is keyed on it. */
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category', { enum: STORE_ITEM_CATEGORIES }).notNull(),
    /** Unit prices in minor units; null when the item cannot be bought with that currency. */
    priceKcash: bigint('price_kcash', { mode: 'bigint' }),
    priceRkhel: bigint('price_rkhel', { mode: 'bigint' }),
    /** Price in whole Telegram Stars, set by operators; null: not sold for Stars (the stars module). */
    priceStars: integer('price_stars'),
    stock: integer('stock').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    /** ISO country codes it is sold in; empty: everywhere. */
    regions: text('regions').array().notNull().default(sql`'{}'::text[]`),
    /** Texts in other languages (contract `translationsSchema`); English is in the fields themselves. */
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('store_items_stock_nonnegative', sql`${t.stock} >= 0`),
    check('store_items_price_kcash_positive', sql`${t.priceKcash} is null or ${t.priceKcash} > 0`),
    check('store_items_price_rkhel_positive', sql`${t.priceRkhel} is null or ${t.priceRkhel} > 0`),
    check('store_items_price_stars_positive', sql`${t.priceStars} is null or ${t.priceStars} > 0`),
    check('store_items_has_price', sql`${t.priceKcash} is not null or ${t.priceRkhel} is not null`),
    check('store_items_category_check', sql`${t.category} in (${sqlList(STORE_ITEM_CATEGORIES)})`),
  ],
);

/** One purchase: the receipt shown on /purchase-confirmation. */
export const storeOrders = pgTable(
  'store_orders',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    itemId: uuid('item_id')
      .notNull()
      .references(() => storeItems.id),
    /** The Idempotency-Key operation that made it: one order per operation. */
    operationId: uuid('operation_id').notNull(),
    quantity: integer('quantity').notNull(),
    currency: text('currency', { enum: STORE_ORDER_CURRENCIES }).notNull(),
    /** 'stars': paid with Telegram Stars (its stars_payments row); no K-Cash moved. */
    rail: text('rail', { enum: STORE_ORDER_RAILS }).notNull().default('balance'),
    unitPrice: bigint('unit_price', { mode: 'bigint' }).notNull(),
    total: bigint('total', { mode: 'bigint' }).notNull(),
    /** How a K-Cash total was paid: bought first, then earned. Zero for rKHEL orders. */
    paidKcashBought: bigint('paid_kcash_bought', { mode: 'bigint' }).notNull(),
    paidKcashEarned: bigint('paid_kcash_earned', { mode: 'bigint' }).notNull(),
    paidRkhel: bigint('paid_rkhel', { mode: 'bigint' }).notNull(),
    /** Whole Stars of a Stars order; zero otherwise. */
    paidStars: bigint('paid_stars', { mode: 'bigint' }).notNull().default(sql`0`),
    status: text('status', { enum: STORE_ORDER_STATUSES }).notNull(),
    /** The code the user redeems (CSPRNG); only shown to its owner. */
    redemptionCode: text('redemption_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('store_orders_operation_key').on(t.operationId),
    unique('store_orders_redemption_code_key').on(t.redemptionCode),
    check('store_orders_quantity_positive', sql`${t.quantity} > 0`),
    check('store_orders_total', sql`${t.total} = ${t.unitPrice} * ${t.quantity}`),
    check(
      'store_orders_paid_sum',
      sql`${t.paidKcashBought} + ${t.paidKcashEarned} + ${t.paidRkhel} + ${t.paidStars} = ${t.total}`,
    ),
    check('store_orders_rail_check', sql`${t.rail} in (${sqlList(STORE_ORDER_RAILS)})`),
    check(
      'store_orders_rail_currency',
      sql`(${t.rail} = 'stars') = (${t.currency} = 'XTR') and (${t.rail} = 'stars' or ${t.paidStars} = 0)`,
    ),
    check('store_orders_status_check', sql`${t.status} in (${sqlList(STORE_ORDER_STATUSES)})`),
    index('store_orders_user_idx').on(t.userId, t.createdAt),
  ],
);

export type StoreItemRow = typeof storeItems.$inferSelect;
export type StoreOrderRow = typeof storeOrders.$inferSelect;
