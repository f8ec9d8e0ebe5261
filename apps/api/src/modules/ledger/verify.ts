import type { CurrencyCode } from '@khel/core/format';
import type { Database, Executor } from '@khel/db';
import { type SQL, sql } from 'drizzle-orm';

export interface LedgerReport {
  /** True when every check below found nothing. */
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Sum of every account's balance per currency: 0 each when the books balance. */
  trialBalance: Partial<Record<CurrencyCode, bigint>>;
  /** Human-readable findings (at most 20 per check). */
  problems: string[];
}

/** Rows of a raw query: postgres.js returns an array, PGlite an object with `rows`. */
async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Audits the whole ledger in one consistent snapshot (REPEATABLE READ, read only), so it may run while
 * transfers are being posted:
 * - every cached balance equals the sum of its entries (credits − debits);
 * - every transfer's running balances equal the prefix sums of its accounts' entries;
 * - the balances of each currency sum to zero (the trial balance);
 * - no account but a treasury is below zero;
 * - every transfer is positive, between two different accounts of its own currency.
 */
export async function verifyLedger(db: Database): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const problems: string[] = [];
      const [counts] = await rows<{ accounts: number; transfers: number }>(
        tx,
        sql`select (select count(*) from ledger_accounts)::int as accounts,
                   (select count(*) from ledger_transfers)::int as transfers`,
      );

      for (const r of await rows<{ id: string; cached: string; entries: string }>(
        tx,
        sql`select a.id, a.balance::text as cached, coalesce(e.total, 0)::text as entries
              from ledger_accounts a
              left join (select account_id, sum(delta) as total from ledger_entries group by account_id) e
                on e.account_id = a.id
             where a.balance <> coalesce(e.total, 0)
             limit 20`,
      ))
        problems.push(`account ${r.id}: cached balance ${r.cached} but its entries sum to ${r.entries}`);

      for (const r of await rows<{
        transfer_id: string;
        account_id: string;
        balance_after: string;
        running: string;
      }>(
        tx,
        sql`select transfer_id::text, account_id, balance_after::text, running::text
              from (select transfer_id, account_id, balance_after,
                           sum(delta) over (partition by account_id order by transfer_id
                                            rows between unbounded preceding and current row) as running
                      from ledger_entries) x
             where running <> balance_after
             limit 20`,
      ))
        problems.push(
          `transfer ${r.transfer_id}: account ${r.account_id} shows ${r.balance_after} after it, entries say ${r.running}`,
        );

      const trialBalance: Partial<Record<CurrencyCode, bigint>> = {};
      for (const r of await rows<{ currency: CurrencyCode; total: string }>(
        tx,
        sql`select currency, sum(balance)::text as total from ledger_accounts group by currency order by currency`,
      )) {
        trialBalance[r.currency] = BigInt(r.total);
        if (r.total !== '0') problems.push(`${r.currency}: balances sum to ${r.total}, not 0`);
      }

      for (const r of await rows<{ id: string; kind: string; balance: string }>(
        tx,
        sql`select id, kind, balance::text from ledger_accounts where balance < 0 and kind <> 'treasury' limit 20`,
      ))
        problems.push(`account ${r.id} (${r.kind}) is negative: ${r.balance}`);

      for (const r of await rows<{ id: string }>(
        tx,
        sql`select t.id::text from ledger_transfers t
              join ledger_accounts d on d.id = t.debit_account_id
              join ledger_accounts c on c.id = t.credit_account_id
             where d.currency <> t.currency or c.currency <> t.currency
                or t.amount <= 0 or t.debit_account_id = t.credit_account_id
             limit 20`,
      ))
        problems.push(`transfer ${r.id} is malformed`);

      return {
        ok: problems.length === 0,
        accounts: counts?.accounts ?? 0,
        transfers: counts?.transfers ?? 0,
        trialBalance,
        problems,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
