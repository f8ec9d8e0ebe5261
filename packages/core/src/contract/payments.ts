import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute, uuidParams } from './route.ts';
import { currencyCodeSchema, moneySchema, positiveMinorUnitsSchema } from './wallets.ts';

/**
 * Buying K-Cash and swapping (DESIGN §5, SPEC §7 onramp/swap). A deposit is paid in USDT, INR (UPI)
 * or BRL (PIX) through a payment provider; the provider's signed webhook credits bought K-Cash at
 * 1 USDT = 1000 K-Cash after the fee. Amounts are strings of integer minor units of their currency.
 */

/** What a deposit can be paid in, with the decimals of its minor unit and the payment method. */
export const ONRAMP_CURRENCIES = {
  USDT: { decimals: 6, method: 'crypto' },
  INR: { decimals: 2, method: 'upi' },
  BRL: { decimals: 2, method: 'pix' },
} as const;
export type OnrampCurrency = keyof typeof ONRAMP_CURRENCIES;
export const ONRAMP_CURRENCY_CODES = ['USDT', 'INR', 'BRL'] as const;
export const ONRAMP_CURRENCY_MESSAGE = 'The currency must be USDT, INR or BRL';
export const onrampCurrencySchema = lazySchema(() =>
  z.enum(ONRAMP_CURRENCY_CODES, { error: ONRAMP_CURRENCY_MESSAGE }),
);

/** An amount in an onramp currency (INR and BRL are not ledger currencies, so not `moneySchema`). */
export const payAmountSchema = lazySchema(() =>
  z.object({
    amount: z.string().regex(/^\d+$/),
    currency: onrampCurrencySchema,
    decimals: z.number().int(),
  }),
);

/** `refund_due` / `refunded`: paid after the deposit expired or failed, so handed back, never credited. */
export const DEPOSIT_STATUS_VALUES = [
  'pending',
  'paid',
  'credited',
  'failed',
  'expired',
  'refund_due',
  'refunded',
] as const;

export const onrampConversionQuerySchema = lazySchema(() =>
  z.object({ amount: positiveMinorUnitsSchema, currency: onrampCurrencySchema }).strict(),
);

/** A rate as a ratio of whole major units: `toMajor` of `to` are worth `fromMajor` of `from`. */
export const rateSchema = lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    fromMajor: z.string(),
    toMajor: z.string(),
  }),
);

/** The quote shown before confirming a deposit: what is paid, its USDT value, the fee, and the K-Cash received. */
export const onrampQuoteSchema = lazySchema(() =>
  z.object({
    pay: payAmountSchema,
    method: z.enum(['crypto', 'upi', 'pix']),
    rate: rateSchema,
    usdtValue: moneySchema,
    fee: moneySchema,
    /** Bought K-Cash credited once the payment succeeds: (usdtValue − fee) × 1000, exactly. */
    receive: moneySchema,
  }),
);
export type OnrampQuote = z.infer<typeof onrampQuoteSchema>;

export const gasFeeQuerySchema = lazySchema(() =>
  z.object({ currency: onrampCurrencySchema.optional() }).strict(),
);
export const gasFeeSchema = lazySchema(() =>
  z.object({
    fees: z.array(
      z.object({
        currency: onrampCurrencySchema,
        method: z.enum(['crypto', 'upi', 'pix']),
        /** A fixed part, in USDT. */
        flat: moneySchema,
        /** A proportional part, in basis points of the USDT value (rounded up to a USDT minor unit). */
        basisPoints: z.number().int().min(0),
        minimum: payAmountSchema,
        maximum: payAmountSchema,
      }),
    ),
  }),
);

export const depositBodySchema = lazySchema(() =>
  z.object({ amount: positiveMinorUnitsSchema, currency: onrampCurrencySchema }).strict(),
);

export const depositCreatedSchema = lazySchema(() =>
  z.object({
    depositId: z.string().uuid(),
    /** The provider's checkout page; the payment completes when its form is posted. */
    checkoutUrl: z.string().url(),
    status: z.enum(DEPOSIT_STATUS_VALUES),
    quote: onrampQuoteSchema,
    expiresAt: z.string(),
  }),
);

export const depositSchema = lazySchema(() =>
  z.object({
    depositId: z.string().uuid(),
    status: z.enum(DEPOSIT_STATUS_VALUES),
    pay: payAmountSchema,
    receive: moneySchema,
    fee: moneySchema,
    createdAt: z.string(),
    creditedAt: z.string().nullable(),
  }),
);

export const DEPOSIT_NOT_FOUND_MESSAGE = 'Payment not found';
export const SWAP_SAME_CURRENCY_MESSAGE = 'Choose two different currencies to swap.';
export const SWAP_PAIR_UNSUPPORTED_MESSAGE = 'This swap is not available.';
export const SWAP_TOO_SMALL_MESSAGE = 'The amount is too small to swap.';
export const DEPOSIT_BELOW_MINIMUM_MESSAGE = 'The amount is below the minimum for this payment method.';
export const DEPOSIT_ABOVE_MAXIMUM_MESSAGE = 'The amount is above the maximum for this payment method.';
export const DEPOSIT_FEE_EXCEEDS_MESSAGE = 'The amount does not cover the fee.';

export const swapBodySchema = lazySchema(() =>
  z
    .object({ from: currencyCodeSchema, to: currencyCodeSchema, amount: positiveMinorUnitsSchema })
    .strict()
    .refine((b) => b.from !== b.to, { message: SWAP_SAME_CURRENCY_MESSAGE, path: ['to'] }),
);

export const swapResultSchema = lazySchema(() =>
  z.object({
    /** Everything taken from the user: `converted` plus `remainder`. */
    debited: moneySchema,
    converted: moneySchema,
    /** Source units that could not be converted exactly; booked to the rounding account. */
    remainder: moneySchema,
    received: moneySchema,
    rate: rateSchema,
  }),
);
export type SwapResult = z.infer<typeof swapResultSchema>;

export const paymentRoutes = {
  onrampConversion: defineRoute({
    method: 'GET',
    path: '/onramp/conversion',
    summary: 'Quote a deposit: USDT value, fee and the K-Cash received (1 USDT = 1000 K-Cash)',
    tag: 'Onramp',
    auth: 'none',
    query: onrampConversionQuerySchema,
    response: onrampQuoteSchema,
  }),
  onrampGasFee: defineRoute({
    method: 'GET',
    path: '/onramp/gas-fee',
    summary: 'The deposit fee schedule per currency and payment method',
    tag: 'Onramp',
    auth: 'none',
    query: gasFeeQuerySchema,
    response: gasFeeSchema,
  }),
  onrampDeposit: defineRoute({
    method: 'POST',
    path: '/onramp/deposit',
    summary: 'Start buying K-Cash: USDT, INR (UPI) or BRL (PIX); returns the checkout URL',
    tag: 'Onramp',
    auth: 'bearer',
    body: depositBodySchema,
    response: depositCreatedSchema,
    successStatus: 201,
  }),
  onrampDepositStatus: defineRoute({
    method: 'GET',
    path: '/onramp/deposit/:depositId',
    summary: 'One deposit of the signed-in user and its status',
    tag: 'Onramp',
    auth: 'bearer',
    params: lazySchema(() => uuidParams('depositId', DEPOSIT_NOT_FOUND_MESSAGE)),
    response: depositSchema,
  }),
  onrampSwap: defineRoute({
    method: 'POST',
    path: '/onramp/swap',
    summary: 'Swap between balances (USDT → K-Cash at 1:1000; Idempotency-Key header required)',
    tag: 'Onramp',
    auth: 'bearer',
    body: swapBodySchema,
    response: swapResultSchema,
    idempotent: true,
  }),
} as const;

export const DEPOSIT_RATE_LIMIT_MESSAGE =
  'Too many payment attempts. Please wait a few minutes and try again.';
export const DEPOSIT_DELETION_PENDING_MESSAGE =
  'Your account is being deleted. Cancel the deletion to buy K-Cash.';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const paymentsMessages = {
  DEPOSIT_NOT_FOUND: DEPOSIT_NOT_FOUND_MESSAGE,
  SWAP_SAME_CURRENCY: SWAP_SAME_CURRENCY_MESSAGE,
  SWAP_PAIR_UNSUPPORTED: SWAP_PAIR_UNSUPPORTED_MESSAGE,
  SWAP_TOO_SMALL: SWAP_TOO_SMALL_MESSAGE,
  DEPOSIT_BELOW_MINIMUM: DEPOSIT_BELOW_MINIMUM_MESSAGE,
  DEPOSIT_ABOVE_MAXIMUM: DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
  DEPOSIT_FEE_EXCEEDS: DEPOSIT_FEE_EXCEEDS_MESSAGE,
  ONRAMP_CURRENCY: ONRAMP_CURRENCY_MESSAGE,
  DEPOSIT_RATE_LIMIT: DEPOSIT_RATE_LIMIT_MESSAGE,
  DEPOSIT_DELETION_PENDING: DEPOSIT_DELETION_PENDING_MESSAGE,
} as const;
