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
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { AppError } from '../../lib/http.ts';

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
  // Between shards of one system account: never on a user's history.
  shard_rebalance: 'meta-txn',
  streak_freeze: 'meta-txn',
  ton_deposit: 'onramp',
  ton_withdrawal: 'redeem',
  // K-Cash bought with Telegram Stars, and its refund.
  stars_payment: 'onramp',
  stars_refund: 'onramp',
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
    shard_rebalance: { in: 'Internal transfer', out: 'Internal transfer' },
    streak_freeze: { in: 'Streak freeze refunded', out: 'Streak freeze bought' },
    ton_deposit: { in: 'Bought with TON', out: 'TON payment reversed' },
    ton_withdrawal: { in: 'TON withdrawal returned', out: 'Sent to your TON wallet' },
    stars_payment: { in: `Bought ${currencyLabel} with Telegram Stars`, out: 'Telegram Stars payment' },
    stars_refund: { in: 'Telegram Stars refund', out: `${currencyLabel} bought with Stars refunded` },
  };
  const label = labels[kind]?.[direction] ?? (direction === 'in' ? 'Credit' : 'Debit');
  return { label, labelKey: `transactions.label.${camel(kind)}.${direction}`, labelParams: params };
}

interface LineRow {
  transferId: string | number;
  direction: string;
  accountId: string;
  balanceAfter: string | number | bigint;
  amount: bigint | string;
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

/** A line's position in the history (newest first: transfer id, then `out` before `in`). */
interface Cursor {
  transferId: number;
  direction: 'in' | 'out';
}

function parseCursor(id: string): Cursor | null {
  const match = TRANSACTION_ID_PATTERN.exec(id);
  const transferId = Number(id.slice(0, id.lastIndexOf('-')));
  if (!match || !Number.isSafeInteger(transferId)) return null;
  return { transferId, direction: match[1] as 'in' | 'out' };
}

/**
 * The newest `take` lines of one side of one account, after the cursor. Each branch walks its
 * (account, id) index backwards and stops after `take` rows, so a page costs the same at 10 or
 * 100 000 transfers.
 */
function sideOfAccount(
  side: 'in' | 'out',
  accountId: string,
  kinds: string[] | null,
  after: Cursor | null,
  take: number,
) {
  const t = ledgerTransfers;
  const account = side === 'out' ? t.debitAccountId : t.creditAccountId;
  const balanceAfter = side === 'out' ? t.debitBalanceAfter : t.creditBalanceAfter;
  // `out` sorts before `in` within one transfer: after (id, out) comes (id, in).
  const afterCursor = !after
    ? sql``
    : side === 'in' && after.direction === 'out'
      ? sql` and ${t.id} <= ${after.transferId}`
      : sql` and ${t.id} < ${after.transferId}`;
  const kindFilter = kinds
    ? sql` and ${t.kind} in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`
    : sql``;
  return sql`(select ${t.id} as "transferId", ${side} as "direction", ${account} as "accountId",
    ${balanceAfter}::text as "balanceAfter", ${t.amount}::text as "amount", ${t.currency} as "currency",
    ${t.kind} as "kind", ${t.metadata} as "metadata", to_json(${t.createdAt}) #>> '{}' as "createdAt"
    from ${t} where ${account} = ${accountId}${kindFilter}${afterCursor}
    order by ${t.id} desc limit ${take})`;
}

/**
 * A page of the user's history, newest first (SPEC §7 list state). `before` (a line id, the previous
 * page's `nextCursor`) pages by keyset; without it, `page` counts pages from the newest line.
 */
export async function listTransactions(
  db: Executor,
  userId: string,
  { type, page, limit, before }: { type?: TransactionType; page: number; limit: number; before?: string },
): Promise<TransactionsPage> {
  const after = before ? parseCursor(before) : null;
  const offset = after ? 0 : (page - 1) * limit;
  const accounts = await userAccountsOf(db, userId);
  if (accounts.size === 0 || (before && !after))
    return { list: [], page, limit, offset, isLastCard: true, nextCursor: null };
  const kinds = type ? kindsOfType(type) : null;
  const take = offset + limit + 1;
  const branches = [...accounts.keys()].flatMap((accountId) =>
    (['out', 'in'] as const).map((side) => sideOfAccount(side, accountId, kinds, after, take)),
  );
  const result = await db.execute(
    sql`select * from (${sql.join(branches, sql` union all `)}) as lines
      order by "transferId" desc, "direction" desc limit ${limit + 1} offset ${offset}`,
  );
  const rows = (result as unknown as { rows?: LineRow[] }).rows ?? (result as unknown as LineRow[]);
  const isLastCard = rows.length <= limit;
  const list = rows.slice(0, limit).map((r) => toLine(r, accounts.get(r.accountId)!));
  return {
    list,
    page,
    limit,
    offset: offset + list.length,
    isLastCard,
    nextCursor: isLastCard ? null : (list.at(-1)?.id ?? null),
  };
}

/** One line by its id (`<transfer id>-in|out`), only when that side is one of the user's accounts. */
export async function getTransaction(db: Executor, userId: string, id: string): Promise<TransactionLine> {
  const position = parseCursor(id);
  if (!position) throw new AppError(404, TRANSACTION_NOT_FOUND_MESSAGE);
  const { transferId, direction } = position;
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
