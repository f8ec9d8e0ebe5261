import { TON_DEPOSIT_STATUS_VALUES } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * TON deposits (issue 27; apps/api/src/modules/ton-deposits). A `ton_deposits` row is a gamer's intent
 * to pay: the memo (text comment) that names it on the chain and the quote locked until `expires_at`.
 * Nothing is credited from it: the watcher reads Khel's deposit wallet on the chain and records each
 * inbound transaction once in `ton_inbound_transactions` (its hash is the key), crediting the intent
 * its memo names in the same database transaction, with ledger keys derived from that hash.
 */
export const tonDeposits = pgTable(
  'ton_deposits',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** The text comment the payment carries (`KHEL-XXXX-XXXX`, upper case); one intent per memo, ever. */
    memo: text('memo').notNull().unique(),
    /** Where it is to be paid: the deposit wallet (raw form) and its network (`ton:sandbox`, `ton:mainnet`). */
    address: text('address').notNull(),
    network: text('network').notNull(),
    /** The quote: nanoton to pay and the bought K-Cash (minor units) it is worth at the locked rate. */
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    kcashAmount: bigint('kcash_amount', { mode: 'bigint' }).notNull(),
    /** The locked rate: `rate_kcash` K-Cash for `rate_ton` TON (whole units), from the rate provider. */
    rateTon: bigint('rate_ton', { mode: 'bigint' }).notNull(),
    rateKcash: bigint('rate_kcash', { mode: 'bigint' }).notNull(),
    /** The wallet the gamer connected with TON Connect when asking (informative; the memo decides). */
    wallet: text('wallet'),
    status: text('status', { enum: TON_DEPOSIT_STATUS_VALUES }).notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The quote holds until then; a payment seen later is credited at the rate of that moment. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** What arrived and what was credited (null until then). */
    receivedAmount: bigint('received_amount', { mode: 'bigint' }),
    creditedKcash: bigint('credited_kcash', { mode: 'bigint' }),
    txHash: text('tx_hash'),
    creditTransferId: bigint('credit_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (t) => [
    index('ton_deposits_user_created_idx').on(t.userId, t.createdAt),
    check('ton_deposits_status_check', sql`${t.status} in (${sqlList(TON_DEPOSIT_STATUS_VALUES)})`),
    check('ton_deposits_amounts_check', sql`${t.amount} > 0 and ${t.kcashAmount} > 0`),
    check(
      'ton_deposits_credited_check',
      sql`(${t.status} = 'credited') = (${t.creditTransferId} is not null and ${t.creditedAt} is not null)`,
    ),
  ],
);
export type TonDepositRow = typeof tonDeposits.$inferSelect;

/** What the watcher did with one inbound transaction of the deposit wallet (not in the API's answers). */
export const TON_INBOUND_OUTCOMES = [
  /** Matched a deposit's memo and credited its K-Cash. */
  'credited',
  /** No comment, or a comment that is no deposit's memo: kept for operators, credited to nobody. */
  'unknown_memo',
  /** Below or above the limits of one payment: held for a refund. */
  'too_small',
  'too_large',
  /** The deposit it names was already credited by another transaction: held for a refund. */
  'memo_used',
  /** A bounce (the message came back, or the wallet did not keep the value): nothing arrived. */
  'bounced',
] as const;
export type TonInboundOutcome = (typeof TON_INBOUND_OUTCOMES)[number];

/**
 * Every inbound transaction of the deposit wallet the watcher has looked at, once per transaction hash
 * (hex): what arrived, from whom, its memo, and what was done with it (`credited`, or why not: an
 * unknown memo, too small, bounced…). Rows that are not `credited` are for operators (a refund by hand).
 */
export const tonInboundTransactions = pgTable(
  'ton_inbound_transactions',
  {
    txHash: text('tx_hash').primaryKey(),
    /** Logical time of the transaction (the chain's order), as text: it is a uint64. */
    lt: text('lt').notNull(),
    network: text('network').notNull(),
    source: text('source'),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The text comment as it arrived (trimmed, at most 200 characters), or null without one. */
    comment: text('comment'),
    depositId: uuid('deposit_id').references(() => tonDeposits.id),
    outcome: text('outcome', { enum: TON_INBOUND_OUTCOMES }).notNull(),
    kcashAmount: bigint('kcash_amount', { mode: 'bigint' }),
    chainTime: timestamp('chain_time', { withTimezone: true }).notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ton_inbound_transactions_outcome_check', sql`${t.outcome} in (${sqlList(TON_INBOUND_OUTCOMES)})`),
    index('ton_inbound_transactions_deposit_idx').on(t.depositId),
    index('ton_inbound_transactions_seen_idx').on(t.seenAt),
  ],
);
export type TonInboundTransactionRow = typeof tonInboundTransactions.$inferSelect;
