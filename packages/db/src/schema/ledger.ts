import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  pgView,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * The double-entry ledger (DESIGN §5). The rules live in the database, not only in code; migration
 * 0002_ledger adds what Drizzle cannot express (triggers, the entries view):
 *
 * - A transfer is one row that moves `amount` minor units from its debit account to its credit account.
 *   Both accounts must be in the transfer's currency (composite foreign keys on (account, currency)),
 *   so every transfer nets to zero by construction and no half-written transfer can exist.
 * - Balance sign: balance = credits − debits. User accounts and every system account except the
 *   treasury must stay ≥ 0 (CHECK). The treasury of a currency is where its units are issued from, so
 *   its balance is minus everything outstanding; the sum of all balances of a currency is always 0.
 * - Cached balances are maintained by the database: inserting a transfer applies it to both accounts
 *   (trigger) and checks the transfer's `*_balance_after` against the result. A balance cannot be
 *   changed any other way (a direct UPDATE raises), and transfers are append-only (UPDATE, DELETE and
 *   TRUNCATE raise). Corrections are new transfers, never edits.
 */

/** Currency codes of @khel/core's CURRENCIES (db does not import core; the API checks they agree). */
export const LEDGER_CURRENCIES = ['USDT', 'KCASH', 'RKHEL', 'KPOINTS', 'TON', 'XTR'] as const;
export type LedgerCurrency = (typeof LEDGER_CURRENCIES)[number];

/** A user's balances; the kind fixes the currency. Bought and earned K-Cash are kept apart (DESIGN §5). */
export const USER_ACCOUNT_KINDS = [
  'user_usdt',
  'user_kcash_bought',
  'user_kcash_earned',
  'user_rkhel',
  'user_kpoints',
] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];
export const USER_ACCOUNT_CURRENCY = {
  user_usdt: 'USDT',
  user_kcash_bought: 'KCASH',
  user_kcash_earned: 'KCASH',
  user_rkhel: 'RKHEL',
  user_kpoints: 'KPOINTS',
} as const satisfies Record<UserAccountKind, LedgerCurrency>;

/**
 * System accounts, no owner, each (kind, currency) held as SYSTEM_ACCOUNT_SHARDS rows (`shard` 0 to
 * N − 1) so that concurrent transfers take different rows; the account's balance is the sum of its
 * shards (apps/api/src/modules/ledger/README.md "Shards"). The migrations create them all (a kind or
 * currency added later is created on first use). `treasury` is the only account allowed below zero:
 * it issues units (deposits, grants, funding the rewards pool). The others are pools and sinks.
 */
export const SYSTEM_ACCOUNT_KINDS = [
  'treasury',
  'rewards_pool',
  'store_revenue',
  'fees',
  'tax_withheld',
  'rounding',
  /** Earnings granted and not yet collected (a liability to users). */
  'earnings_payable',
  /** Collected earnings handed to the payout provider and not yet confirmed paid. */
  'payouts_in_transit',
  /** Klash entry fees held until the tournament starts (then to `fees`) or is cancelled (refunded). */
  'klash_escrow',
  /** TON held in Khel's deposit wallet on the TON chain (modules/ton-deposits), in nanoton; never below 0. */
  'ton_custody',
  /** Telegram Stars paid to the bot that Telegram holds for us (XTR); refunds are paid back from it, never below 0. */
  'stars_clearing',
] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

/**
 * Rows per system account (kind, currency). Migration 0025 creates shards 0–63 of every system
 * account; raising this needs a migration adding the new shards (a transfer only picks existing ones),
 * lowering it leaves the higher shards in the books but unused by new transfers.
 */
export const SYSTEM_ACCOUNT_SHARDS = 64;
export const LEDGER_ACCOUNT_KINDS = [...USER_ACCOUNT_KINDS, ...SYSTEM_ACCOUNT_KINDS] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

/** What a transfer is for (shown in transaction history). Add kinds here as features need them. */
export const TRANSFER_KINDS = [
  'dev_grant',
  'onramp_deposit',
  'swap',
  'store_purchase',
  'store_refund',
  'earning_credit',
  'earning_collect',
  'tax_withholding',
  'earning_grant',
  'earning_expiry',
  'tax_reversal',
  'payout',
  'payout_reversal',
  'deposit_refund',
  'fee',
  'rounding',
  'reward',
  'pool_funding',
  'adjustment',
  /** Balance moved between two shards of one system account (its total does not change). */
  'shard_rebalance',
  /** A streak freeze of the daily reward, bought with K-Points. */
  'streak_freeze',
  /** TON that arrived in Khel's deposit wallet (to `ton_custody`) and the bought K-Cash it paid for. */
  'ton_deposit',
  /** TON sent from Khel's wallet to a gamer's wallet (out of `ton_custody`). */
  'ton_withdrawal',
  /** A Telegram Stars payment: the Stars received, and the K-Cash of a pack bought with them. */
  'stars_payment',
  /** A Telegram Stars payment given back (refundStarPayment): the reverse of its stars_payment legs. */
  'stars_refund',
] as const;
export type TransferKind = (typeof TRANSFER_KINDS)[number];

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null for system accounts. Users are never hard-deleted while they have money records. */
    ownerUserId: uuid('owner_user_id').references(() => users.id),
    currency: text('currency', { enum: LEDGER_CURRENCIES }).notNull(),
    kind: text('kind', { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** Minor units, credits − debits; maintained by the transfer trigger only. */
    balance: bigint('balance', { mode: 'bigint' }).notNull().default(sql`0`),
    /** Which row of a system account this is (0 … SYSTEM_ACCOUNT_SHARDS − 1); always 0 for a user's. */
    shard: smallint('shard').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_accounts_owner_currency_kind_shard_key')
      .on(t.ownerUserId, t.currency, t.kind, t.shard)
      .nullsNotDistinct(),
    check(
      'ledger_accounts_shard_check',
      sql`${t.shard} >= 0 and (${t.ownerUserId} is null or ${t.shard} = 0)`,
    ),
    // Target of the transfers' composite foreign keys: an account is referenced with its currency.
    unique('ledger_accounts_id_currency_key').on(t.id, t.currency),
    check('ledger_accounts_currency_check', sql`${t.currency} in (${sqlList(LEDGER_CURRENCIES)})`),
    check(
      'ledger_accounts_kind_owner_check',
      sql`(${t.ownerUserId} is not null and ${t.kind} in (${sqlList(USER_ACCOUNT_KINDS)}))
        or (${t.ownerUserId} is null and ${t.kind} in (${sqlList(SYSTEM_ACCOUNT_KINDS)}))`,
    ),
    check(
      'ledger_accounts_user_kind_currency_check',
      sql.raw(
        `case "kind" ${Object.entries(USER_ACCOUNT_CURRENCY)
          .map(([kind, currency]) => `when '${kind}' then "currency" = '${currency}'`)
          .join(' ')} else true end`,
      ),
    ),
    check('ledger_accounts_balance_nonnegative', sql`${t.balance} >= 0 or ${t.kind} = 'treasury'`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    /** Commit order per account: both accounts are locked before the row gets its id. */
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** One posting per key, ever. A replay with the same body gets this row back and moves nothing. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    /** The legs written together by one transferMany call share it. */
    batchId: uuid('batch_id').notNull(),
    debitAccountId: uuid('debit_account_id').notNull(),
    creditAccountId: uuid('credit_account_id').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    currency: text('currency', { enum: LEDGER_CURRENCIES }).notNull(),
    kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
    /** Descriptive references (order id, earning id…); amounts in it are strings. Not part of replay checks. */
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** Running balances after this transfer, checked by the trigger: the account's statement line. */
    debitBalanceAfter: bigint('debit_balance_after', { mode: 'bigint' }).notNull(),
    creditBalanceAfter: bigint('credit_balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'ledger_transfers_debit_account_currency_fk',
      columns: [t.debitAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    foreignKey({
      name: 'ledger_transfers_credit_account_currency_fk',
      columns: [t.creditAccountId, t.currency],
      foreignColumns: [ledgerAccounts.id, ledgerAccounts.currency],
    }),
    check('ledger_transfers_amount_positive', sql`${t.amount} > 0`),
    check('ledger_transfers_distinct_accounts', sql`${t.debitAccountId} <> ${t.creditAccountId}`),
    check('ledger_transfers_currency_check', sql`${t.currency} in (${sqlList(LEDGER_CURRENCIES)})`),
    check('ledger_transfers_kind_format', sql`${t.kind} ~ '^[a-z][a-z0-9_]{0,62}$'`),
    check('ledger_transfers_key_length', sql`char_length(${t.idempotencyKey}) between 1 and 255`),
    index('ledger_transfers_debit_idx').on(t.debitAccountId, t.id),
    index('ledger_transfers_credit_idx').on(t.creditAccountId, t.id),
    index('ledger_transfers_batch_idx').on(t.batchId),
  ],
);

/**
 * The two entries of every transfer (a view over ledger_transfers, created in migration 0002):
 * the debit side with delta = −amount and the credit side with delta = +amount. An account's balance
 * is the sum of its deltas.
 */
export const ledgerEntries = pgView('ledger_entries', {
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  accountId: uuid('account_id').notNull(),
  side: text('side', { enum: ['debit', 'credit'] }).notNull(),
  delta: bigint('delta', { mode: 'bigint' }).notNull(),
  balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
  currency: text('currency', { enum: LEDGER_CURRENCIES }).notNull(),
  kind: text('kind', { enum: TRANSFER_KINDS }).notNull(),
  batchId: uuid('batch_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}).existing();

/** A stored answer of a money write, replayed for the same Idempotency-Key and body (DESIGN §3). */
export type StoredIdempotentResponse = {
  status: number;
  message: string;
  /** The envelope's `data` as the JSON text first sent, so a replay is byte-identical (jsonb reorders keys). */
  dataJson: string;
  headers?: Record<string, string>;
};

/**
 * Idempotency-Key records of money writes, per user. `in_flight` rows are leased (`locked_until`,
 * `lock_token`): a request whose process died is taken over after the lease; the one that finishes
 * must still hold the token, or its transaction is rolled back.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /**
     * Stable id of the operation the key stands for: kept when a lease is taken over, new when a key is
     * reused after retention. Handlers derive ledger transfer keys from it, not from the client's key.
     */
    operationId: uuid('operation_id').notNull(),
    requestMethod: text('request_method').notNull(),
    requestPath: text('request_path').notNull(),
    /** SHA-256 of method, path and canonical JSON body. */
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: ['in_flight', 'completed'] }).notNull(),
    response: jsonb('response').$type<StoredIdempotentResponse>(),
    lockToken: uuid('lock_token'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** After this the record may be pruned and the key used again. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.userId, t.key] }),
    check('idempotency_keys_status_check', sql`${t.status} in ('in_flight', 'completed')`),
    check(
      'idempotency_keys_response_when_completed',
      sql`(${t.status} = 'completed') = (${t.response} is not null)`,
    ),
    check('idempotency_keys_key_length', sql`char_length(${t.key}) between 1 and 255`),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

export type LedgerAccountRow = typeof ledgerAccounts.$inferSelect;
export type LedgerTransferRow = typeof ledgerTransfers.$inferSelect;
export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
