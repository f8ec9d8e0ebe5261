import { MESSAGES } from '@khel/core/domain';
import { type DatabaseHandle, schema } from '@khel/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DB_KINDS } from '../../test-support.ts';
import {
  accountOf,
  databaseError,
  fund,
  newUser,
  openLedgerDatabase,
  rawRows,
  systemBalance,
} from './ledger.test-support.ts';
import {
  balances,
  ensureUserAccounts,
  InsufficientFundsError,
  insufficientFundsMessage,
  LEDGER_KEY_REUSED_MESSAGE,
  LedgerUsageError,
  spendKcash,
  systemAccount,
  TransferKeyReusedError,
  transfer,
  transferMany,
  userAccount,
  verifyLedger,
} from './ledger.ts';
import { concurrencyCases } from './ledger-concurrency.cases.ts';
import { modelCases } from './ledger-model.cases.ts';

describe.each(DB_KINDS)('ledger on %s', (kind) => {
  let handle: DatabaseHandle;
  const db = () => handle.db;
  beforeAll(async () => {
    handle = await openLedgerDatabase(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await handle?.close();
  });

  describe('the database enforces the rules, whatever the code does', () => {
    it('transfers are append-only: UPDATE, DELETE and TRUNCATE raise, and the entries view cannot be written', async () => {
      const user = await newUser(db());
      const { transfer: t } = await fund(db(), user, 'user_kcash_bought', 5_000n);
      for (const statement of [
        `update ledger_transfers set amount = 1 where id = ${t.id}`,
        `update ledger_transfers set metadata = '{"edited":true}' where id = ${t.id}`,
        `delete from ledger_transfers where id = ${t.id}`,
        'truncate ledger_transfers cascade',
      ]) {
        const err = await databaseError(rawRows(db(), statement));
        expect(err.message, statement).toMatch(/ledger_transfers is append-only/);
      }
      await databaseError(rawRows(db(), `delete from ledger_entries where transfer_id = ${t.id}`));
      await databaseError(rawRows(db(), `update ledger_entries set delta = 0 where transfer_id = ${t.id}`));
      const [row] = await db()
        .select()
        .from(schema.ledgerTransfers)
        .where(eq(schema.ledgerTransfers.id, t.id));
      expect(row).toEqual(t);
      expect((await balances(db(), user)).user_kcash_bought).toBe(5_000n);
    });

    it('a balance changes only through a transfer: a raw UPDATE is refused, even to a negative or a larger amount', async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_kcash_earned', 700n);
      const account = await accountOf(db(), user, 'user_kcash_earned');
      for (const statement of [
        `update ledger_accounts set balance = -1 where id = '${account.id}'`,
        `update ledger_accounts set balance = balance - 701 where id = '${account.id}'`,
        `update ledger_accounts set balance = 1000000 where id = '${account.id}'`,
        `update ledger_accounts set currency = 'USDT' where id = '${account.id}'`,
        `delete from ledger_accounts where id = '${account.id}'`,
        'truncate ledger_accounts cascade',
      ]) {
        const err = await databaseError(rawRows(db(), statement));
        expect(err.code, statement).toBe('23000');
      }
      expect((await balances(db(), user)).user_kcash_earned).toBe(700n);
    });

    it('an overdraft written by hand as a transfer is refused by the CHECK on user balances', async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_kcash_bought', 100n);
      const from = await accountOf(db(), user, 'user_kcash_bought');
      const to = await accountOf(db(), null, 'store_revenue', 'KCASH');
      // Running balances consistent with the overdraft, so only the CHECK stands in the way.
      const err = await databaseError(
        rawRows(
          db(),
          `insert into ledger_transfers (idempotency_key, batch_id, debit_account_id, credit_account_id, amount,
             currency, kind, debit_balance_after, credit_balance_after)
           values ('raw-overdraft', gen_random_uuid(), '${from.id}', '${to.id}', 101, 'KCASH', 'store_purchase',
             -1, ${to.balance + 101n})`,
        ),
      );
      expect(err.code).toBe('23514');
      expect(err.message).toMatch(/ledger_accounts_balance_nonnegative/);
      expect((await balances(db(), user)).user_kcash_bought).toBe(100n);
    });

    it('a hand-written transfer must carry the true running balances, be positive, between two accounts of its currency', async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_kcash_bought', 100n);
      const from = await accountOf(db(), user, 'user_kcash_bought');
      const usdt = await accountOf(db(), user, 'user_usdt');
      const to = await accountOf(db(), null, 'store_revenue', 'KCASH');
      const insert = (debit: string, credit: string, amount: string, after: [string, string]) =>
        databaseError(
          rawRows(
            db(),
            `insert into ledger_transfers (idempotency_key, batch_id, debit_account_id, credit_account_id, amount,
               currency, kind, debit_balance_after, credit_balance_after)
             values ('raw-${Math.random()}', gen_random_uuid(), '${debit}', '${credit}', ${amount}, 'KCASH',
               'store_purchase', ${after[0]}, ${after[1]})`,
          ),
        );
      const storeAfter = (n: bigint) => String(to.balance + n);
      expect((await insert(from.id, to.id, '10', ['80', storeAfter(10n)])).message).toMatch(
        /running balances/,
      );
      expect((await insert(from.id, usdt.id, '10', ['90', '10'])).code).toBe('23503');
      expect((await insert(from.id, to.id, '0', ['100', storeAfter(0n)])).constraint).toBe(
        'ledger_transfers_amount_positive',
      );
      expect((await insert(from.id, from.id, '10', ['90', '110'])).constraint).toBe(
        'ledger_transfers_distinct_accounts',
      );
      expect((await balances(db(), user)).user_kcash_bought).toBe(100n);
      expect((await verifyLedger(db())).ok).toBe(true);
    });

    it('a hand-written INSERT … ON CONFLICT DO NOTHING of a posted key moves nothing (the trigger runs after insert)', async () => {
      const user = await newUser(db());
      const { transfer: t } = await fund(db(), user, 'user_kpoints', 50n);
      await rawRows(
        db(),
        sql`insert into ledger_transfers (idempotency_key, batch_id, debit_account_id, credit_account_id, amount,
              currency, kind, debit_balance_after, credit_balance_after)
            values (${t.idempotencyKey}, gen_random_uuid(), ${t.debitAccountId}, ${t.creditAccountId}, 50, 'KPOINTS',
              'dev_grant', 0, 0)
            on conflict do nothing`,
      );
      expect((await balances(db(), user)).user_kpoints).toBe(50n);
      expect((await verifyLedger(db())).ok).toBe(true);
    });

    it('every system account exists once per (currency, kind, shard), a user account once with shard 0; a user kind has its own currency', async () => {
      const systems = await db().select().from(schema.ledgerAccounts).where(sql`owner_user_id is null`);
      expect(systems.length).toBe(
        schema.SYSTEM_ACCOUNT_KINDS.length * schema.LEDGER_CURRENCIES.length * schema.SYSTEM_ACCOUNT_SHARDS,
      );
      const err = await databaseError(
        rawRows(
          db(),
          `insert into ledger_accounts (owner_user_id, currency, kind, shard) values (null, 'KCASH', 'treasury', 5)`,
        ),
      );
      expect(err.code).toBe('23505');
      const user = await newUser(db());
      await ensureUserAccounts(db(), user);
      const second = await databaseError(
        rawRows(
          db(),
          `insert into ledger_accounts (owner_user_id, currency, kind, shard) values ('${user}', 'USDT', 'user_usdt', 1)`,
        ),
      );
      expect(second.constraint).toBe('ledger_accounts_shard_check');
      const moved = await databaseError(
        rawRows(
          db(),
          `update ledger_accounts set shard = 1 where owner_user_id is null and shard = 0 and kind = 'fees'`,
        ),
      );
      expect(moved.code).toBe('23000');
      const wrong = await databaseError(
        rawRows(
          db(),
          `insert into ledger_accounts (owner_user_id, currency, kind) values ('${user}', 'USDT', 'user_kcash_bought')`,
        ),
      );
      expect(wrong.constraint).toBe('ledger_accounts_user_kind_currency_check');
    });
  });

  describe('transfer', () => {
    it('moves the amount from debit to credit, records running balances, and replays a key without moving anything', async () => {
      const user = await newUser(db());
      const treasuryBefore = await systemBalance(db(), 'treasury', 'USDT');
      const input = {
        idempotencyKey: `deposit-${user}`,
        debit: systemAccount('treasury'),
        credit: userAccount(user, 'user_usdt'),
        amount: 2_500_000n,
        currency: 'USDT' as const,
        kind: 'onramp_deposit' as const,
        metadata: { depositId: 'd1' },
      };
      const first = await db().transaction((tx) => transfer(tx, input));
      expect(first.replayed).toBe(false);
      expect(first.transfer).toMatchObject({
        amount: 2_500_000n,
        currency: 'USDT',
        creditBalanceAfter: 2_500_000n,
      });
      expect(first.transfer.debitBalanceAfter).toBe(treasuryBefore - 2_500_000n);
      // Read as entries: one debit and one credit that net to zero.
      const entries = await db()
        .select()
        .from(schema.ledgerEntries)
        .where(eq(schema.ledgerEntries.transferId, first.transfer.id));
      expect(entries.map((e) => [e.side, e.accountId, e.delta, e.balanceAfter]).sort()).toEqual(
        [
          ['credit', first.transfer.creditAccountId, 2_500_000n, 2_500_000n],
          ['debit', first.transfer.debitAccountId, -2_500_000n, treasuryBefore - 2_500_000n],
        ].sort(),
      );

      const again = await db().transaction((tx) =>
        transfer(tx, { ...input, metadata: { depositId: 'd1', retry: 1 } }),
      );
      expect(again).toEqual({ transfer: first.transfer, replayed: true });
      expect((await balances(db(), user)).user_usdt).toBe(2_500_000n);
      expect(await systemBalance(db(), 'treasury', 'USDT')).toBe(treasuryBefore - 2_500_000n);

      for (const other of [
        { amount: 2_500_001n },
        { credit: userAccount(user, 'user_kcash_bought'), currency: 'KCASH' as const },
        { kind: 'reward' as const },
      ]) {
        const attempt = db().transaction((tx) => transfer(tx, { ...input, ...other }));
        await expect(attempt).rejects.toBeInstanceOf(TransferKeyReusedError);
        await expect(attempt).rejects.toMatchObject({ status: 422, message: LEDGER_KEY_REUSED_MESSAGE });
      }
      expect((await balances(db(), user)).user_usdt).toBe(2_500_000n);
    });

    it(`a debit beyond the balance throws 409 '${MESSAGES.notEnoughBalance}' before writing, and the transaction stays usable`, async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_kcash_bought', 999n);
      const revenueBefore = await systemBalance(db(), 'store_revenue', 'KCASH');
      const result = await db().transaction(async (tx) => {
        const buy = (amount: bigint, key: string) =>
          transfer(tx, {
            idempotencyKey: key,
            debit: userAccount(user, 'user_kcash_bought'),
            credit: systemAccount('store_revenue'),
            amount,
            currency: 'KCASH',
            kind: 'store_purchase',
          });
        const error = await buy(1_000n, `too-much-${user}`).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(InsufficientFundsError);
        expect(error).toMatchObject({
          status: 409,
          message: MESSAGES.notEnoughBalance,
          data: { currency: 'KCASH', decimals: 3, available: '999', required: '1000' },
        });
        return buy(999n, `all-of-it-${user}`);
      });
      expect(result.transfer.debitBalanceAfter).toBe(0n);
      expect((await balances(db(), user)).user_kcash_bought).toBe(0n);
      expect(await systemBalance(db(), 'store_revenue', 'KCASH')).toBe(revenueBefore + 999n);
      const usdtShort = db().transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `usdt-short-${user}`,
          debit: userAccount(user, 'user_usdt'),
          credit: systemAccount('fees'),
          amount: 1n,
          currency: 'USDT',
          kind: 'fee',
        }),
      );
      await expect(usdtShort).rejects.toMatchObject({ status: 409, message: 'Not enough USDT' });
    });

    it('only the treasury may go below zero: an empty rewards pool cannot pay', async () => {
      const user = await newUser(db());
      const pool = await systemBalance(db(), 'rewards_pool', 'RKHEL');
      const earn = (key: string) =>
        db().transaction((tx) =>
          transfer(tx, {
            idempotencyKey: key,
            debit: systemAccount('rewards_pool'),
            credit: userAccount(user, 'user_rkhel'),
            amount: pool + 1n,
            currency: 'RKHEL',
            kind: 'earning_credit',
          }),
        );
      const error = await earn(`pool-${user}`).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InsufficientFundsError);
      expect((error as InsufficientFundsError).data).toBeNull();
      await db().transaction((tx) =>
        transfer(tx, {
          idempotencyKey: `fund-pool-${user}`,
          debit: systemAccount('treasury'),
          credit: systemAccount('rewards_pool'),
          amount: 1n,
          currency: 'RKHEL',
          kind: 'pool_funding',
        }),
      );
      await earn(`pool-2-${user}`);
      expect((await balances(db(), user)).user_rkhel).toBe(pool + 1n);
      expect(await systemBalance(db(), 'rewards_pool', 'RKHEL')).toBe(0n);
    });

    it('refuses misuse: accounts of another currency, one account on both sides, a non-positive amount', async () => {
      const user = await newUser(db());
      await ensureUserAccounts(db(), user);
      const usdtAccount = await accountOf(db(), user, 'user_usdt');
      const base = {
        idempotencyKey: `misuse-${user}`,
        debit: systemAccount('treasury'),
        credit: userAccount(user, 'user_kcash_bought'),
        amount: 1n,
        currency: 'KCASH' as const,
        kind: 'adjustment' as const,
      };
      for (const bad of [
        { credit: userAccount(user, 'user_usdt') },
        { credit: { accountId: usdtAccount.id } },
        { debit: userAccount(user, 'user_kcash_bought') },
        { amount: 0n },
        { amount: -5n },
      ]) {
        await expect(db().transaction((tx) => transfer(tx, { ...base, ...bad }))).rejects.toBeInstanceOf(
          LedgerUsageError,
        );
      }
      expect(
        await db()
          .select()
          .from(schema.ledgerTransfers)
          .where(eq(schema.ledgerTransfers.idempotencyKey, base.idempotencyKey)),
      ).toEqual([]);
    });
  });

  describe('system account shards', () => {
    it('a debit larger than any one shard holds is paid from the sum of the shards; short of the sum it is refused', async () => {
      const fees = (amount: bigint, key: string, from: 'treasury' | 'fees') =>
        db().transaction((tx) =>
          transfer(tx, {
            idempotencyKey: key,
            debit: systemAccount(from),
            credit: systemAccount(from === 'treasury' ? 'fees' : 'treasury'),
            amount,
            currency: 'USDT',
            kind: 'adjustment',
          }),
        );
      const run = `shards-${Date.now()}`;
      const before = await systemBalance(db(), 'fees', 'USDT');
      for (let i = 0; i < 6; i++) await fees(10n, `${run}:in:${i}`, 'treasury');
      const largest = await rawRows<{ top: string }>(
        db(),
        `select max(balance)::text as top from ledger_accounts where owner_user_id is null and kind = 'fees' and currency = 'USDT'`,
      );
      const total = before + 60n;
      // The 60 landed on several shards (a random one each time): take the whole sum at once.
      expect(BigInt(largest[0]!.top)).toBeLessThan(total);
      const paid = await fees(total, `${run}:out`, 'fees');
      expect(paid.transfer.debitBalanceAfter).toBe(0n);
      expect(await systemBalance(db(), 'fees', 'USDT')).toBe(0n);
      // Replayed, the same body is recognised whichever shard it would take now.
      expect((await fees(total, `${run}:out`, 'fees')).replayed).toBe(true);
      const short = await fees(1n, `${run}:short`, 'fees').catch((e: unknown) => e);
      expect(short).toBeInstanceOf(InsufficientFundsError);
      expect((short as Error).message).toBe(insufficientFundsMessage('USDT', false));
      expect((await verifyLedger(db())).problems).toEqual([]);
    });
  });

  describe('transferMany', () => {
    it('posts every leg or none: a later leg that overdraws undoes the earlier ones', async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_usdt', 1_000_000n);
      const legs = (suffix: string, feeAmount: bigint) => [
        {
          idempotencyKey: `swap-${user}-${suffix}:usdt`,
          debit: userAccount(user, 'user_usdt'),
          credit: systemAccount('treasury'),
          amount: 1_000_000n,
          currency: 'USDT' as const,
          kind: 'swap' as const,
        },
        {
          idempotencyKey: `swap-${user}-${suffix}:fee`,
          debit: userAccount(user, 'user_usdt'),
          credit: systemAccount('fees'),
          amount: feeAmount,
          currency: 'USDT' as const,
          kind: 'fee' as const,
        },
        {
          idempotencyKey: `swap-${user}-${suffix}:kcash`,
          debit: systemAccount('treasury'),
          credit: userAccount(user, 'user_kcash_bought'),
          amount: 1_000_000n,
          currency: 'KCASH' as const,
          kind: 'swap' as const,
        },
      ];
      // The fee leg comes after the whole balance was spent by the first leg.
      await expect(db().transaction((tx) => transferMany(tx, legs('a', 1n)))).rejects.toBeInstanceOf(
        InsufficientFundsError,
      );
      expect(await balances(db(), user)).toMatchObject({ user_usdt: 1_000_000n, user_kcash_bought: 0n });

      const done = await db().transaction((tx) =>
        transferMany(
          tx,
          legs('b', 1n).filter((l) => l.kind !== 'fee'),
        ),
      );
      expect(done.replayed).toBe(false);
      expect(new Set(done.transfers.map((t) => t.batchId)).size).toBe(1);
      expect(await balances(db(), user)).toMatchObject({ user_usdt: 0n, user_kcash_bought: 1_000_000n });
      const replay = await db().transaction((tx) =>
        transferMany(
          tx,
          legs('b', 1n).filter((l) => l.kind !== 'fee'),
        ),
      );
      expect(replay).toEqual({ transfers: done.transfers, replayed: true });
      // Reusing part of a posted batch in another batch is not a replay.
      await expect(db().transaction((tx) => transferMany(tx, legs('b', 1n)))).rejects.toBeInstanceOf(
        TransferKeyReusedError,
      );
      expect((await verifyLedger(db())).ok).toBe(true);
    });
  });

  describe('spendKcash', () => {
    const pay = (user: string, amount: bigint, key: string) =>
      db().transaction((tx) =>
        spendKcash(tx, {
          idempotencyKey: key,
          userId: user,
          amount,
          credit: systemAccount('store_revenue'),
          kind: 'store_purchase',
        }),
      );

    it('spends bought K-Cash first, then earned; short of both together is the SPEC §8 text', async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_kcash_bought', 3_000n);
      await fund(db(), user, 'user_kcash_earned', 5_000n);

      const a = await pay(user, 2_000n, `p1-${user}`);
      expect(a).toMatchObject({ fromBought: 2_000n, fromEarned: 0n, replayed: false });
      expect(a.transfers.map((t) => t.metadata.paidFrom)).toEqual(['kcashBought']);

      const b = await pay(user, 4_000n, `p2-${user}`);
      expect(b).toMatchObject({ fromBought: 1_000n, fromEarned: 3_000n });
      expect(new Set(b.transfers.map((t) => t.batchId)).size).toBe(1);
      expect(await balances(db(), user)).toMatchObject({ user_kcash_bought: 0n, user_kcash_earned: 2_000n });

      const short = await pay(user, 2_001n, `p3-${user}`).catch((e: unknown) => e);
      expect(short).toBeInstanceOf(InsufficientFundsError);
      expect(short).toMatchObject({
        status: 409,
        message: 'Uh-oh! Not Enough K-Cash or rKHEL',
        data: { available: '2000', required: '2001' },
      });

      // A replay returns the split first made, though the balances are different now.
      await fund(db(), user, 'user_kcash_bought', 10_000n);
      const replay = await pay(user, 4_000n, `p2-${user}`);
      expect(replay).toMatchObject({ replayed: true, fromBought: 1_000n, fromEarned: 3_000n });
      expect(replay.transfers).toEqual(b.transfers);
      await expect(pay(user, 4_001n, `p2-${user}`)).rejects.toBeInstanceOf(TransferKeyReusedError);
      expect(await balances(db(), user)).toMatchObject({
        user_kcash_bought: 10_000n,
        user_kcash_earned: 2_000n,
      });
    });
  });

  describe('accounts, balances and the audit', () => {
    it('ensureUserAccounts makes the five accounts once; balances reads zeros before and never writes', async () => {
      const user = await newUser(db());
      expect(await balances(db(), user)).toEqual({
        user_usdt: 0n,
        user_kcash_bought: 0n,
        user_kcash_earned: 0n,
        user_rkhel: 0n,
        user_kpoints: 0n,
      });
      expect(
        await db().select().from(schema.ledgerAccounts).where(eq(schema.ledgerAccounts.ownerUserId, user)),
      ).toEqual([]);
      const [a, b] = await Promise.all([ensureUserAccounts(db(), user), ensureUserAccounts(db(), user)]);
      expect(Object.keys(a!).sort()).toEqual([...schema.USER_ACCOUNT_KINDS].sort());
      expect(a).toEqual(b);
    });

    it('verifyLedger: balances equal their entries, running balances hold, each currency sums to zero — and it notices tampering', async () => {
      const user = await newUser(db());
      await fund(db(), user, 'user_kpoints', 10n);
      const report = await verifyLedger(db());
      expect(report.problems).toEqual([]);
      expect(report.ok).toBe(true);
      expect(report.transfers).toBeGreaterThan(0);
      for (const currency of schema.LEDGER_CURRENCIES) expect(report.trialBalance[currency]).toBe(0n);

      // Only the table owner can switch the guard off; this proves the audit is not vacuous.
      const account = await accountOf(db(), user, 'user_kpoints');
      await rawRows(db(), 'alter table ledger_accounts disable trigger ledger_accounts_guard');
      try {
        // Even with the guard off, the CHECK keeps a user balance from going below zero.
        const negative = await databaseError(
          rawRows(db(), `update ledger_accounts set balance = -1 where id = '${account.id}'`),
        );
        expect(negative).toMatchObject({ code: '23514', constraint: 'ledger_accounts_balance_nonnegative' });
        await rawRows(db(), `update ledger_accounts set balance = 11 where id = '${account.id}'`);
        const tampered = await verifyLedger(db());
        expect(tampered.ok).toBe(false);
        expect(tampered.problems).toEqual([
          `account ${account.id}: cached balance 11 but its entries sum to 10`,
          'KPOINTS: balances sum to 1, not 0',
        ]);
        await rawRows(db(), `update ledger_accounts set balance = 10 where id = '${account.id}'`);
      } finally {
        await rawRows(db(), 'alter table ledger_accounts enable trigger ledger_accounts_guard');
      }
      expect((await verifyLedger(db())).ok).toBe(true);
    });
  });

  concurrencyCases(db);
  modelCases(db);
});
