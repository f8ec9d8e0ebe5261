import { type Database, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fund, newUser, systemBalance } from './ledger.test-support.ts';
import {
  balances,
  InsufficientFundsError,
  spendKcash,
  systemAccount,
  transfer,
  transferMany,
  userAccount,
  verifyLedger,
} from './ledger.ts';

/** Transactions started together; on PostgreSQL they run on 20 connections at once. */
const race = <T>(n: number, run: (i: number) => Promise<T>) =>
  Promise.allSettled(Array.from({ length: n }, (_, i) => run(i)));

/** Races on one database; registered by ledger.test.ts for each database kind. */
export function concurrencyCases(db: () => Database) {
  describe('under concurrency', () => {
    it.each([
      { remainder: 0n, label: 'nothing' },
      { remainder: 1_499n, label: 'the remainder' },
    ])(
      '50 parallel purchases against a balance that covers 7: exactly 7 succeed and $label is left',
      async ({ remainder }) => {
        const price = 1_500n; // 1.5 K-Cash
        const user = await newUser(db());
        // 4 purchases' worth bought, 3 (plus the remainder) earned: the later purchases straddle both.
        await fund(db(), user, 'user_kcash_bought', 4n * price);
        await fund(db(), user, 'user_kcash_earned', 3n * price + remainder);
        const revenueBefore = await systemBalance(db(), 'store_revenue', 'KCASH');

        const results = await race(50, (i) =>
          db().transaction((tx) =>
            spendKcash(tx, {
              idempotencyKey: `purchase:${user}:${i}`,
              userId: user,
              amount: price,
              credit: systemAccount('store_revenue'),
              kind: 'store_purchase',
            }),
          ),
        );
        const ok = results.filter((r) => r.status === 'fulfilled');
        const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(ok).toHaveLength(7);
        expect(failed).toHaveLength(43);
        for (const f of failed) expect(f.reason).toBeInstanceOf(InsufficientFundsError);

        const after = await balances(db(), user);
        expect(after.user_kcash_bought).toBe(0n);
        expect(after.user_kcash_earned).toBe(remainder);
        expect(await systemBalance(db(), 'store_revenue', 'KCASH')).toBe(revenueBefore + 7n * price);
        const report = await verifyLedger(db());
        expect(report.problems).toEqual([]);
      },
    );

    it('the same idempotency key posted 20 times at once: one transfer, every caller gets it back', async () => {
      const user = await newUser(db());
      const key = `webhook-event:${user}`;
      const results = await race(20, () =>
        db().transaction((tx) =>
          transfer(tx, {
            idempotencyKey: key,
            debit: systemAccount('treasury'),
            credit: userAccount(user, 'user_usdt'),
            amount: 10_000_000n,
            currency: 'USDT',
            kind: 'onramp_deposit',
          }),
        ),
      );
      const values = results.map((r) => {
        if (r.status === 'rejected') throw r.reason;
        return r.value;
      });
      expect(values.filter((v) => !v.replayed)).toHaveLength(1);
      expect(new Set(values.map((v) => v.transfer.id)).size).toBe(1);
      const rows = await db()
        .select()
        .from(schema.ledgerTransfers)
        .where(eq(schema.ledgerTransfers.idempotencyKey, key));
      expect(rows).toHaveLength(1);
      expect((await balances(db(), user)).user_usdt).toBe(10_000_000n);
      expect((await verifyLedger(db())).ok).toBe(true);
    });

    it('transfers crossing in opposite directions never deadlock (accounts are locked in id order)', async () => {
      const alice = await newUser(db());
      const bob = await newUser(db());
      await fund(db(), alice, 'user_kpoints', 1_000n);
      await fund(db(), bob, 'user_kpoints', 1_000n);
      const feesBefore = await systemBalance(db(), 'fees', 'KPOINTS');
      const results = await race(40, (i) => {
        const [from, to] = i % 2 === 0 ? [alice, bob] : [bob, alice];
        return db().transaction((tx) =>
          transferMany(tx, [
            {
              idempotencyKey: `p2p:${i}:${alice}`,
              debit: userAccount(from, 'user_kpoints'),
              credit: userAccount(to, 'user_kpoints'),
              amount: 10n,
              currency: 'KPOINTS',
              kind: 'adjustment',
            },
            {
              idempotencyKey: `p2p-fee:${i}:${alice}`,
              debit: userAccount(from, 'user_kpoints'),
              credit: systemAccount('fees'),
              amount: 1n,
              currency: 'KPOINTS',
              kind: 'fee',
            },
          ]),
        );
      });
      for (const r of results) if (r.status === 'rejected') throw r.reason;
      expect((await balances(db(), alice)).user_kpoints).toBe(980n);
      expect((await balances(db(), bob)).user_kpoints).toBe(980n);
      expect(await systemBalance(db(), 'fees', 'KPOINTS')).toBe(feesBefore + 40n);
      expect((await verifyLedger(db())).ok).toBe(true);
    });
  });
}
