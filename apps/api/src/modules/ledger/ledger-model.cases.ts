import { splitKcashSpend } from '@khel/core/domain';
import { type Database, schema } from '@khel/db';
import type { LedgerAccountRow, LedgerCurrency } from '@khel/db/schema';
import { inArray, isNull, like, or } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { newUser } from './ledger.test-support.ts';
import {
  type AccountRef,
  ensureUserAccounts,
  InsufficientFundsError,
  spendKcash,
  systemAccount,
  type TransferInput,
  TransferKeyReusedError,
  transferMany,
  userAccount,
  verifyLedger,
} from './ledger.ts';

type Command =
  | {
      type: 'transfer';
      currency: LedgerCurrency;
      legs: { debit: number; credit: number; amount: bigint; fromTreasury: boolean }[];
    }
  | { type: 'spend'; user: number; amount: bigint }
  | { type: 'replay'; pick: number; changeAmount: boolean };

const leg = fc.record({
  debit: fc.nat(),
  credit: fc.nat(),
  amount: fc.bigInt({ min: 1n, max: 5_000n }),
  // Without a source of money most debits of empty accounts would only fail.
  fromTreasury: fc.boolean(),
});
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      type: fc.constant('transfer' as const),
      currency: fc.constantFrom(...schema.LEDGER_CURRENCIES),
      legs: fc.array(leg, { minLength: 1, maxLength: 3 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('spend' as const),
      user: fc.nat(),
      amount: fc.bigInt({ min: 1n, max: 6_000n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('replay' as const),
      pick: fc.nat(),
      changeAmount: fc.boolean(),
    }),
  },
);

let runCounter = 0;

/**
 * Model test: random sequences of single transfers, multi-leg batches, K-Cash spends and replays over
 * three users' accounts and every system account. A plain in-memory model predicts each outcome; after
 * every step the database must agree with it, no user balance may be negative, and verifyLedger must
 * pass (cached balances = sum of entries, running balances, zero trial balance).
 */
export function modelCases(db: () => Database) {
  describe('against a model (fast-check)', () => {
    it('random transfers keep verifyLedger true, user balances ≥ 0, and one posting per key', async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 14 }), async (commands) => {
          const run = `model-${runCounter++}-${Date.now()}`;
          const users = [await newUser(db()), await newUser(db()), await newUser(db())];
          for (const u of users) await ensureUserAccounts(db(), u);
          const all = await db()
            .select()
            .from(schema.ledgerAccounts)
            .where(inArray(schema.ledgerAccounts.ownerUserId, users));
          // A system account is one in the model whichever shards a transfer takes: keyed by kind and
          // currency, its balance the sum of its shards (shard 0 stands for it in `accounts`).
          const systemRows = await db()
            .select()
            .from(schema.ledgerAccounts)
            .where(isNull(schema.ledgerAccounts.ownerUserId));
          const modelKey = (a: Pick<LedgerAccountRow, 'id' | 'ownerUserId' | 'kind' | 'currency'>) =>
            a.ownerUserId ? a.id : `system:${a.kind}:${a.currency}`;
          const totals = (
            rows: Pick<LedgerAccountRow, 'id' | 'ownerUserId' | 'kind' | 'currency' | 'balance'>[],
          ) => {
            const sums = new Map<string, bigint>();
            for (const r of rows) sums.set(modelKey(r), (sums.get(modelKey(r)) ?? 0n) + r.balance);
            return sums;
          };
          const systems = systemRows.filter((a) => a.shard === 0).map((a) => ({ ...a, id: modelKey(a) }));
          const accounts: LedgerAccountRow[] = [...all, ...systems];
          const model = totals([...all, ...systemRows]);
          const ofCurrency = (c: LedgerCurrency) => accounts.filter((a) => a.currency === c);
          const refOf = (a: LedgerAccountRow): AccountRef =>
            a.ownerUserId
              ? userAccount(a.ownerUserId, a.kind as schema.UserAccountKind)
              : systemAccount(a.kind as schema.SystemAccountKind);
          const byId = new Map(accounts.map((a) => [a.id, a]));

          /** The model's answer to posting these legs in order: the new balances, or null when one overdraws. */
          const simulate = (legs: { debitId: string; creditId: string; amount: bigint }[]) => {
            const next = new Map(model);
            for (const l of legs) {
              const after = next.get(l.debitId)! - l.amount;
              if (after < 0n && byId.get(l.debitId)!.kind !== 'treasury') return null;
              next.set(l.debitId, after);
              next.set(l.creditId, next.get(l.creditId)! + l.amount);
            }
            return next;
          };

          const posted: {
            legs: TransferInput[];
            ids: { debitId: string; creditId: string; amount: bigint }[];
          }[] = [];
          let postings = 0;

          for (const [step, cmd] of commands.entries()) {
            if (cmd.type === 'transfer') {
              const pool = ofCurrency(cmd.currency);
              const treasury = pool.find((a) => a.kind === 'treasury')!;
              const legs = cmd.legs.map((l, i) => {
                const debit = l.fromTreasury ? treasury : pool[l.debit % pool.length]!;
                let credit = pool[l.credit % pool.length]!;
                if (credit.id === debit.id) credit = pool[(l.credit + 1) % pool.length]!;
                return { debit, credit, amount: l.amount, key: `${run}:${step}:${i}` };
              });
              const ids = legs.map((l) => ({ debitId: l.debit.id, creditId: l.credit.id, amount: l.amount }));
              const inputs: TransferInput[] = legs.map((l) => ({
                idempotencyKey: l.key,
                debit: refOf(l.debit),
                credit: refOf(l.credit),
                amount: l.amount,
                currency: cmd.currency,
                kind: 'adjustment',
              }));
              const expected = simulate(ids);
              const outcome = await db()
                .transaction((tx) => transferMany(tx, inputs))
                .catch((e: unknown) => e);
              if (expected) {
                expect(outcome).toMatchObject({ replayed: false });
                for (const [k, v] of expected) model.set(k, v);
                posted.push({ legs: inputs, ids });
                postings += inputs.length;
              } else {
                expect(outcome).toBeInstanceOf(InsufficientFundsError);
              }
            } else if (cmd.type === 'spend') {
              const user = users[cmd.user % users.length]!;
              const bought = all.find((a) => a.ownerUserId === user && a.kind === 'user_kcash_bought')!;
              const earned = all.find((a) => a.ownerUserId === user && a.kind === 'user_kcash_earned')!;
              const revenue = accounts.find((a) => a.kind === 'store_revenue' && a.currency === 'KCASH')!;
              const split = splitKcashSpend(
                { kcashBought: model.get(bought.id)!, kcashEarned: model.get(earned.id)! },
                cmd.amount,
              );
              const outcome = await db()
                .transaction((tx) =>
                  spendKcash(tx, {
                    idempotencyKey: `${run}:${step}`,
                    userId: user,
                    amount: cmd.amount,
                    credit: systemAccount('store_revenue'),
                    kind: 'store_purchase',
                  }),
                )
                .catch((e: unknown) => e);
              if (split) {
                expect(outcome).toMatchObject({ replayed: false, ...split });
                const ids = [
                  { debitId: bought.id, creditId: revenue.id, amount: split.fromBought },
                  { debitId: earned.id, creditId: revenue.id, amount: split.fromEarned },
                ].filter((l) => l.amount > 0n);
                for (const [k, v] of simulate(ids)!) model.set(k, v);
                postings += ids.length;
              } else {
                expect(outcome).toBeInstanceOf(InsufficientFundsError);
              }
            } else if (posted.length > 0) {
              const earlier = posted[cmd.pick % posted.length]!;
              const legs = cmd.changeAmount
                ? earlier.legs.map((l, i) => (i === 0 ? { ...l, amount: l.amount + 1n } : l))
                : earlier.legs;
              const outcome = await db()
                .transaction((tx) => transferMany(tx, legs))
                .catch((e: unknown) => e);
              if (cmd.changeAmount) expect(outcome).toBeInstanceOf(TransferKeyReusedError);
              else expect(outcome).toMatchObject({ replayed: true });
            }

            const rows = await db()
              .select()
              .from(schema.ledgerAccounts)
              .where(
                or(
                  inArray(schema.ledgerAccounts.ownerUserId, users),
                  isNull(schema.ledgerAccounts.ownerUserId),
                ),
              );
            expect(totals(rows)).toEqual(model);
            for (const a of all) expect(model.get(a.id)! >= 0n).toBe(true);
            const report = await verifyLedger(db());
            expect(report.problems).toEqual([]);
          }
          const mine = await db()
            .select({ key: schema.ledgerTransfers.idempotencyKey })
            .from(schema.ledgerTransfers)
            .where(like(schema.ledgerTransfers.idempotencyKey, `${run}:%`));
          expect(mine).toHaveLength(postings);
        }),
        { numRuns: 12 },
      );
    });
  });
}
