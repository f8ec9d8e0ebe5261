import { DEPOSIT_STATUS_VALUES, ONRAMP_CURRENCY_CODES } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Buying K-Cash (DESIGN §5). A deposit is our record of one purchase through a payment provider:
 * pending → paid → credited, or pending → failed / expired. The K-Cash is credited by a ledger transfer
 * (treasury → user_kcash_bought) whose key is derived from the provider's event, and the deposit row is
 * locked while it happens, so a webhook delivered many times credits once.
 */
/**
 * `refund_due` / `refunded`: the provider took the money after the deposit had expired or failed, so
 * nothing was credited; the payment is handed back through the provider's refund call.
 */
export type DepositStatus = (typeof DEPOSIT_STATUS_VALUES)[number];
export const PAYMENT_PROVIDERS = ['sandbox'] as const;

export const deposits = pgTable(
  'deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id of the payment (sandbox: the checkout id). */
    providerPaymentId: text('provider_payment_id').notNull().unique(),
    /** What the user pays, in minor units of `currency` (USDT 6 decimals, INR paise, BRL centavos). */
    currency: text('currency', { enum: ONRAMP_CURRENCY_CODES }).notNull(),
    method: text('method').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The quote fixed at creation: USDT value, fee in USDT, K-Cash to credit. */
    usdtAmount: bigint('usdt_amount', { mode: 'bigint' }).notNull(),
    feeUsdt: bigint('fee_usdt', { mode: 'bigint' }).notNull(),
    kcashAmount: bigint('kcash_amount', { mode: 'bigint' }).notNull(),
    status: text('status', { enum: DEPOSIT_STATUS_VALUES }).notNull().default('pending'),
    /** The provider event that moved it to paid/credited/failed. */
    providerEventId: text('provider_event_id'),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    providerRefundId: text('provider_refund_id'),
  },
  (t) => [
    index('deposits_user_created_idx').on(t.userId, t.createdAt),
    check('deposits_status_check', sql`${t.status} in (${sqlList(DEPOSIT_STATUS_VALUES)})`),
    check('deposits_amounts_check', sql`${t.amount} > 0 and ${t.kcashAmount} > 0 and ${t.feeUsdt} >= 0`),
    check(
      'deposits_credited_check',
      sql`(${t.status} = 'credited') = (${t.creditTransferId} is not null and ${t.creditedAt} is not null)`,
    ),
  ],
);
export type DepositRow = typeof deposits.$inferSelect;

/** Every provider event we accepted, once per (provider, event id): the webhook's idempotency record. */
export const paymentWebhookEvents = pgTable(
  'payment_webhook_events',
  {
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    depositId: uuid('deposit_id').references(() => deposits.id),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

/** The sandbox provider's own side of a payment (what a real provider keeps on its servers). */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  /** Our deposit id, as the merchant reference. */
  reference: uuid('reference').notNull(),
  currency: text('currency').notNull(),
  amount: bigint('amount', { mode: 'bigint' }).notNull(),
  status: text('status', { enum: ['open', 'succeeded', 'failed', 'refunded'] })
    .notNull()
    .default('open'),
  /** Set when the payment completes; redelivery sends the same event. */
  eventId: text('event_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});
