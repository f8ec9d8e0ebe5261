import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { countryCodeSchema } from './location.ts';
import { defineRoute, uuidParams } from './route.ts';
import { translationsSchema } from './translations.ts';
import { moneySchema } from './wallets.ts';

/**
 * The K-Store (SPEC §1, §2 /k-store/ and /purchase-confirmation): a catalogue with stock, bought with
 * K-Cash (bought K-Cash spent before earned) or rKHEL. A purchase is a money write: it takes an
 * Idempotency-Key header. Short of funds → 409 with 'Uh-oh! Not Enough K-Cash or rKHEL'.
 */

export const STORE_ITEM_CATEGORIES = ['gift_card', 'game_currency', 'voucher'] as const;
export type StoreItemCategory = (typeof STORE_ITEM_CATEGORIES)[number];
export const STORE_PAY_CURRENCIES = ['KCASH', 'RKHEL'] as const;
export type StorePayCurrency = (typeof STORE_PAY_CURRENCIES)[number];
/** What an order may be paid in: the store's currencies, and Telegram Stars (XTR) in the Mini App and the bot. */
export const STORE_ORDER_CURRENCIES = [...STORE_PAY_CURRENCIES, 'XTR'] as const;
export type StoreOrderCurrency = (typeof STORE_ORDER_CURRENCIES)[number];
/** How an order was paid: from the gamer's balances, or with Telegram Stars (the stars module). */
export const STORE_ORDER_RAILS = ['balance', 'stars'] as const;
export type StoreOrderRail = (typeof STORE_ORDER_RAILS)[number];
export const STORE_ORDER_STATUSES = ['completed', 'refunded'] as const;
/** Most units of one item in one purchase. */
export const STORE_MAX_QUANTITY = 10;

export const STORE_ITEM_NOT_FOUND_MESSAGE = 'This item is not available.';
export const STORE_OUT_OF_STOCK_MESSAGE = 'Sorry, not enough of this item is left in stock.';
export const STORE_CURRENCY_NOT_ACCEPTED_MESSAGE = 'This item cannot be bought with that currency.';
export const STORE_ORDER_NOT_FOUND_MESSAGE = 'Order not found';
export const STORE_ITEM_NOT_IN_REGION_MESSAGE = 'This item is not sold in your country.';

export const storeItemTranslationsSchema = lazySchema(() =>
  translationsSchema(['name', 'description'] as const, 500),
);

export const storeItemSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    sku: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(STORE_ITEM_CATEGORIES),
    /** Unit prices; null when the item cannot be bought with that currency. `stars`: whole Telegram Stars (Mini App and bot only). */
    prices: z.object({
      kcash: moneySchema.nullable(),
      rkhel: moneySchema.nullable(),
      stars: z.number().int().positive().nullable(),
    }),
    stock: z.number().int().min(0),
    inStock: z.boolean(),
    /** Countries it is sold in (ISO codes); empty: everywhere. */
    regions: z.array(z.string()),
    translations: storeItemTranslationsSchema,
  }),
);
export type StoreItem = z.infer<typeof storeItemSchema>;

export const storeItemsQuerySchema = lazySchema(() =>
  z.object({
    category: z.enum(STORE_ITEM_CATEGORIES).optional(),
    /** The reader's country: only items sold there (and everywhere). Unset: the country of the request's IP. */
    country: countryCodeSchema.optional(),
  }),
);
export const storeItemsSchema = lazySchema(() => z.object({ items: z.array(storeItemSchema) }));

export const storePurchaseBodySchema = lazySchema(() =>
  z
    .object({
      itemId: z.string().uuid({ message: STORE_ITEM_NOT_FOUND_MESSAGE }),
      quantity: z.number().int().min(1).max(STORE_MAX_QUANTITY),
      currency: z.enum(STORE_PAY_CURRENCIES),
    })
    .strict(),
);
export type StorePurchaseBody = z.infer<typeof storePurchaseBodySchema>;

/** The receipt of one purchase. `paid` says where the money came from: K-Cash bought first, then earned. */
export const storeOrderSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    status: z.enum(STORE_ORDER_STATUSES),
    item: z.object({ id: z.string().uuid(), name: z.string(), category: z.enum(STORE_ITEM_CATEGORIES) }),
    quantity: z.number().int().positive(),
    currency: z.enum(STORE_ORDER_CURRENCIES),
    rail: z.enum(STORE_ORDER_RAILS),
    unitPrice: moneySchema,
    total: moneySchema,
    paid: z.object({
      kcashBought: moneySchema,
      kcashEarned: moneySchema,
      rkhel: moneySchema,
      stars: moneySchema,
    }),
    /** The code to redeem the item with; only ever shown to the buyer. */
    redemptionCode: z.string(),
    createdAt: z.string(),
  }),
);
export type StoreOrder = z.infer<typeof storeOrderSchema>;

export const storeRoutes = {
  storeItems: defineRoute({
    method: 'GET',
    path: '/k-store/items',
    summary: 'The store catalogue: gift cards, game currency and vouchers, with prices and stock',
    tag: 'Store',
    auth: 'none',
    query: storeItemsQuerySchema,
    response: storeItemsSchema,
  }),
  storePurchase: defineRoute({
    method: 'POST',
    path: '/k-store/purchase',
    summary: 'Buy an item with K-Cash (bought before earned) or rKHEL (Idempotency-Key header required)',
    tag: 'Store',
    auth: 'bearer',
    body: storePurchaseBodySchema,
    response: storeOrderSchema,
    successStatus: 201,
    idempotent: true,
  }),
  storeOrder: defineRoute({
    method: 'GET',
    path: '/k-store/orders/:id',
    summary: 'One order of the signed-in user: the receipt for /purchase-confirmation',
    tag: 'Store',
    auth: 'bearer',
    params: lazySchema(() => uuidParams('id', STORE_ORDER_NOT_FOUND_MESSAGE)),
    response: storeOrderSchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const storeMessages = {
  STORE_ITEM_NOT_FOUND: STORE_ITEM_NOT_FOUND_MESSAGE,
  STORE_OUT_OF_STOCK: STORE_OUT_OF_STOCK_MESSAGE,
  STORE_CURRENCY_NOT_ACCEPTED: STORE_CURRENCY_NOT_ACCEPTED_MESSAGE,
  STORE_ORDER_NOT_FOUND: STORE_ORDER_NOT_FOUND_MESSAGE,
} as const;
