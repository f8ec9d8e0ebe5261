import {
  type BalanceKey,
  money,
  TRANSACTION_ID_PATTERN,
  TRANSACTION_NOT_FOUND_MESSAGE,
  type TransactionLine,
  type TransactionsPage,
  type TransactionType,
} from '@khel/core/contract';
import { CURRENCIES, type CurrencyCode } from '@khel/core/format';
import type { Executor } from '@khel/db';
import {
  ledgerAccounts,
  ledgerTransfers,
  TRANSFER_KINDS,
  type TransferKind,
  type UserAccountKind,
} from '@khel/db/schema';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import { AppError } from '../lib/http.ts';

/** The SPEC §7 type each transfer kind is listed under. */
export const TRANSACTION_TYPE_OF_KIND: Record<TransferKind, TransactionType> = {
  onramp_deposit: 'onramp',
  swap: 'onramp',
  store_purchase: 'shop',
  store_refund: 'shop',
  earning_collect: 'redeem',
  tax_withholding: 'redeem',
  payout: 'redeem',
  payout_reversal: 'redeem',
  tax_reversal: 'redeem',
  earning_grant: 'meta-txn',
  earning_expiry: 'meta-txn',
  deposit_refund: 'onramp',
  earning_credit: 'meta-txn',
  reward: 'meta-txn',
  dev_grant: 'meta-txn',
  fee: 'meta-txn',
  rounding: 'meta-txn',
  pool_funding: 'meta-txn',
  adjustment: 'meta-txn',
};

/** A kind added to the ledger later is listed under meta-txn until it gets its own type. */
export const typeOfKind = (kind: string): TransactionType =>
  TRANSACTION_TYPE_OF_KIND[kind as TransferKind] ?? 'meta-txn';

export const kindsOfType = (type: TransactionType): string[] =>
  TRANSFER_KINDS.filter((k) => typeOfKind(k) === type);

const BALANCE_OF_ACCOUNT: Record<UserAccountKind, BalanceKey> = {
  user_usdt: 'usdt',
  user_kcash_bought: 'kcashBought',
  user_kcash_earned: 'kcashEarned',
  user_rkhel: 'rkhel',
  user_kpoints: 'kpoints',
};

const camel = (kind: string) => kind.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * The English label of a movement and the key (plus parameters) a translated screen uses instead:
 * `transactions.label.<kind in camelCase>.<in|out>`, e.g. `transactions.label.storePurchase.out`.
 */
export function labelOf(
  kind: string,
  direction: 'in' | 'out',
  currency: CurrencyCode,
  metadata: Record<string, unknown>,
): { label: string; labelKey: string; labelParams: Record<string, string> } {
  const currencyLabel = CURRENCIES[currency].label;
  const params: Record<string, string> = { currency: currencyLabel };
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : undefined);
  const itemName = text(metadata.itemName);
  const quantity = text(metadata.quantity);
  const earningTitle = text(metadata.earningTitle);
  if (itemName) params.itemName = itemName;
  if (quantity) params.quantity = quantity;
  if (earningTitle) params.earningTitle = earningTitle;
  const item = itemName
    ? `${quantity && quantity !== '1' ? `${quantity} × ` : ''}${itemName}`
    : 'a store item';

  const labels: Record<string, { in: string; out: string }> = {
    dev_grant: { in: `Test credit of ${currencyLabel}`, out: `Test debit of ${currencyLabel}` },
    onramp_deposit: { in: `Bought ${currencyLabel}`, out: `Deposit of ${currencyLabel} reversed` },
    swap: { in: `Swapped into ${currencyLabel}`, out: `Swapped ${currencyLabel}` },
    store_purchase: { in: `Store sale: ${item}`, out: `Bought ${item} in the K-Store` },
    store_refund: { in: `Refund for ${item}`, out: `Refund for ${item}` },
    earning_credit: { in: 'Earning credited', out: 'Earning reversed' },
    earning_collect: {
      in: earningTitle ? `Earning collected: ${earningTitle}` : 'Earnings collected',
      out: 'Earnings collected',
    },
    earning_grant: { in: 'Earning granted', out: 'Earning granted' },
    earning_expiry: { in: 'Earning expired', out: 'Earning expired' },
    tax_withholding: { in: 'Tax refunded', out: 'Tax withheld (TDS)' },
    tax_reversal: { in: 'Tax withheld returned', out: 'Tax reversal' },
    payout: { in: 'Payout received', out: 'Payout to your bank account' },
    payout_reversal: { in: 'Failed payout returned', out: 'Payout reversal' },
    deposit_refund: { in: 'Deposit refunded', out: 'Deposit refunded' },
    fee: { in: 'Fee refunded', out: 'Fee' },
    rounding: { in: 'Rounding adjustment', out: 'Rounding adjustment' },
    reward: { in: 'Reward', out: 'Reward reversed' },
    pool_funding: { in: 'Pool funding', out: 'Pool funding' },
    adjustment: { in: 'Balance adjustment', out: 'Balance adjustment' },
  };
  const label = labels[kind]?.[direction] ?? (direction === 'in' ? 'Credit' : 'Debit');
  return { label, labelKey: `transactions.label.${camel(kind)}.${direction}`, labelParams: params };
}

interface LineRow {
  transferId: string | number;
  direction: string;
  accountId: string;
  balanceAfter: string | number | bigint;
  amount: bigint;
  currency: CurrencyCode;
  kind: string;
  metadata: Record<string, unknown>;
  createdAt: Date;
}

function toLine(row: LineRow, accountKind: UserAccountKind): TransactionLine {
  const direction = row.direction === 'in' ? 'in' : 'out';
  const orderId = typeof row.metadata.orderId === 'string' ? row.metadata.orderId : undefined;
  return {
    id: `${row.transferId}-${direction}`,
    type: typeOfKind(row.kind),
    kind: row.kind,
    ...labelOf(row.kind, direction, row.currency, row.metadata),
    direction,
    amount: money(BigInt(row.amount), row.currency),
    balance: BALANCE_OF_ACCOUNT[accountKind],
    balanceAfter: money(BigInt(row.balanceAfter), row.currency),
    reference: orderId ? { orderId } : {},
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

async function userAccountsOf(db: Executor, userId: string) {
  const rows = await db
    .select({ id: ledgerAccounts.id, kind: ledgerAccounts.kind })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.ownerUserId, userId), isNotNull(ledgerAccounts.ownerUserId)));
  return new Map(rows.map((r) => [r.id, r.kind as UserAccountKind]));
}

/** Both sides of transfers as lines; `side` picks the user's account column. */
function sideQuery(db: Executor, side: 'in' | 'out', accountIds: string[], kinds: string[] | null) {
  const t = ledgerTransfers;
  const account = side === 'out' ? t.debitAccountId : t.creditAccountId;
  const after = side === 'out' ? t.debitBalanceAfter : t.creditBalanceAfter;
  return db
    .select({
      transferId: sql<string>`${t.id}`.as('transfer_id'),
      direction: sql<string>`${side}`.as('direction'),
      accountId: sql<string>`${account}`.as('account_id'),
      balanceAfter: sql<string>`${after}::text`.as('balance_after'),
      amount: t.amount,
      currency: t.currency,
      kind: t.kind,
      metadata: t.metadata,
      createdAt: t.createdAt,
    })
    .from(t)
    .where(and(inArray(account, accountIds), kinds ? inArray(t.kind, kinds as TransferKind[]) : undefined));
}

/** A page of the user's history, newest first (SPEC §7 list state). */
export async function listTransactions(
  db: Executor,
  userId: string,
  { type, page, limit }: { type?: TransactionType; page: number; limit: number },
): Promise<TransactionsPage> {
  const offset = (page - 1) * limit;
  const accounts = await userAccountsOf(db, userId);
  if (accounts.size === 0) return { list: [], page, limit, offset, isLastCard: true };
  const ids = [...accounts.keys()];
  const kinds = type ? kindsOfType(type) : null;
  const rows = (await unionAll(sideQuery(db, 'out', ids, kinds), sideQuery(db, 'in', ids, kinds))
    .orderBy(sql`transfer_id desc`, sql`direction desc`)
    .limit(limit + 1)
    .offset(offset)) as unknown as LineRow[];
  const isLastCard = rows.length <= limit;
  const list = rows.slice(0, limit).map((r) => toLine(r, accounts.get(r.accountId)!));
  return { list, page, limit, offset: offset + list.length, isLastCard };
}

/** One line by its id (`<transfer id>-in|out`), only when that side is one of the user's accounts. */
export async function getTransaction(db: Executor, userId: string, id: string): Promise<TransactionLine> {
  const match = TRANSACTION_ID_PATTERN.exec(id);
  if (!match) throw new AppError(404, TRANSACTION_NOT_FOUND_MESSAGE);
  const direction = match[1] as 'in' | 'out';
  const transferId = Number(id.slice(0, id.lastIndexOf('-')));
  if (!Number.isSafeInteger(transferId)) throw new AppError(404, TRANSACTION_NOT_FOUND_MESSAGE);
  const accounts = await userAccountsOf(db, userId);
  const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
  const accountId = row && (direction === 'out' ? row.debitAccountId : row.creditAccountId);
  if (!row || !accountId || !accounts.has(accountId)) throw new AppError(404, TRANSACTION_NOT_FOUND_MESSAGE);
  return toLine(
    {
      transferId: row.id,
      direction,
      accountId,
      balanceAfter: direction === 'out' ? row.debitBalanceAfter : row.creditBalanceAfter,
      amount: row.amount,
      currency: row.currency,
      kind: row.kind,
      metadata: row.metadata,
      createdAt: row.createdAt,
    },
    accounts.get(accountId)!,
  );
}
