import { randomUUID } from 'node:crypto';
import { splitKcashSpend } from '@khel/core/domain';
import { schema } from '@khel/db';
import type { EarningStatus, PayoutStatus, UserRow } from '@khel/db/schema';
import { eq, inArray, ne, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { ALL_DB_KINDS, createTestContext, type TestContext } from '../../test-support.ts';
import {
  type Auth,
  collectAll,
  collectOne,
  completeKyc,
  freshAuth,
  setBankLast4,
} from '../earnings/earnings.test-support.ts';
import { grantEarning } from '../earnings/earnings.ts';
import { sandboxScenarioOf } from '../earnings/payout-provider.ts';
import { quoteDeposit } from '../payments/rates.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { fundUser, newStoreItem } from '../store/store.test-support.ts';
import { balances, systemAccountBalance } from './ledger.ts';
import { verifyLedger } from './verify.ts';

/**
 * Model test of the whole K-Cash economy (DESIGN §5), through the API and the services quests call:
 * deposits (sandbox checkout and webhook), USDT credits and swaps, store purchases, earning grants
 * (and repeated grants), collects by users outside and inside India (one, all, and replays of a
 * request), payouts that succeed, are rejected or hang, and expiry, in random order with the clock
 * moving. A plain model predicts every answer and balance. After every step:
 * - verifyLedger: every transfer nets to zero, each currency's trial balance is zero, no account but
 *   the treasury is negative, cached balances equal the sum of entries;
 * - the number of ledger postings grew by exactly what the step should post (replays post nothing);
 * - each user's balances and each earning's status are the model's;
 * - the pools agree with the records: earnings_payable = pending + failed earnings, payouts_in_transit
 *   = net of payouts under way, tax_withheld = tax of payouts not failed.
 */

type Command =
  | { type: 'deposit'; user: number; rupees: number }
  | { type: 'fundUsdt'; user: number; amount: bigint }
  | { type: 'swap'; user: number; amount: bigint }
  | { type: 'buy'; user: number; quantity: number }
  | { type: 'grant'; user: number; amount: bigint; expiresInMinutes: number | null }
  | { type: 'regrant'; pick: number; changeAmount: boolean }
  | { type: 'collectOne'; user: number; pick: number; anyones: boolean }
  | { type: 'collectAll'; user: number }
  | { type: 'replay'; pick: number }
  | { type: 'setBank'; last4: '4321' | '1111' | '2222' }
  | { type: 'time'; ms: number };

/** Users 0 and 1 are outside India, 2 is in India with complete KYC (collects there do the most). */
const userIx = fc.constantFrom(0, 1, 2, 2);
const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      user: userIx,
      rupees: fc.integer({ min: 100, max: 2_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('fundUsdt' as const),
      user: userIx,
      amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('swap' as const),
      user: userIx,
      amount: fc.bigInt({ min: 1n, max: 3_000_000n }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('buy' as const),
      user: userIx,
      quantity: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('grant' as const),
      user: userIx,
      amount: fc.bigInt({ min: 100_000n, max: 3_000_000n }),
      expiresInMinutes: fc.option(fc.integer({ min: 1, max: 180 }), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('regrant' as const),
      pick: fc.nat(),
      changeAmount: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('collectOne' as const),
      user: userIx,
      pick: fc.nat(),
      // Mostly one of the user's own earnings; sometimes anyone's (someone else's is a 404).
      anyones: fc.boolean().map((b) => b && Math.random() < 0.4),
    }),
  },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('collectAll' as const), user: userIx }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('setBank' as const),
      last4: fc.constantFrom('4321' as const, '1111' as const, '2222' as const),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('time' as const),
      ms: fc.integer({ min: 1_000, max: 3 * 60 * 60 * 1000 }),
    }),
  },
);

interface MUser {
  row: UserRow;
  indian: boolean;
  auth: Auth;
  authAt: number;
  bought: bigint;
  earned: bigint;
  usdt: bigint;
}
interface MEarning {
  id: string;
  user: number;
  amount: bigint;
  grantKey: string;
  status: EarningStatus;
  expiresAt: Date | null;
}
interface MPayout {
  id: string;
  earningIds: string[];
  scenario: 'ok' | 'rejected' | 'hang';
  status: PayoutStatus;
  net: bigint;
  tax: bigint;
}
interface SentCollect {
  user: number;
  path: string;
  key: string;
  status: number;
  text: string;
}

const PRICE = 1_500n;
let runCounter = 0;

describe.each(ALL_DB_KINDS)('the economy against a model on %s (fast-check)', (kind) => {
  let ctx: TestContext;
  let itemId: string;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    itemId = (await newStoreItem(ctx, { stock: 1_000_000, priceKcash: PRICE, name: 'Model Voucher' })).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const db = () => ctx.deps.db;
  // Money movements only: a shard rebalance moves balance between rows of one system account.
  const transferCount = async () =>
    Number(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(schema.ledgerTransfers)
          .where(ne(schema.ledgerTransfers.kind, 'shard_rebalance'))
      )[0]!.n,
    );
  const systemBalance = (kindOf: schema.SystemAccountKind) => systemAccountBalance(db(), kindOf, 'KCASH');
  const sumOf = async (query: Promise<{ total: string | null }[]>) => BigInt((await query)[0]?.total ?? '0');

  it('random deposits, swaps, purchases, grants, collects, payouts and expiry keep every invariant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 8, maxLength: 16 }), async (commands) => {
        const run = `model-${runCounter++}-${randomUUID()}`;
        const users: MUser[] = [];
        for (const country of ['BR', 'NP', 'IN']) {
          const signed = await signedInUser(ctx, { country });
          users.push({
            row: signed.user,
            indian: country === 'IN',
            auth: signed.auth,
            authAt: ctx.now().getTime(),
            bought: 0n,
            earned: 0n,
            usdt: 0n,
          });
        }
        await completeKyc(ctx, users[2]!.row.id, '4321');
        let bank: '4321' | '1111' | '2222' = '4321';
        const earnings: MEarning[] = [];
        const payoutsMade: MPayout[] = [];
        const sent: SentCollect[] = [];

        /** A valid access token (the test clock may have moved past the last one's 15 minutes). */
        const authOf = async (u: MUser) => {
          if (ctx.now().getTime() - u.authAt > 10 * 60 * 1000) {
            u.auth = await freshAuth(ctx, u.row);
            u.authAt = ctx.now().getTime();
          }
          return u.auth;
        };
        const collectable = (e: MEarning) =>
          e.status === 'failed' || (e.status === 'pending' && (!e.expiresAt || e.expiresAt > ctx.now()));

        /** Jobs until none is due; then the model learns how payouts ended and which earnings expired. */
        const runJobs = async () => {
          for (let i = 0; i < 20; i++) if ((await runDueJobs(ctx.deps, { limit: 200 })).taken < 200) break;
          let postings = 0;
          for (const p of payoutsMade.filter((x) => x.status === 'requested' || x.status === 'processing')) {
            const [row] = await db().select().from(schema.payouts).where(eq(schema.payouts.id, p.id));
            const allowed = { ok: 'succeeded', rejected: 'failed', hang: null }[p.scenario];
            expect(['requested', 'processing', allowed]).toContain(row!.status);
            p.status = row!.status;
            if (p.status === 'succeeded') postings += p.net > 0n ? 1 : 0;
            if (p.status === 'failed') postings += (p.net > 0n ? 1 : 0) + (p.tax > 0n ? 1 : 0);
            for (const e of earnings.filter((x) => p.earningIds.includes(x.id))) {
              if (p.status === 'succeeded') e.status = 'credited';
              if (p.status === 'failed') e.status = 'failed';
            }
          }
          for (const e of earnings)
            if (e.status === 'pending' && e.expiresAt && e.expiresAt <= ctx.now()) {
              e.status = 'expired';
              postings += 1;
            }
          return postings;
        };

        const step = async (cmd: Command, index: number): Promise<number> => {
          const u = 'user' in cmd ? users[cmd.user]! : users[2]!;
          switch (cmd.type) {
            case 'deposit': {
              const amount = BigInt(cmd.rupees) * 100n;
              const res = await ctx.json('/onramp/deposit', {
                method: 'POST',
                headers: await authOf(u),
                body: { amount: amount.toString(), currency: 'INR' },
              });
              if (res.status === 429) return 0;
              expect(res.status, res.body.message).toBe(201);
              const paid = await ctx.app.request(
                new URL(res.body.data.checkoutUrl).pathname.replace(/^\/api/, ''),
                {
                  method: 'POST',
                  headers: { 'content-type': 'application/x-www-form-urlencoded' },
                  body: 'outcome=succeed',
                },
              );
              expect(paid.status).toBe(200);
              const quote = quoteDeposit(amount, 'INR');
              u.bought += quote.kcash;
              return 1 + (quote.fee > 0n ? 1 : 0);
            }
            case 'fundUsdt':
              await fundUser(ctx, u.row.id, 'user_usdt', cmd.amount);
              u.usdt += cmd.amount;
              return 1;
            case 'swap': {
              const res = await ctx.json('/onramp/swap', {
                method: 'POST',
                headers: { ...(await authOf(u)), 'idempotency-key': randomUUID() },
                body: { from: 'USDT', to: 'KCASH', amount: cmd.amount.toString() },
              });
              if (u.usdt < cmd.amount) {
                expect(res.status).toBe(409);
                return 0;
              }
              expect(res.status, res.body.message).toBe(200);
              u.usdt -= cmd.amount;
              u.bought += cmd.amount; // 1 USDT minor unit = 1 K-Cash minor unit
              return 2;
            }
            case 'buy': {
              const price = PRICE * BigInt(cmd.quantity);
              const res = await ctx.json('/k-store/purchase', {
                method: 'POST',
                headers: { ...(await authOf(u)), 'idempotency-key': randomUUID() },
                body: { itemId, quantity: cmd.quantity, currency: 'KCASH' },
              });
              const split = splitKcashSpend({ kcashBought: u.bought, kcashEarned: u.earned }, price);
              if (!split) {
                expect(res.status).toBe(409);
                return 0;
              }
              expect(res.status, res.body.message).toBe(201);
              u.bought -= split.fromBought;
              u.earned -= split.fromEarned;
              return (split.fromBought > 0n ? 1 : 0) + (split.fromEarned > 0n ? 1 : 0);
            }
            case 'grant': {
              const grantKey = `${run}:${index}`;
              const expiresAt =
                cmd.expiresInMinutes === null
                  ? null
                  : new Date(ctx.now().getTime() + cmd.expiresInMinutes * 60_000);
              const { earning, created } = await db().transaction((tx) =>
                grantEarning(tx, {
                  userId: u.row.id,
                  amount: cmd.amount,
                  source: 'kquest',
                  title: `Model quest ${index}`,
                  grantKey,
                  expiresAt,
                  now: ctx.now(),
                }),
              );
              expect(created).toBe(true);
              earnings.push({
                id: earning.id,
                user: cmd.user,
                amount: cmd.amount,
                grantKey,
                status: 'pending',
                expiresAt,
              });
              return 1;
            }
            case 'regrant': {
              if (earnings.length === 0) return 0;
              const e = earnings[cmd.pick % earnings.length]!;
              const attempt = db().transaction((tx) =>
                grantEarning(tx, {
                  userId: users[e.user]!.row.id,
                  amount: cmd.changeAmount ? e.amount + 1n : e.amount,
                  source: 'kquest',
                  title: 'Again',
                  grantKey: e.grantKey,
                }),
              );
              if (cmd.changeAmount) await expect(attempt).rejects.toThrow();
              else expect((await attempt).created).toBe(false);
              return 0;
            }
            case 'collectOne':
            case 'collectAll': {
              const mine = earnings.filter((e) => e.user === cmd.user);
              const pool = cmd.type === 'collectOne' && cmd.anyones ? earnings : mine;
              const target =
                cmd.type === 'collectOne' && pool.length > 0 ? pool[cmd.pick % pool.length]! : null;
              if (cmd.type === 'collectOne' && !target) return 0;
              const key = randomUUID();
              const res =
                cmd.type === 'collectOne'
                  ? await collectOne(ctx, await authOf(u), target!.id, key)
                  : await collectAll(ctx, await authOf(u), key);
              sent.push({
                user: cmd.user,
                path:
                  cmd.type === 'collectOne'
                    ? `/collect-earning/${target!.id}/collect`
                    : '/collect-earning/collect-all',
                key,
                status: res.status,
                text: res.text,
              });
              let taking: MEarning[];
              if (target) {
                if (target.user !== cmd.user) {
                  expect(res.status).toBe(404);
                  return 0;
                }
                taking = collectable(target) ? [target] : [];
                if (taking.length === 0) {
                  expect(res.status).toBe(422);
                  return 0;
                }
              } else {
                taking = mine.filter(collectable);
                if (taking.length === 0) {
                  expect(res.status).toBe(422);
                  return 0;
                }
              }
              expect(res.status, res.body.message).toBe(200);
              const paidIds = (res.body.data.earnings as { id: string }[]).map((e) => e.id).sort();
              expect(paidIds).toEqual(taking.map((e) => e.id).sort());
              const gross = taking.reduce((s, e) => s + e.amount, 0n);
              expect(res.body.data.gross.amount).toBe(gross.toString());
              if (!u.indian) {
                for (const e of taking) e.status = 'credited';
                u.earned += gross;
                return taking.length;
              }
              const tax = BigInt(res.body.data.tds.amount);
              const net = BigInt(res.body.data.net.amount);
              expect(tax + net).toBe(gross);
              const payout = res.body.data.payout as {
                id: string;
                status: PayoutStatus;
                destination: Record<string, string>;
              };
              expect(payout.destination.last4).toBe(bank);
              payoutsMade.push({
                id: payout.id,
                earningIds: taking.map((e) => e.id),
                scenario: sandboxScenarioOf(payout.destination),
                status: payout.status,
                net,
                tax,
              });
              for (const e of taking) e.status = payout.status === 'succeeded' ? 'credited' : 'distributing';
              return (
                (tax > 0n ? 1 : 0) + (net > 0n ? 1 : 0) + (payout.status === 'succeeded' && net > 0n ? 1 : 0)
              );
            }
            case 'replay': {
              if (sent.length === 0) return 0;
              const first = sent[cmd.pick % sent.length]!;
              const res = await ctx.app.request(first.path, {
                method: 'POST',
                headers: { ...(await authOf(users[first.user]!)), 'idempotency-key': first.key },
              });
              expect(res.status).toBe(first.status);
              expect(res.headers.get('idempotent-replayed')).toBe('true');
              expect(await res.text()).toBe(first.text);
              return 0;
            }
            case 'setBank':
              bank = cmd.last4;
              await setBankLast4(ctx, users[2]!.row.id, bank);
              return 0;
            case 'time':
              ctx.advance(cmd.ms);
              return runJobs();
          }
        };

        const check = async () => {
          expect((await verifyLedger(db())).problems).toEqual([]);
          for (const u of users) {
            const b = await balances(db(), u.row.id);
            expect({ bought: b.user_kcash_bought, earned: b.user_kcash_earned, usdt: b.user_usdt }).toEqual({
              bought: u.bought,
              earned: u.earned,
              usdt: u.usdt,
            });
          }
          if (earnings.length > 0) {
            const rows = await db()
              .select({ id: schema.earnings.id, status: schema.earnings.status })
              .from(schema.earnings)
              .where(
                inArray(
                  schema.earnings.id,
                  earnings.map((e) => e.id),
                ),
              );
            expect(new Map(rows.map((r) => [r.id, r.status]))).toEqual(
              new Map(earnings.map((e) => [e.id, e.status])),
            );
          }
          const e = schema.earnings;
          const p = schema.payouts;
          expect(await systemBalance('earnings_payable')).toBe(
            await sumOf(
              db()
                .select({ total: sql<string>`sum(${e.amount})::text` })
                .from(e)
                .where(inArray(e.status, ['pending', 'failed'])),
            ),
          );
          expect(await systemBalance('payouts_in_transit')).toBe(
            await sumOf(
              db()
                .select({ total: sql<string>`sum(${p.kcashNet})::text` })
                .from(p)
                .where(inArray(p.status, ['requested', 'processing'])),
            ),
          );
          expect(await systemBalance('tax_withheld')).toBe(
            await sumOf(
              db()
                .select({ total: sql<string>`sum(${p.kcashTax})::text` })
                .from(p)
                .where(inArray(p.status, ['requested', 'processing', 'succeeded'])),
            ),
          );
        };

        for (const [index, cmd] of commands.entries()) {
          const before = await transferCount();
          const expected = await step(cmd, index);
          expect(await transferCount(), `${cmd.type} posted`).toBe(before + expected);
          await check();
        }

        // Close the run: a day later every payout that can end has ended, every due earning expired.
        const before = await transferCount();
        let expected = 0;
        for (let i = 0; i < 4; i++) {
          ctx.advance(6 * 60 * 60 * 1000);
          expected += await runJobs();
        }
        expect(await transferCount()).toBe(before + expected);
        for (const p of payoutsMade)
          expect(p.status).toBe({ ok: 'succeeded', rejected: 'failed', hang: 'processing' }[p.scenario]);
        await check();
      }),
      { numRuns: 8 },
    );
  });
});
