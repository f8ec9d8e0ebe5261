import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { DEPOSIT_NOT_FOUND_MESSAGE, rateSchema } from './payments.ts';
import { defineRoute, uuidParams } from './route.ts';
import { moneySchema, positiveMinorUnitsSchema } from './wallets.ts';

/**
 * Buying K-Cash with TON, in the Mini App (issue 27; Telegram lets a Mini App move value only on TON,
 * through wallets connected with TON Connect). The gamer asks for a deposit; the API answers Khel's
 * deposit wallet, a memo (the text comment that names this deposit) and a quote locked for
 * 15 minutes. The wallet sends the TON with the memo as its comment; the API's watcher
 * sees the transaction on the chain and credits bought K-Cash once per transaction hash.
 * Amounts are strings of minor units: TON in nanoton (9 decimals), K-Cash in thousandths.
 */

/** `held`: TON arrived for it but was not credited (too small or too large); operators refund it by hand. */
export const TON_DEPOSIT_STATUS_VALUES = ['pending', 'credited', 'held'] as const;
export type TonDepositStatus = (typeof TON_DEPOSIT_STATUS_VALUES)[number];

export const TON_DEPOSIT_TARGET_MESSAGE = 'Give the TON to pay or the K-Cash to receive.';
export const TON_DEPOSIT_BELOW_MINIMUM_MESSAGE = 'The smallest TON payment is 0.1 TON.';
export const TON_DEPOSIT_ABOVE_MAXIMUM_MESSAGE = 'The largest TON payment is 1,000 TON.';
export const TON_DEPOSITS_UNAVAILABLE_MESSAGE =
  'TON payments are not available right now. Please try again later.';
export const TON_WALLET_ADDRESS_MESSAGE = 'This is not a TON wallet address.';

export const tonDepositsMessages = {
  TON_DEPOSIT_TARGET: TON_DEPOSIT_TARGET_MESSAGE,
  TON_DEPOSIT_BELOW_MINIMUM: TON_DEPOSIT_BELOW_MINIMUM_MESSAGE,
  TON_DEPOSIT_ABOVE_MAXIMUM: TON_DEPOSIT_ABOVE_MAXIMUM_MESSAGE,
  TON_DEPOSITS_UNAVAILABLE: TON_DEPOSITS_UNAVAILABLE_MESSAGE,
  TON_WALLET_ADDRESS: TON_WALLET_ADDRESS_MESSAGE,
} as const;

/**
 * Exactly one of `amount` (nanoton to pay) and `kcash` (K-Cash minor units to receive); the deposit's body
 * may add `wallet`, the wallet connected with TON Connect (raw `0:<hex>` or user-friendly), kept with it.
 * (Not exported, as the other schemas here: every export of the contract is in every screen's download.)
 */
const oneTarget = (b: { amount?: string | undefined; kcash?: string | undefined }) =>
  (b.amount === undefined) !== (b.kcash === undefined);
const tonQuoteQuerySchema = lazySchema(() =>
  z
    .object({ amount: positiveMinorUnitsSchema.optional(), kcash: positiveMinorUnitsSchema.optional() })
    .strict()
    .refine(oneTarget, { message: TON_DEPOSIT_TARGET_MESSAGE, path: ['amount'] }),
);
const tonDepositBodySchema = lazySchema(() =>
  z
    .object({
      amount: positiveMinorUnitsSchema.optional(),
      kcash: positiveMinorUnitsSchema.optional(),
      wallet: z.string().min(1).max(100).optional(),
    })
    .strict()
    .refine(oneTarget, { message: TON_DEPOSIT_TARGET_MESSAGE, path: ['amount'] }),
);

/** A quote: TON to pay, bought K-Cash to receive, the rate (`toMajor` K-Cash for `fromMajor` TON). */
const tonQuoteSchema = lazySchema(() =>
  z.object({
    pay: moneySchema,
    receive: moneySchema,
    rate: rateSchema,
    minimum: moneySchema,
    maximum: moneySchema,
  }),
);
export type TonQuote = z.infer<typeof tonQuoteSchema>;

const tonDepositSchema = lazySchema(() =>
  z.object({
    depositId: z.string().uuid(),
    status: z.enum(TON_DEPOSIT_STATUS_VALUES),
    /** Khel's deposit wallet (user-friendly, non-bounceable) and its network (`ton:sandbox`, `ton:mainnet`, `ton:testnet`). */
    address: z.string(),
    network: z.string(),
    /** The text comment the payment must carry. */
    memo: z.string(),
    /** The same comment as TON Connect's message `payload`: a base64 BOC (op 0, then the text). */
    payload: z.string(),
    pay: moneySchema,
    receive: moneySchema,
    /** What arrived and what was credited, once it has. */
    received: moneySchema.nullable(),
    credited: moneySchema.nullable(),
    txHash: z.string().nullable(),
    createdAt: z.string(),
    /** Until then the quote holds; a payment seen later is credited at the rate of that moment. */
    expiresAt: z.string(),
    creditedAt: z.string().nullable(),
  }),
);
export type TonDeposit = z.infer<typeof tonDepositSchema>;

/** A new deposit, with the quote it locked. */
const tonDepositCreatedSchema = lazySchema(() => tonDepositSchema.extend({ quote: tonQuoteSchema }));

export const tonDepositRoutes = {
  tonDepositQuote: defineRoute({
    method: 'GET',
    path: '/onramp/ton/quote',
    summary: 'Quote K-Cash bought with TON',
    tag: 'Onramp',
    auth: 'none',
    query: tonQuoteQuerySchema,
    response: tonQuoteSchema,
  }),
  tonDeposit: defineRoute({
    method: 'POST',
    path: '/onramp/ton/deposit',
    summary: 'Start a TON payment: deposit wallet, memo, locked quote',
    tag: 'Onramp',
    auth: 'bearer',
    body: tonDepositBodySchema,
    response: tonDepositCreatedSchema,
    successStatus: 201,
  }),
  tonDepositStatus: defineRoute({
    method: 'GET',
    path: '/onramp/ton/deposit/:depositId',
    summary: 'One TON payment and its status',
    tag: 'Onramp',
    auth: 'bearer',
    params: lazySchema(() => uuidParams('depositId', DEPOSIT_NOT_FOUND_MESSAGE)),
    response: tonDepositSchema,
  }),
} as const;
