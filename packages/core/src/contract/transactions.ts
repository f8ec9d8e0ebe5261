import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { balanceKeySchema, moneySchema } from './wallets.ts';

/**
 * Transaction history (SPEC §2 /transaction-history/, §7 transactions by type and by id): every ledger
 * movement of the signed-in user's balances, newest first, one line per balance touched.
 */

/** SPEC §7 types: money in and swaps, store purchases, rewards and other credits, collecting and payouts. */
export const TRANSACTION_TYPES = ['onramp', 'shop', 'meta-txn', 'redeem'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];
export const TRANSACTIONS_DEFAULT_LIMIT = 20;
export const TRANSACTIONS_MAX_LIMIT = 100;
export const TRANSACTION_NOT_FOUND_MESSAGE = 'Transaction not found';

/** `<ledger transfer id>-in` or `-out`: one transfer can touch two balances of the same user. */
export const TRANSACTION_ID_PATTERN = /^[1-9]\d{0,17}-(in|out)$/;

/** `params` of GET /transactions/:id: an id of another shape names no line (404). */
export const transactionParams = lazySchema(() =>
  z.object({
    id: z.string().regex(TRANSACTION_ID_PATTERN, { message: TRANSACTION_NOT_FOUND_MESSAGE }),
  }),
);

export const transactionsQuerySchema = lazySchema(() =>
  z.object({
    type: z.enum(TRANSACTION_TYPES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(TRANSACTIONS_MAX_LIMIT).default(TRANSACTIONS_DEFAULT_LIMIT),
    /**
     * Keyset cursor: the id of the last line already shown (a page's `nextCursor`). With it the page
     * starts right after that line, at a cost that does not grow with the history; `page` is ignored.
     */
    before: z.string().regex(TRANSACTION_ID_PATTERN).optional(),
  }),
);

export const transactionSchema = lazySchema(() =>
  z.object({
    id: z.string().regex(TRANSACTION_ID_PATTERN),
    type: z.enum(TRANSACTION_TYPES),
    /** The ledger transfer kind (store_purchase, onramp_deposit…). */
    kind: z.string(),
    /** English label; `labelKey` with `labelParams` is what a translated screen uses. */
    label: z.string(),
    labelKey: z.string(),
    labelParams: z.record(z.string(), z.string()),
    direction: z.enum(['in', 'out']),
    /** Always positive; `direction` gives the sign. */
    amount: moneySchema,
    /** Which of the user's balances moved, and what it was afterwards. */
    balance: balanceKeySchema,
    balanceAfter: moneySchema,
    /** The store order, deposit… the movement belongs to, when there is one. */
    reference: z.object({ orderId: z.string().optional() }),
    createdAt: z.string(),
  }),
);
export type TransactionLine = z.infer<typeof transactionSchema>;

/** SPEC §7 list state: the page's lines, the offset of the next page and whether this is the last one. */
export const transactionsPageSchema = lazySchema(() =>
  z.object({
    list: z.array(transactionSchema),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
    isLastCard: z.boolean(),
    /** Pass as `before` to get the next page; null on the last one. */
    nextCursor: z.string().regex(TRANSACTION_ID_PATTERN).nullable(),
  }),
);
export type TransactionsPage = z.infer<typeof transactionsPageSchema>;

export const transactionRoutes = {
  transactions: defineRoute({
    method: 'GET',
    path: '/transactions',
    summary: 'The signed-in user’s transaction history, newest first, filtered by type and paginated',
    tag: 'Transactions',
    auth: 'bearer',
    query: transactionsQuerySchema,
    response: transactionsPageSchema,
  }),
  transaction: defineRoute({
    method: 'GET',
    path: '/transactions/:id',
    summary: 'One line of the signed-in user’s transaction history',
    tag: 'Transactions',
    auth: 'bearer',
    params: transactionParams,
    response: transactionSchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const transactionsMessages = {
  TRANSACTION_NOT_FOUND: TRANSACTION_NOT_FOUND_MESSAGE,
} as const;
