import { EARNING_SOURCE_VALUES, PAYOUT_METHODS, PAYOUT_STATUS_VALUES } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { ledgerTransfers } from './ledger.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Earnings and payouts (SPEC §3 earning statuses, DESIGN §5). An earning is K-Cash a quest, campaign or
 * clan owes a user. Granting it moves the amount treasury → earnings_payable; collecting it either
 * credits the user's earned K-Cash (outside India: straight to the wallet) or, in India after KYC,
 * withholds TDS (earnings_payable → tax_withheld) and hands the rest to a payout
 * (earnings_payable → payouts_in_transit → out of the system, or back to earnings_payable on failure).
 *
 * Status (stored lower case; the API shows SPEC's backend names, e.g. 'EARNING PENDING'):
 *   pending → distributing → credited;  pending → expired;  distributing → failed → distributing (retry).
 * A row is locked (SELECT … FOR UPDATE) whenever its status changes, so collect-one and collect-all
 * racing each other pay an earning once.
 */
export const EARNING_STATUSES = ['pending', 'distributing', 'credited', 'expired', 'failed'] as const;
export type EarningStatus = (typeof EARNING_STATUSES)[number];
/** Where an earning came from (SPEC §3 card entity types: kquest, kdrop, clanchieflite; plus others). */
export type EarningSource = (typeof EARNING_SOURCE_VALUES)[number];

export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
/** requested → processing → succeeded | failed. */
export type PayoutStatus = (typeof PAYOUT_STATUS_VALUES)[number];
export const PAYOUT_PROVIDERS = ['sandbox'] as const;

export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The Idempotency-Key operation of the collect request that made it. */
    operationId: uuid('operation_id').notNull(),
    provider: text('provider', { enum: PAYOUT_PROVIDERS }).notNull(),
    method: text('method', { enum: PAYOUT_METHODS }).notNull(),
    status: text('status', { enum: PAYOUT_STATUS_VALUES }).notNull().default('requested'),
    /** K-Cash minor units: gross = tax + net. */
    kcashGross: bigint('kcash_gross', { mode: 'bigint' }).notNull(),
    kcashTax: bigint('kcash_tax', { mode: 'bigint' }).notNull(),
    kcashNet: bigint('kcash_net', { mode: 'bigint' }).notNull(),
    /** What the user receives, in minor units of `payoutCurrency` (INR paise, BRL centavos). */
    payoutCurrency: text('payout_currency').notNull(),
    payoutGross: bigint('payout_gross', { mode: 'bigint' }).notNull(),
    payoutTax: bigint('payout_tax', { mode: 'bigint' }).notNull(),
    payoutNet: bigint('payout_net', { mode: 'bigint' }).notNull(),
    /** Rule 133 figures at the time of the withdrawal (India), for the tax statement. */
    financialYear: text('financial_year'),
    netWinnings: bigint('net_winnings', { mode: 'bigint' }),
    /** Masked destination for display and the provider's reference: { ifsc, last4, holderName } etc. */
    destination: jsonb('destination').$type<Record<string, string>>().notNull(),
    providerPayoutId: text('provider_payout_id').unique(),
    failureReason: text('failure_reason'),
    attempts: integer('attempts').notNull().default(0),
    taxTransferId: bigint('tax_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    unique('payouts_operation_key').on(t.operationId),
    index('payouts_user_created_idx').on(t.userId, t.createdAt),
    index('payouts_status_idx').on(t.status),
    check('payouts_status_check', sql`${t.status} in (${sqlList(PAYOUT_STATUS_VALUES)})`),
    check('payouts_method_check', sql`${t.method} in (${sqlList(PAYOUT_METHODS)})`),
    check(
      'payouts_amounts_check',
      sql`${t.kcashGross} > 0 and ${t.kcashTax} >= 0 and ${t.kcashNet} >= 0 and ${t.kcashGross} = ${t.kcashTax} + ${t.kcashNet}
        and ${t.payoutTax} >= 0 and ${t.payoutNet} >= 0 and ${t.payoutGross} = ${t.payoutTax} + ${t.payoutNet}`,
    ),
  ],
);

export const earnings = pgTable(
  'earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    source: text('source', { enum: EARNING_SOURCE_VALUES }).notNull(),
    /** The quest, campaign, clan… it came from (free text id). */
    sourceRef: text('source_ref'),
    title: text('title').notNull(),
    /** K-Cash minor units (earned K-Cash is the only collectable value). */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** SPEC §6 POG boost: the multiplier applied (basis points, > 10 000) and the amount before it; null when none. */
    boostBasisPoints: integer('boost_basis_points'),
    baseAmount: bigint('base_amount', { mode: 'bigint' }),
    status: text('status', { enum: EARNING_STATUSES }).notNull().default('pending'),
    /** One earning per grant key ever (e.g. `kquest:<questId>:<userId>`): a repeated grant is a no-op. */
    grantKey: text('grant_key').notNull().unique(),
    grantTransferId: bigint('grant_transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    /** The payout carrying it while distributing, or the last one that failed. */
    payoutId: uuid('payout_id').references(() => payouts.id),
    /** How many times collecting was attempted (a failed payout may be retried). */
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    failureReason: text('failure_reason'),
  },
  (t) => [
    index('earnings_user_status_idx').on(t.userId, t.status, t.createdAt),
    index('earnings_payout_idx').on(t.payoutId),
    check('earnings_amount_positive', sql`${t.amount} > 0`),
    check('earnings_status_check', sql`${t.status} in (${sqlList(EARNING_STATUSES)})`),
    check('earnings_source_check', sql`${t.source} in (${sqlList(EARNING_SOURCE_VALUES)})`),
    check(
      'earnings_distributing_has_payout',
      sql`${t.status} <> 'distributing' or ${t.payoutId} is not null`,
    ),
  ],
);

/** The sandbox payout provider's own side (what a real provider keeps on its servers). */
export const sandboxPayouts = pgTable('sandbox_payouts', {
  id: text('id').primaryKey(),
  /** Our payout id, as the merchant reference; one transfer per reference. */
  reference: uuid('reference').notNull().unique(),
  method: text('method').notNull(),
  currency: text('currency').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['processing', 'succeeded', 'failed'] }).notNull(),
  failureReason: text('failure_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

export type EarningRow = typeof earnings.$inferSelect;
export type PayoutRow = typeof payouts.$inferSelect;
