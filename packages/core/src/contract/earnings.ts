import { z } from 'zod';
import { EARNING_STATUS_DISPLAY } from '../domain/earnings.ts';
import { kycDocTypeSchema } from './kyc.ts';
import { lazySchema } from './lazy.ts';
import { payAmountSchema } from './payments.ts';
import { defineRoute, uuidParams } from './route.ts';
import { moneySchema, positiveMinorUnitsSchema } from './wallets.ts';

/**
 * Collecting earnings (SPEC §1, §3 earning statuses, §7 collect-earning paths; DESIGN §5). Earnings are
 * earned K-Cash granted by quests, campaigns and clans. In India collecting needs verified KYC
 * (PAN, Aadhaar, bank), withholds TDS at 30% of net winnings (Income-tax Act §194BA, Rule 133; nothing
 * withheld while the month's net winnings stay at or below ₹100) and pays the rest to the verified bank
 * account through a payout provider; elsewhere collecting credits the user's earned K-Cash balance.
 * Collect calls are money writes: they take an Idempotency-Key. Errors on these paths are 4xx whose
 * message the screen shows (SPEC §8: collect-earning 422s are thrown, not the wallet modal).
 */

/** SPEC §3 backend statuses, as the API sends them. */
export const EARNING_BACKEND_STATUSES = Object.keys(EARNING_STATUS_DISPLAY) as [
  keyof typeof EARNING_STATUS_DISPLAY,
  ...(keyof typeof EARNING_STATUS_DISPLAY)[],
];
export const EARNING_DISPLAY_STATUSES = [
  'READY_TO_COLLECT',
  'COLLECTED',
  'EXPIRED',
  'DISTRIBUTING',
  'FAILED',
] as const;
export const EARNING_SOURCE_VALUES = [
  'kquest',
  'kdrop',
  'clanchieflite',
  'referral',
  'leaderboard',
  'dev',
  /** Klash tournament prizes. */
  'klash',
] as const;
export const PAYOUT_STATUS_VALUES = ['requested', 'processing', 'succeeded', 'failed'] as const;
export const PAYOUT_METHODS = ['bank', 'upi', 'pix'] as const;
export const EARNINGS_DEFAULT_LIMIT = 20;
export const EARNINGS_MAX_LIMIT = 100;
/** India: TDS rate on net winnings (§194BA) and the monthly net-winnings amount withheld on nothing (₹100, in paise). */
export { TDS_MONTHLY_EXEMPT_PAISE, TDS_RATE_PERCENT } from '../domain/tds.ts';
/** The smallest bank payout (₹1, in paise): a smaller collect in India is refused. */
export const PAYOUT_MINIMUM_PAISE = 100n;

export const EARNING_NOT_FOUND_MESSAGE = 'Earning not found';
export const NOTHING_TO_COLLECT_MESSAGE = 'There is nothing ready to collect.';
export const EARNING_NOT_COLLECTABLE_MESSAGE = 'This earning cannot be collected.';
export const KYC_REQUIRED_MESSAGE = 'Complete your KYC (PAN, Aadhaar and bank account) to collect earnings.';
export const PAYOUT_NOT_FOUND_MESSAGE = 'Payout not found';
export const PAYOUTS_UNAVAILABLE_MESSAGE =
  'Bank payouts are not available right now. Please try again later.';
export const PAYOUT_TOO_SMALL_MESSAGE =
  'This amount is too small to pay to a bank account (at least ₹1). Collect it together with other earnings.';

export const earningsQuerySchema = lazySchema(() =>
  z.object({
    status: z.enum(EARNING_DISPLAY_STATUSES).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(EARNINGS_MAX_LIMIT).default(EARNINGS_DEFAULT_LIMIT),
  }),
);

export const payoutSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    status: z.enum(PAYOUT_STATUS_VALUES),
    method: z.enum(PAYOUT_METHODS),
    /** K-Cash collected, withheld as TDS, and paid out. */
    gross: moneySchema,
    tds: moneySchema,
    net: moneySchema,
    /** The same in the currency paid (INR), as the bank sees it. */
    payout: z.object({ gross: payAmountSchema, tds: payAmountSchema, net: payAmountSchema }),
    /** Masked destination: `{ ifsc, last4, bankName }`. */
    destination: z.record(z.string(), z.string()),
    failureReason: z.string().nullable(),
    /** The stored reason's code in the catalogue, to translate it by (found when the row is read). */
    failureReasonCode: z.string().nullable().optional(),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
  }),
);
export type Payout = z.infer<typeof payoutSchema>;

export const earningSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    title: z.string(),
    source: z.enum(EARNING_SOURCE_VALUES),
    /** SPEC §3 card label: K-QUEST, K-DROP, CLAN CHIEF (others show K-QUEST). */
    entityLabel: z.string(),
    amount: moneySchema,
    /** SPEC §6: the POG boost this earning got (only POG minters get one): basis points and the amount before it. */
    boost: z.object({ basisPoints: z.number().int(), baseAmount: moneySchema }).nullable(),
    /** SPEC §3 backend status ('EARNING PENDING'…) and its display status ('READY_TO_COLLECT'…). */
    status: z.enum(EARNING_BACKEND_STATUSES),
    displayStatus: z.enum(EARNING_DISPLAY_STATUSES),
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    collectedAt: z.string().nullable(),
    creditedAt: z.string().nullable(),
    failureReason: z.string().nullable(),
    /** The stored reason's code in the catalogue, to translate it by (found when the row is read). */
    failureReasonCode: z.string().nullable().optional(),
    /** The payout carrying it (India), while distributing or after. */
    payout: z.object({ id: z.string().uuid(), status: z.enum(PAYOUT_STATUS_VALUES) }).nullable(),
  }),
);
export type Earning = z.infer<typeof earningSchema>;

export const earningsPageSchema = lazySchema(() =>
  z.object({
    list: z.array(earningSchema),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    offset: z.number().int().min(0),
    isLastCard: z.boolean(),
  }),
);

/** Totals per display status (K-Cash) and counts. */
export const earningsAggregateSchema = lazySchema(() =>
  z.object({
    readyToCollect: moneySchema,
    distributing: moneySchema,
    collected: moneySchema,
    failed: moneySchema,
    expired: moneySchema,
    counts: z.object({
      readyToCollect: z.number().int(),
      distributing: z.number().int(),
      collected: z.number().int(),
      failed: z.number().int(),
      expired: z.number().int(),
    }),
  }),
);
export type EarningsAggregate = z.infer<typeof earningsAggregateSchema>;

export const taxInfoQuerySchema = lazySchema(() =>
  z.object({ earningId: z.string().uuid().optional() }).strict(),
);

/** What collecting would do now (one earning, or everything ready), shown before the user confirms. */
export const taxInfoSchema = lazySchema(() =>
  z.object({
    /** 'IN': Indian KYC, TDS and a bank payout; 'OTHER': straight to the earned K-Cash balance. */
    region: z.enum(['IN', 'OTHER']),
    destination: z.enum(['bank', 'wallet']),
    kycRequired: z.boolean(),
    kycComplete: z.boolean(),
    nextRequiredDoc: kycDocTypeSchema.nullable(),
    earningIds: z.array(z.string().uuid()),
    gross: moneySchema,
    tds: moneySchema,
    net: moneySchema,
    /** India: the same in rupees, with the Rule 133 figures behind the TDS. */
    payout: z.object({ gross: payAmountSchema, tds: payAmountSchema, net: payAmountSchema }).nullable(),
    tax: z
      .object({
        section: z.literal('194BA'),
        ratePercent: z.number(),
        financialYear: z.string(),
        /** Rule 133 net winnings of this withdrawal, and this month's net winnings so far including it. */
        netWinnings: payAmountSchema,
        monthNetWinnings: payAmountSchema,
        monthlyExemption: payAmountSchema,
        exempt: z.boolean(),
      })
      .nullable(),
    /** Masked bank account the payout goes to, when KYC is complete. */
    bank: z.record(z.string(), z.string()).nullable(),
  }),
);
export type TaxInfo = z.infer<typeof taxInfoSchema>;

export const collectResultSchema = lazySchema(() =>
  z.object({
    destination: z.enum(['bank', 'wallet']),
    earnings: z.array(earningSchema),
    gross: moneySchema,
    tds: moneySchema,
    net: moneySchema,
    /** India: the payout now processing. */
    payout: payoutSchema.nullable(),
  }),
);
export type CollectResult = z.infer<typeof collectResultSchema>;

export const devEarningBodySchema = lazySchema(() =>
  z
    .object({
      /** K-Cash minor units (1 K-Cash = 1000). */
      amount: positiveMinorUnitsSchema,
      title: z.string().trim().min(1).max(120).optional(),
      source: z.enum(EARNING_SOURCE_VALUES).optional(),
      /** Hours until it expires if not collected (none when left out). */
      expiresInHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 365)
        .optional(),
    })
    .strict(),
);

export const earningRoutes = {
  earningsList: defineRoute({
    method: 'GET',
    path: '/collect-earning/list',
    summary: 'Earnings of the signed-in user, newest first, with SPEC §3 statuses',
    tag: 'Earnings',
    auth: 'bearer',
    query: earningsQuerySchema,
    response: earningsPageSchema,
  }),
  earningsAggregate: defineRoute({
    method: 'GET',
    path: '/collect-earning/aggregate',
    summary: 'Totals of the signed-in user’s earnings per status',
    tag: 'Earnings',
    auth: 'bearer',
    response: earningsAggregateSchema,
  }),
  earningsTaxInfo: defineRoute({
    method: 'GET',
    path: '/collect-earning/tax-info',
    summary: 'What collecting would pay: TDS (India, §194BA / Rule 133), net amount and destination',
    tag: 'Earnings',
    auth: 'bearer',
    query: taxInfoQuerySchema,
    response: taxInfoSchema,
  }),
  earningCollect: defineRoute({
    method: 'POST',
    path: '/collect-earning/:id/collect',
    summary: 'Collect one earning (Idempotency-Key header required)',
    tag: 'Earnings',
    auth: 'bearer',
    params: lazySchema(() => uuidParams('id', EARNING_NOT_FOUND_MESSAGE)),
    response: collectResultSchema,
    idempotent: true,
  }),
  earningsCollectAll: defineRoute({
    method: 'POST',
    path: '/collect-earning/collect-all',
    summary:
      'Collect every earning ready to collect, and retry failed ones (Idempotency-Key header required)',
    tag: 'Earnings',
    auth: 'bearer',
    response: collectResultSchema,
    idempotent: true,
  }),
  payout: defineRoute({
    method: 'GET',
    path: '/collect-earning/payouts/:id',
    summary: 'One payout of the signed-in user and its status',
    tag: 'Earnings',
    auth: 'bearer',
    params: lazySchema(() => uuidParams('id', PAYOUT_NOT_FOUND_MESSAGE)),
    response: payoutSchema,
  }),
  devGrantEarning: defineRoute({
    method: 'POST',
    path: '/dev/earnings',
    summary: 'Development only: grant the signed-in user a test earning',
    tag: 'Development',
    auth: 'bearer',
    body: devEarningBodySchema,
    response: earningSchema,
    successStatus: 201,
    devOnly: true,
  }),
} as const;

/** The sandbox payout provider's refusal, stored as the payout's failure reason. */
export const PAYOUT_REJECTED_MESSAGE = 'Beneficiary bank rejected the transfer';
/** A payout's failure reason when the provider gave none. */
export const PAYOUT_FAILED_MESSAGE = 'The bank transfer failed.';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const earningsMessages = {
  EARNING_NOT_FOUND: EARNING_NOT_FOUND_MESSAGE,
  NOTHING_TO_COLLECT: NOTHING_TO_COLLECT_MESSAGE,
  EARNING_NOT_COLLECTABLE: EARNING_NOT_COLLECTABLE_MESSAGE,
  KYC_REQUIRED: KYC_REQUIRED_MESSAGE,
  PAYOUT_NOT_FOUND: PAYOUT_NOT_FOUND_MESSAGE,
  PAYOUT_TOO_SMALL: PAYOUT_TOO_SMALL_MESSAGE,
  PAYOUT_REJECTED: PAYOUT_REJECTED_MESSAGE,
  PAYOUT_FAILED: PAYOUT_FAILED_MESSAGE,
} as const;
