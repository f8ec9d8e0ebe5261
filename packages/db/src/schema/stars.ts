import { STARS_PAYMENT_STATUSES, STARS_PRODUCT_KINDS, STARS_REFUND_REASONS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { storeItems, storeOrders } from './store.ts';
import { users } from './users.ts';

/**
 * Telegram Stars (XTR) for digital goods in the Mini App and the bot (apps/api/src/modules/stars). Money
 * is in the ledger (treasury → stars_clearing in XTR; a pack's K-Cash treasury → user_kcash_bought); these
 * tables say what is sold for Stars, what each invoice asked for, and each payment Telegram made, once per
 * `telegram_payment_charge_id`.
 */

/** K-Cash packs sold for Stars; operators set them (PUT /operator/stars/packs/:sku). */
export const starsPacks = pgTable(
  'stars_packs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stable catalogue code (`kcash-500`); the operator route and the seed are keyed on it. */
    sku: text('sku').notNull().unique(),
    /** K-Cash minor units credited as bought K-Cash. */
    kcash: bigint('kcash', { mode: 'bigint' }).notNull(),
    /** Price in whole Stars. */
    stars: integer('stars').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stars_packs_kcash_positive', sql`${t.kcash} > 0`),
    check('stars_packs_stars_positive', sql`${t.stars} > 0`),
  ],
);

/**
 * One invoice link made for a gamer: what it sells and at what price, fixed when it was made. Its id is
 * the invoice payload Telegram hands back in the pre-checkout query and the successful payment.
 */
export const starsInvoices = pgTable(
  'stars_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    product: text('product', { enum: STARS_PRODUCT_KINDS }).notNull(),
    packId: uuid('pack_id').references(() => starsPacks.id),
    itemId: uuid('item_id').references(() => storeItems.id),
    title: text('title').notNull(),
    stars: integer('stars').notNull(),
    /** A pack's K-Cash minor units; null for a store item. */
    kcash: bigint('kcash', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stars_invoices_product_check', sql`${t.product} in (${sqlList(STARS_PRODUCT_KINDS)})`),
    check(
      'stars_invoices_product_ref',
      sql`(${t.product} = 'kcash_pack' and ${t.packId} is not null and ${t.itemId} is null and ${t.kcash} > 0)
        or (${t.product} = 'store_item' and ${t.itemId} is not null and ${t.packId} is null and ${t.kcash} is null)`,
    ),
    check('stars_invoices_stars_positive', sql`${t.stars} > 0`),
    index('stars_invoices_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * One Stars payment Telegram made: a row per `telegram_payment_charge_id` (unique), written in the same
 * transaction as its ledger legs and, for a store item, its order. Kept for good: it is the record
 * refunds and the revenue report read (docs/scaling.md "Tables that grow": one row per purchase).
 */
export const starsPayments = pgTable(
  'stars_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    telegramPaymentChargeId: text('telegram_payment_charge_id').notNull().unique(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => starsInvoices.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The payer as Telegram says (refundStarPayment takes it). */
    telegramUserId: bigint('telegram_user_id', { mode: 'number' }).notNull(),
    product: text('product', { enum: STARS_PRODUCT_KINDS }).notNull(),
    packId: uuid('pack_id').references(() => starsPacks.id),
    itemId: uuid('item_id').references(() => storeItems.id),
    title: text('title').notNull(),
    stars: integer('stars').notNull(),
    kcash: bigint('kcash', { mode: 'bigint' }),
    /** The store order delivered; null for a pack and for an item that had sold out. */
    orderId: uuid('order_id').references(() => storeOrders.id),
    status: text('status', { enum: STARS_PAYMENT_STATUSES }).notNull(),
    refundReason: text('refund_reason', { enum: STARS_REFUND_REASONS }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    check('stars_payments_status_check', sql`${t.status} in (${sqlList(STARS_PAYMENT_STATUSES)})`),
    check(
      'stars_payments_refund_reason_check',
      sql`${t.refundReason} is null or ${t.refundReason} in (${sqlList(STARS_REFUND_REASONS)})`,
    ),
    check(
      'stars_payments_refunded',
      sql`(${t.status} = 'refunded') = (${t.refundedAt} is not null) and (${t.status} = 'paid') = (${t.refundReason} is null)`,
    ),
    check('stars_payments_stars_positive', sql`${t.stars} > 0`),
    index('stars_payments_created_idx').on(t.createdAt),
    index('stars_payments_invoice_idx').on(t.invoiceId),
  ],
);

export type StarsPackRow = typeof starsPacks.$inferSelect;
export type StarsInvoiceRow = typeof starsInvoices.$inferSelect;
export type StarsPaymentRow = typeof starsPayments.$inferSelect;
