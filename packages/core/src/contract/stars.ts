import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute, uuidParams } from './route.ts';
import { STORE_ITEM_NOT_FOUND_MESSAGE, storeOrderSchema } from './store.ts';
import { moneySchema } from './wallets.ts';

/**
 * Telegram Stars (currency XTR): how digital goods are paid for inside the Mini App and the bot, as
 * Telegram's rules require (docs/economy.md "Telegram Stars"). Operators price K-Cash packs and K-Store
 * items in whole Stars; a signed-in gamer asks for an invoice link, Telegram asks the bot to confirm the
 * order (`pre_checkout_query`, answered within 10 s), and only the `successful_payment` message credits.
 * The bot hands both to the API with its `Authorization: TelegramBot <assertion>`.
 */

export const STARS_PRODUCT_KINDS = ['kcash_pack', 'store_item'] as const;
export type StarsProductKind = (typeof STARS_PRODUCT_KINDS)[number];
/** paid: delivered; refund_due: received but not deliverable (sold out), being given back; refunded. */
export const STARS_PAYMENT_STATUSES = ['paid', 'refund_due', 'refunded'] as const;
export type StarsPaymentStatus = (typeof STARS_PAYMENT_STATUSES)[number];
/** Why a payment was given back: an operator's refund, the item sold out before the payment, or an undeliverable payment. */
export const STARS_REFUND_REASONS = ['operator', 'sold_out', 'undeliverable'] as const;
export type StarsRefundReason = (typeof STARS_REFUND_REASONS)[number];
/** Telegram's limits on an invoice (Bot API sendInvoice / createInvoiceLink). */
export const STARS_INVOICE_LIMITS = { title: 32, description: 255, payload: 128 } as const;
/** Highest price of one product an operator may set, in Stars. */
export const STARS_MAX_PRICE = 100_000;

export const STARS_PRODUCT_NOT_FOUND_MESSAGE = 'This product cannot be bought with Telegram Stars.';
export const STARS_PRICE_CHANGED_MESSAGE = 'The price has changed. Please open the purchase again.';
export const STARS_SOLD_OUT_MESSAGE = 'Sorry, this item has just sold out. You have not been charged.';
export const STARS_INVOICE_NOT_FOUND_MESSAGE = 'This payment is not known. Please open the purchase again.';
export const STARS_TELEGRAM_REQUIRED_MESSAGE = 'Open Khel in Telegram to pay with Telegram Stars.';
export const STARS_UNAVAILABLE_MESSAGE =
  'Payments in Telegram Stars are unavailable right now. Please try again later.';
export const STARS_PAYMENT_NOT_FOUND_MESSAGE = 'Stars payment not found';
export const STARS_REFUND_KCASH_SPENT_MESSAGE =
  'This payment cannot be refunded: the gamer has already spent the K-Cash it bought.';
export const STARS_SANDBOX_ONLY_MESSAGE =
  'Payments are completed here only in the sandbox (no bot token set).';

/** A K-Cash pack as gamers see it. */
export const starsPackSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    sku: z.string(),
    kcash: moneySchema,
    stars: z.number().int().positive(),
  }),
);
export type StarsPack = z.infer<typeof starsPackSchema>;
export const starsPacksSchema = lazySchema(() => z.object({ packs: z.array(starsPackSchema) }));

export const starsInvoiceBodySchema = lazySchema(() =>
  z.discriminatedUnion('product', [
    z
      .object({ product: z.literal('kcash_pack'), packId: z.string().uuid(STARS_PRODUCT_NOT_FOUND_MESSAGE) })
      .strict(),
    z
      .object({ product: z.literal('store_item'), itemId: z.string().uuid(STORE_ITEM_NOT_FOUND_MESSAGE) })
      .strict(),
  ]),
);
export type StarsInvoiceBody = z.infer<typeof starsInvoiceBodySchema>;

/** An invoice link for the Mini App's openInvoice (or the bot's chat). */
export const starsInvoiceSchema = lazySchema(() =>
  z.object({
    invoiceId: z.string().uuid(),
    link: z.string(),
    stars: z.number().int().positive(),
    title: z.string(),
    /** True when the link is the sandbox's (no bot token): the dev Mini App completes it through the dev route. */
    sandbox: z.boolean(),
  }),
);
export type StarsInvoice = z.infer<typeof starsInvoiceSchema>;

/** A pack's invoice for the bot's chat (sendInvoice): the bot sends it itself, with this payload. */
export const botStarsInvoiceBodySchema = lazySchema(() =>
  z.object({ packId: z.string().uuid(STARS_PRODUCT_NOT_FOUND_MESSAGE) }).strict(),
);
export const botStarsInvoiceSchema = lazySchema(() =>
  z.object({
    invoiceId: z.string().uuid(),
    payload: z.string(),
    title: z.string(),
    description: z.string(),
    stars: z.number().int().positive(),
  }),
);

/** What became of an invoice: the receipt once paid. */
export const starsInvoiceStatusSchema = lazySchema(() =>
  z.object({
    invoiceId: z.string().uuid(),
    status: z.enum(['pending', ...STARS_PAYMENT_STATUSES]),
    product: z.enum(STARS_PRODUCT_KINDS),
    title: z.string(),
    stars: z.number().int().positive(),
    /** The K-Cash of a pack (bought K-Cash); null for a store item. */
    kcash: moneySchema.nullable(),
    /** The store order of an item, once delivered. */
    order: storeOrderSchema.nullable(),
    refundReason: z.enum(STARS_REFUND_REASONS).nullable(),
  }),
);
export type StarsInvoiceStatus = z.infer<typeof starsInvoiceStatusSchema>;

const telegramPayloadSchema = lazySchema(() => z.string().min(1).max(STARS_INVOICE_LIMITS.payload));

/** Telegram's pre_checkout_query, as the bot hands it over. */
export const botStarsPreCheckoutBodySchema = lazySchema(() =>
  z.object({
    queryId: z.string().min(1).max(255),
    invoicePayload: telegramPayloadSchema,
    currency: z.string().min(1).max(8),
    totalAmount: z.number().int().min(0).max(1_000_000_000),
  }),
);
/** The bot answers Telegram with this: ok, or ok:false with the message shown to the payer (its code for translating). */
export const botStarsPreCheckoutSchema = lazySchema(() =>
  z.object({ ok: z.boolean(), code: z.string().optional(), message: z.string().optional() }),
);
export type BotStarsPreCheckout = z.infer<typeof botStarsPreCheckoutSchema>;

/** Telegram's successful_payment service message, as the bot hands it over. */
export const botStarsPaymentBodySchema = lazySchema(() =>
  z.object({
    invoicePayload: telegramPayloadSchema,
    currency: z.string().min(1).max(8),
    totalAmount: z.number().int().min(1).max(1_000_000_000),
    telegramPaymentChargeId: z.string().min(1).max(200),
    providerPaymentChargeId: z.string().max(200).optional(),
  }),
);
/** credited: delivered now; duplicate: this charge was handled before (nothing moved); refunded: given back (sold out). */
export const botStarsPaymentSchema = lazySchema(() =>
  z.object({
    outcome: z.enum(['credited', 'duplicate', 'refunded']),
    paymentId: z.string().uuid(),
    status: z.enum(STARS_PAYMENT_STATUSES),
    product: z.enum(STARS_PRODUCT_KINDS),
    title: z.string(),
    stars: z.number().int().positive(),
    kcash: moneySchema.nullable(),
    refundReason: z.enum(STARS_REFUND_REASONS).nullable(),
  }),
);
export type BotStarsPayment = z.infer<typeof botStarsPaymentSchema>;

/** The sandbox's payment sheet: pay (pre-checkout, then the successful payment) or close it. */
export const devStarsPayBodySchema = lazySchema(() =>
  z.object({ outcome: z.enum(['paid', 'cancelled']) }).strict(),
);
/** The status openInvoice would report. */
export const devStarsPaySchema = lazySchema(() =>
  z.object({ status: z.enum(['paid', 'cancelled', 'failed']), message: z.string().optional() }),
);

// ---- Operators ----

export const operatorStarsPackSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    sku: z.string(),
    kcash: moneySchema,
    stars: z.number().int().positive(),
    active: z.boolean(),
    sortOrder: z.number().int(),
  }),
);
export const operatorStarsPacksSchema = lazySchema(() =>
  z.object({ packs: z.array(operatorStarsPackSchema) }),
);
export const STARS_PACK_SKU_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
export const operatorStarsPackParams = lazySchema(() =>
  z.object({ sku: z.string().regex(STARS_PACK_SKU_PATTERN, { message: STARS_PRODUCT_NOT_FOUND_MESSAGE }) }),
);
export const operatorStarsPackBodySchema = lazySchema(() =>
  z
    .object({
      /** Whole K-Cash the pack credits (as bought K-Cash). */
      kcash: z.number().int().min(1).max(10_000_000),
      /** Its price in whole Stars. */
      stars: z.number().int().min(1).max(STARS_MAX_PRICE),
      active: z.boolean().default(true),
      sortOrder: z.number().int().min(0).max(10_000).default(0),
    })
    .strict(),
);
export const operatorStarsItemPriceBodySchema = lazySchema(() =>
  z.object({ stars: z.number().int().min(1).max(STARS_MAX_PRICE).nullable() }).strict(),
);
export const operatorStarsItemPriceSchema = lazySchema(() =>
  z.object({ id: z.string().uuid(), sku: z.string(), name: z.string(), stars: z.number().int().nullable() }),
);

export const starsPaymentSummarySchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    userId: z.string().uuid(),
    telegramPaymentChargeId: z.string(),
    product: z.enum(STARS_PRODUCT_KINDS),
    productId: z.string().uuid(),
    title: z.string(),
    stars: z.number().int().positive(),
    kcash: moneySchema.nullable(),
    orderId: z.string().uuid().nullable(),
    status: z.enum(STARS_PAYMENT_STATUSES),
    refundReason: z.enum(STARS_REFUND_REASONS).nullable(),
    createdAt: z.string(),
    refundedAt: z.string().nullable(),
  }),
);
export type StarsPaymentSummary = z.infer<typeof starsPaymentSummarySchema>;
export const operatorStarsPaymentsQuerySchema = lazySchema(() =>
  z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
);
export const operatorStarsPaymentsSchema = lazySchema(() =>
  z.object({ payments: z.array(starsPaymentSummarySchema) }),
);
export const operatorStarsRefundSchema = lazySchema(() =>
  z.object({ payment: starsPaymentSummarySchema, alreadyRefunded: z.boolean() }),
);

export const operatorStarsRevenueQuerySchema = lazySchema(() =>
  z.object({ from: z.string().datetime().optional(), to: z.string().datetime().optional() }),
);
const starsTotalsShape = () => ({
  payments: z.number().int().min(0),
  received: z.number().int().min(0),
  refunded: z.number().int().min(0),
  net: z.number().int(),
});
export const operatorStarsRevenueSchema = lazySchema(() =>
  z.object({
    ...starsTotalsShape(),
    byProduct: z.array(
      z.object({
        product: z.enum(STARS_PRODUCT_KINDS),
        productId: z.string().uuid(),
        name: z.string(),
        ...starsTotalsShape(),
      }),
    ),
  }),
);
export type StarsRevenue = z.infer<typeof operatorStarsRevenueSchema>;

const starsInvoiceParams = lazySchema(() => uuidParams('id', STARS_INVOICE_NOT_FOUND_MESSAGE));

export const starsRoutes = {
  starsPacks: defineRoute({
    method: 'GET',
    path: '/stars/packs',
    summary: 'The K-Cash packs sold for Telegram Stars in the Mini App and the bot',
    tag: 'Telegram Stars',
    auth: 'none',
    response: starsPacksSchema,
  }),
  starsInvoice: defineRoute({
    method: 'POST',
    path: '/stars/invoices',
    summary:
      'An invoice link in Telegram Stars for a K-Cash pack or a K-Store item (createInvoiceLink); 409 without a Telegram account',
    tag: 'Telegram Stars',
    auth: 'bearer',
    body: starsInvoiceBodySchema,
    response: starsInvoiceSchema,
    successStatus: 201,
  }),
  starsInvoiceStatus: defineRoute({
    method: 'GET',
    path: '/stars/invoices/:id',
    summary:
      'What became of one of the signed-in user’s invoices: pending, paid (with the receipt) or refunded',
    tag: 'Telegram Stars',
    auth: 'bearer',
    params: starsInvoiceParams,
    response: starsInvoiceStatusSchema,
  }),
  devStarsPay: defineRoute({
    method: 'POST',
    path: '/dev/stars/invoices/:id/pay',
    summary:
      'Sandbox only (no bot token): the payment sheet of the dev Mini App pays or closes an invoice, through the same pre-checkout and successful-payment code as the bot',
    tag: 'Dev',
    auth: 'bearer',
    devOnly: true,
    params: starsInvoiceParams,
    body: devStarsPayBodySchema,
    response: devStarsPaySchema,
  }),
  botStarsPreCheckout: defineRoute({
    method: 'POST',
    path: '/bot/stars/pre-checkout',
    summary:
      'The bot asks whether to accept a pre_checkout_query of the Telegram user of its assertion: product, price and stock checked',
    tag: 'Telegram Stars',
    auth: 'bot',
    botGuests: true,
    body: botStarsPreCheckoutBodySchema,
    response: botStarsPreCheckoutSchema,
  }),
  botStarsInvoice: defineRoute({
    method: 'POST',
    path: '/bot/stars/invoices',
    summary:
      'The bot’s /buy: an invoice of a pack for the Telegram user of its assertion, to send in the chat',
    tag: 'Telegram Stars',
    auth: 'bot',
    body: botStarsInvoiceBodySchema,
    response: botStarsInvoiceSchema,
    successStatus: 201,
  }),
  botStarsPayment: defineRoute({
    method: 'POST',
    path: '/bot/stars/payments',
    summary:
      'The bot hands over a successful_payment: credited exactly once per telegram_payment_charge_id, refunded when it cannot be delivered',
    tag: 'Telegram Stars',
    auth: 'bot',
    botGuests: true,
    body: botStarsPaymentBodySchema,
    response: botStarsPaymentSchema,
  }),
  operatorStarsPacks: defineRoute({
    method: 'GET',
    path: '/operator/stars/packs',
    summary: 'Every K-Cash pack sold for Stars, active or not',
    tag: 'Operators',
    auth: 'operator',
    response: operatorStarsPacksSchema,
  }),
  operatorStarsPackUpsert: defineRoute({
    method: 'PUT',
    path: '/operator/stars/packs/:sku',
    summary: 'Create or change a K-Cash pack: its K-Cash, its price in Stars, whether it is sold',
    tag: 'Operators',
    auth: 'operator',
    params: operatorStarsPackParams,
    body: operatorStarsPackBodySchema,
    response: operatorStarsPackSchema,
  }),
  operatorStarsItemPrice: defineRoute({
    method: 'PUT',
    path: '/operator/stars/store-items/:id/price',
    summary: 'Set a K-Store item’s price in Stars (null: not sold for Stars)',
    tag: 'Operators',
    auth: 'operator',
    params: lazySchema(() => uuidParams('id', STORE_ITEM_NOT_FOUND_MESSAGE)),
    body: operatorStarsItemPriceBodySchema,
    response: operatorStarsItemPriceSchema,
  }),
  operatorStarsPayments: defineRoute({
    method: 'GET',
    path: '/operator/stars/payments',
    summary: 'The latest Stars payments, newest first',
    tag: 'Operators',
    auth: 'operator',
    query: operatorStarsPaymentsQuerySchema,
    response: operatorStarsPaymentsSchema,
  }),
  operatorStarsRefund: defineRoute({
    method: 'POST',
    path: '/operator/stars/payments/:id/refund',
    summary:
      'Refund a Stars payment (refundStarPayment) and reverse it in the ledger; 409 when the gamer no longer holds the K-Cash it bought',
    tag: 'Operators',
    auth: 'operator',
    params: lazySchema(() => uuidParams('id', STARS_PAYMENT_NOT_FOUND_MESSAGE)),
    response: operatorStarsRefundSchema,
  }),
  operatorStarsRevenue: defineRoute({
    method: 'GET',
    path: '/operator/stars/revenue',
    summary: 'Stars received, refunded and net, in all and by product, optionally between two times',
    tag: 'Operators',
    auth: 'operator',
    query: operatorStarsRevenueQuerySchema,
    response: operatorStarsRevenueSchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const starsMessages = {
  STARS_PRODUCT_NOT_FOUND: STARS_PRODUCT_NOT_FOUND_MESSAGE,
  STARS_PRICE_CHANGED: STARS_PRICE_CHANGED_MESSAGE,
  STARS_SOLD_OUT: STARS_SOLD_OUT_MESSAGE,
  STARS_INVOICE_NOT_FOUND: STARS_INVOICE_NOT_FOUND_MESSAGE,
  STARS_TELEGRAM_REQUIRED: STARS_TELEGRAM_REQUIRED_MESSAGE,
  STARS_UNAVAILABLE: STARS_UNAVAILABLE_MESSAGE,
  STARS_PAYMENT_NOT_FOUND: STARS_PAYMENT_NOT_FOUND_MESSAGE,
  STARS_REFUND_KCASH_SPENT: STARS_REFUND_KCASH_SPENT_MESSAGE,
  STARS_SANDBOX_ONLY: STARS_SANDBOX_ONLY_MESSAGE,
} as const;
