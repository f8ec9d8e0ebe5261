import { randomUUID } from 'node:crypto';
import {
  collectResultSchema,
  EARNING_NOT_COLLECTABLE_MESSAGE,
  EARNING_NOT_FOUND_MESSAGE,
  earningsAggregateSchema,
  earningsPageSchema,
  KYC_REQUIRED_MESSAGE,
  NOTHING_TO_COLLECT_MESSAGE,
  PAYOUT_NOT_FOUND_MESSAGE,
  PAYOUT_TOO_SMALL_MESSAGE,
  PAYOUTS_UNAVAILABLE_MESSAGE,
  payoutSchema,
  taxInfoSchema,
} from '@khel/core/contract';
import { computeTds, NO_TOTALS } from '@khel/core/domain';
import { schema } from '@khel/db';
import { and, eq, inArray, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { balances, verifyLedger } from '../ledger/ledger.ts';
import {
  type Auth,
  collectAll,
  collectOne,
  drivePayout,
  earningRow,
  foreignUser,
  freshAuth,
  grantTestEarning,
  indianUser,
  payoutRow,
  setBankLast4,
  systemKcash,
} from './earnings.test-support.ts';
import { payoutProviderOf, SANDBOX_PAYOUT_REJECTED_MESSAGE } from './payout-provider.ts';

const HOUR = 60 * 60 * 1000;
/** 1000 K-Cash = 1 USDT = ₹84. */
const KCASH_1000 = 1_000_000n;

describe.each(DB_KINDS)('earnings on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (path: string, auth: Auth) => ctx.json(path, { headers: auth });
  const list = async (auth: Auth, query = '') => {
    const res = await get(`/collect-earning/list${query}`, auth);
    expect(res.status).toBe(200);
    return earningsPageSchema.parse(res.body.data);
  };
  const taxInfo = async (auth: Auth, query = '') => {
    const res = await get(`/collect-earning/tax-info${query}`, auth);
    expect(res.status, res.body.message).toBe(200);
    return taxInfoSchema.parse(res.body.data);
  };
  const expectLedgerOk = async () => expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);

  describe('outside India: straight to the earned K-Cash balance', () => {
    it('grant → listed READY_TO_COLLECT → collect one → COLLECTED, earned K-Cash credited, shown in history', async () => {
      const { user, auth } = await foreignUser(ctx);
      const payableBefore = await systemKcash(ctx, 'earnings_payable');
      const a = await grantTestEarning(ctx, auth, 1_500n, { title: 'Win 3 BGMI matches', source: 'kquest' });
      ctx.advance(1_000); // b is the newer earning (the list shows the newest first)
      const b = await grantTestEarning(ctx, auth, 2_500n, { title: 'Clan drop', source: 'kdrop' });
      expect((await systemKcash(ctx, 'earnings_payable')) - payableBefore).toBe(4_000n);

      const page = await list(auth);
      expect(page.list.map((e) => e.id)).toEqual([b.id, a.id]);
      expect(page.list[1]).toMatchObject({
        title: 'Win 3 BGMI matches',
        source: 'kquest',
        entityLabel: 'K-QUEST',
        amount: { amount: '1500', currency: 'KCASH', decimals: 3 },
        status: 'EARNING PENDING',
        displayStatus: 'READY_TO_COLLECT',
        payout: null,
      });
      expect(page.list[0]!.entityLabel).toBe('K-DROP');
      expect(page.isLastCard).toBe(true);

      const aggregate = earningsAggregateSchema.parse(
        (await get('/collect-earning/aggregate', auth)).body.data,
      );
      expect(aggregate.readyToCollect.amount).toBe('4000');
      expect(aggregate.counts.readyToCollect).toBe(2);

      const info = await taxInfo(auth, `?earningId=${a.id}`);
      expect(info).toMatchObject({
        region: 'OTHER',
        destination: 'wallet',
        kycRequired: false,
        earningIds: [a.id],
        gross: { amount: '1500' },
        tds: { amount: '0' },
        net: { amount: '1500' },
        payout: null,
        tax: null,
        bank: null,
      });

      const key = randomUUID();
      const res = await collectOne(ctx, auth, a.id, key);
      expect(res.status, res.body.message).toBe(200);
      const result = collectResultSchema.parse(res.body.data);
      expect(result).toMatchObject({
        destination: 'wallet',
        gross: { amount: '1500' },
        tds: { amount: '0' },
        net: { amount: '1500' },
        payout: null,
      });
      expect(result.earnings[0]).toMatchObject({
        id: a.id,
        status: 'EARNING CREDITED',
        displayStatus: 'COLLECTED',
      });
      expect((await balances(ctx.deps.db, user.id)).user_kcash_earned).toBe(1_500n);

      // The same key replays the answer byte for byte and pays nothing more.
      const replay = await collectOne(ctx, auth, a.id, key);
      expect(replay.status).toBe(200);
      expect(replay.replayed).toBe('true');
      expect(replay.text).toBe(res.text);
      expect((await balances(ctx.deps.db, user.id)).user_kcash_earned).toBe(1_500n);

      // A new key for a collected earning: 422 with the thrown message (SPEC §8).
      const again = await collectOne(ctx, auth, a.id);
      expect(again.status).toBe(422);
      expect(again.body.message).toBe(EARNING_NOT_COLLECTABLE_MESSAGE);

      const collected = await list(auth, '?status=COLLECTED');
      expect(collected.list.map((e) => e.id)).toEqual([a.id]);
      const ready = await list(auth, '?status=READY_TO_COLLECT');
      expect(ready.list.map((e) => e.id)).toEqual([b.id]);

      const history = await get('/transactions?type=redeem', auth);
      expect(history.body.data.list[0]).toMatchObject({
        kind: 'earning_collect',
        direction: 'in',
        label: 'Earning collected: Win 3 BGMI matches',
        labelKey: 'transactions.label.earningCollect.in',
        balance: 'kcashEarned',
        amount: { amount: '1500', currency: 'KCASH' },
      });
      await expectLedgerOk();
    });

    it('collect all takes every ready earning; then there is nothing to collect', async () => {
      const { user, auth } = await foreignUser(ctx);
      const ids = [];
      for (const amount of [1_000n, 2_000n, 3_000n]) ids.push((await grantTestEarning(ctx, auth, amount)).id);
      const info = await taxInfo(auth);
      expect([...info.earningIds].sort()).toEqual([...ids].sort());
      expect(info.gross.amount).toBe('6000');

      const res = await collectAll(ctx, auth);
      expect(res.status).toBe(200);
      expect(res.body.data.earnings).toHaveLength(3);
      expect(res.body.data.net.amount).toBe('6000');
      expect((await balances(ctx.deps.db, user.id)).user_kcash_earned).toBe(6_000n);

      const none = await collectAll(ctx, auth);
      expect(none.status).toBe(422);
      expect(none.body.message).toBe(NOTHING_TO_COLLECT_MESSAGE);
      expect((await taxInfo(auth)).earningIds).toEqual([]);
      const aggregate = (await get('/collect-earning/aggregate', auth)).body.data;
      expect(aggregate).toMatchObject({ readyToCollect: { amount: '0' }, collected: { amount: '6000' } });
      await expectLedgerOk();
    });

    it('unknown, malformed or someone else’s earning is 404; sign-in and an Idempotency-Key are required', async () => {
      const { auth } = await foreignUser(ctx);
      const other = await foreignUser(ctx);
      const theirs = await grantTestEarning(ctx, other.auth, 1_000n);
      for (const id of [randomUUID(), 'not-a-uuid', theirs.id]) {
        const res = await collectOne(ctx, auth, id);
        expect(res.status, id).toBe(404);
        expect(res.body.message).toBe(EARNING_NOT_FOUND_MESSAGE);
      }
      expect((await get(`/collect-earning/tax-info?earningId=${theirs.id}`, auth)).status).toBe(404);
      expect((await earningRow(ctx, theirs.id)).status).toBe('pending');

      expect((await collectAll(ctx, {})).status).toBe(401);
      expect((await get('/collect-earning/list', {})).status).toBe(401);
      const noKey = await collectAll(ctx, auth, null);
      expect(noKey.status).toBe(400);
      expect((await get(`/collect-earning/payouts/${randomUUID()}`, auth)).body.message).toBe(
        PAYOUT_NOT_FOUND_MESSAGE,
      );
      expect((await get('/collect-earning/payouts/nope', auth)).status).toBe(404);
    });

    it('bad input is a 4xx envelope that changes nothing', async () => {
      const { auth } = await foreignUser(ctx);
      for (const q of ['?status=PENDING', '?page=0', '?limit=1000', '?limit=abc'])
        expect((await get(`/collect-earning/list${q}`, auth)).status, q).toBe(400);
      expect((await get('/collect-earning/tax-info?earningId=123', auth)).status).toBe(400);
      expect((await get('/collect-earning/tax-info?other=1', auth)).status).toBe(400);
      for (const body of [
        { amount: '0' },
        { amount: '-5' },
        { amount: '1.5' },
        { amount: '10', source: 'x' },
        {},
      ]) {
        const res = await ctx.json('/dev/earnings', { method: 'POST', headers: auth, body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.body.success).toBe(false);
      }
      expect((await list(auth)).list).toEqual([]);
    });

    it('random query strings, ids and bodies never answer 5xx and change nothing (fast-check)', async () => {
      const { auth } = await foreignUser(ctx);
      const e = await grantTestEarning(ctx, auth, 1_000n);
      const transfers = async () => (await ctx.deps.db.select().from(schema.ledgerTransfers)).length;
      const before = await transfers();
      await fc.assert(
        fc.asyncProperty(fc.string(), fc.string({ minLength: 1 }), fc.jsonValue(), async (q, id, body) => {
          const enc = encodeURIComponent;
          for (const path of [
            `/collect-earning/list?status=${enc(q)}&page=${enc(q)}`,
            `/collect-earning/tax-info?earningId=${enc(id)}`,
            `/collect-earning/payouts/${enc(id)}`,
          ])
            expect((await get(path, auth)).status, path).toBeLessThan(500);
          const collect = await collectOne(ctx, auth, enc(id));
          expect([400, 404]).toContain(collect.status);
          const grant = await ctx.json('/dev/earnings', {
            method: 'POST',
            headers: auth,
            body: JSON.stringify(body),
          });
          expect(grant.status).toBe(400);
        }),
        { numRuns: 25 },
      );
      expect(await transfers()).toBe(before);
      expect((await earningRow(ctx, e.id)).status).toBe('pending');
    });

    it('pages newest first with isLastCard and offset', async () => {
      const { auth } = await foreignUser(ctx);
      const ids = [];
      for (let i = 0; i < 5; i++) {
        ids.push((await grantTestEarning(ctx, auth, BigInt(1_000 + i))).id);
        ctx.advance(1_000);
      }
      const first = await list(auth, '?limit=2');
      expect(first).toMatchObject({ page: 1, limit: 2, offset: 2, isLastCard: false });
      expect(first.list.map((e) => e.id)).toEqual([ids[4], ids[3]]);
      const last = await list(auth, '?limit=2&page=3');
      expect(last).toMatchObject({ offset: 5, isLastCard: true });
      expect(last.list.map((e) => e.id)).toEqual([ids[0]]);
    });

    it('an earning past its expiry is EXPIRED (on read, or by its job) and its K-Cash goes back to the treasury', async () => {
      const { user, auth: firstAuth } = await foreignUser(ctx);
      const onRead = await grantTestEarning(ctx, firstAuth, 7_000n, { expiresInHours: 1 });
      const byJob = await grantTestEarning(ctx, firstAuth, 3_000n, { expiresInHours: 2 });
      const payableBefore = await systemKcash(ctx, 'earnings_payable');
      ctx.advance(HOUR + 1_000);
      const auth = await freshAuth(ctx, user);
      // Collecting it once the time has passed is refused, even before anything expired it.
      const late = await collectOne(ctx, auth, onRead.id);
      expect(late.status).toBe(422);
      expect(late.body.message).toBe(EARNING_NOT_COLLECTABLE_MESSAGE);

      const page = await list(auth);
      expect(page.list.find((e) => e.id === onRead.id)).toMatchObject({
        status: 'EARNING EXPIRED',
        displayStatus: 'EXPIRED',
      });
      expect(page.list.find((e) => e.id === byJob.id)!.displayStatus).toBe('READY_TO_COLLECT');
      expect(payableBefore - (await systemKcash(ctx, 'earnings_payable'))).toBe(7_000n);

      ctx.advance(HOUR);
      await runDueJobs(ctx.deps, { limit: 100 });
      // The job expired it, not a read.
      expect((await earningRow(ctx, byJob.id)).status).toBe('expired');
      expect(payableBefore - (await systemKcash(ctx, 'earnings_payable'))).toBe(10_000n);
      const expiry = await ctx.deps.db
        .select()
        .from(schema.ledgerTransfers)
        .where(like(schema.ledgerTransfers.idempotencyKey, `earning-expiry:${byJob.id}`));
      expect(expiry).toEqual([expect.objectContaining({ kind: 'earning_expiry', amount: 3_000n })]);
      expect((await collectAll(ctx, await freshAuth(ctx, user))).body.message).toBe(
        NOTHING_TO_COLLECT_MESSAGE,
      );
      await expectLedgerOk();
    });
  });

  describe('in India: KYC, TDS and a bank payout', () => {
    it('without complete KYC collecting is refused with the KYC message and nothing changes', async () => {
      const { user, auth } = await indianUser(ctx, null);
      const e = await grantTestEarning(ctx, auth, KCASH_1000);
      const info = await taxInfo(auth);
      expect(info).toMatchObject({
        region: 'IN',
        destination: 'bank',
        kycRequired: true,
        kycComplete: false,
        nextRequiredDoc: 'pan',
        bank: null,
      });
      const payableBefore = await systemKcash(ctx, 'earnings_payable');
      for (const res of [await collectOne(ctx, auth, e.id), await collectAll(ctx, auth)]) {
        expect(res.status).toBe(422);
        expect(res.body.message).toBe(KYC_REQUIRED_MESSAGE);
        expect(res.body.data).toEqual({ nextRequiredDoc: 'pan', code: 'KYC_REQUIRED' });
      }
      expect((await earningRow(ctx, e.id)).status).toBe('pending');
      expect(await systemKcash(ctx, 'earnings_payable')).toBe(payableBefore);
      expect(
        await ctx.deps.db.select().from(schema.payouts).where(eq(schema.payouts.userId, user.id)),
      ).toEqual([]);
    });

    it('₹84 (within the ₹100 monthly exemption) is paid in full; the next ₹84 that month withholds 30% of ₹168', async () => {
      const { user, auth } = await indianUser(ctx, '4321');
      const first = await grantTestEarning(ctx, auth, KCASH_1000, { title: 'Weekly cup' });
      const info = await taxInfo(auth);
      expect(info).toMatchObject({
        region: 'IN',
        kycComplete: true,
        nextRequiredDoc: null,
        gross: { amount: '1000000' },
        tds: { amount: '0' },
        net: { amount: '1000000' },
        payout: {
          gross: { amount: '8400', currency: 'INR', decimals: 2 },
          tds: { amount: '0' },
          net: { amount: '8400' },
        },
        tax: {
          section: '194BA',
          ratePercent: 30,
          netWinnings: { amount: '8400' },
          monthNetWinnings: { amount: '8400' },
          monthlyExemption: { amount: '10000' },
          exempt: true,
        },
        bank: { ifsc: 'HDFC0001234', last4: '4321', bankName: 'HDFC Bank' },
      });
      expect(info.tax!.financialYear).toMatch(/^\d{4}-\d{2}$/);
      expect(info.bank).not.toHaveProperty('holderName');

      const transitBefore = await systemKcash(ctx, 'payouts_in_transit');
      const res = await collectOne(ctx, auth, first.id);
      expect(res.status, res.body.message).toBe(200);
      const result = collectResultSchema.parse(res.body.data);
      expect(result).toMatchObject({
        destination: 'bank',
        tds: { amount: '0' },
        net: { amount: '1000000' },
        payout: {
          status: 'requested',
          method: 'bank',
          payout: { gross: { amount: '8400' }, tds: { amount: '0' }, net: { amount: '8400' } },
          destination: { last4: '4321' },
        },
      });
      expect(result.earnings[0]).toMatchObject({
        status: 'EARNING DISTRIBUTING',
        displayStatus: 'DISTRIBUTING',
      });
      expect((await systemKcash(ctx, 'payouts_in_transit')) - transitBefore).toBe(KCASH_1000);
      const payoutId = result.payout!.id;
      expect((await payoutRow(ctx, payoutId)).financialYear).toBe(info.tax!.financialYear);

      await runDueJobs(ctx.deps, { limit: 100 });
      const processing = payoutSchema.parse(
        (await get(`/collect-earning/payouts/${payoutId}`, auth)).body.data,
      );
      expect(processing.status).toBe('processing');
      expect((await list(auth)).list[0]).toMatchObject({
        displayStatus: 'DISTRIBUTING',
        payout: { id: payoutId, status: 'processing' },
      });

      expect(await drivePayout(ctx, payoutId)).toBe('succeeded');
      const done = (await get(`/collect-earning/payouts/${payoutId}`, auth)).body.data;
      expect(done).toMatchObject({ status: 'succeeded', failureReason: null });
      expect(done.completedAt).not.toBeNull();
      expect((await list(auth)).list[0]).toMatchObject({
        displayStatus: 'COLLECTED',
        creditedAt: expect.any(String),
      });
      expect(await systemKcash(ctx, 'payouts_in_transit')).toBe(transitBefore);
      // Nothing reached the user's K-Cash: the money left Khel for the bank.
      expect((await balances(ctx.deps.db, user.id)).user_kcash_earned).toBe(0n);

      // Second ₹84 in the same month: Rule 133 net winnings ₹168 > ₹100 → ₹50.40 TDS = 600 K-Cash.
      const second = await grantTestEarning(ctx, auth, KCASH_1000);
      const before = await taxInfo(auth, `?earningId=${second.id}`);
      expect(before).toMatchObject({
        tds: { amount: '600000' },
        net: { amount: '400000' },
        payout: { gross: { amount: '8400' }, tds: { amount: '5040' }, net: { amount: '3360' } },
        tax: { netWinnings: { amount: '16800' }, monthNetWinnings: { amount: '16800' }, exempt: false },
      });
      const taxBefore = await systemKcash(ctx, 'tax_withheld');
      const collected = await collectOne(ctx, auth, second.id);
      expect(collected.body.data).toMatchObject({ tds: { amount: '600000' }, net: { amount: '400000' } });
      expect((await systemKcash(ctx, 'tax_withheld')) - taxBefore).toBe(600_000n);
      const payout = await payoutRow(ctx, collected.body.data.payout.id);
      expect(payout).toMatchObject({ netWinnings: 16_800n, payoutTax: 5_040n, kcashTax: 600_000n });
      const [taxLeg] = await ctx.deps.db
        .select()
        .from(schema.ledgerTransfers)
        .where(eq(schema.ledgerTransfers.id, payout.taxTransferId!));
      expect(taxLeg).toMatchObject({ kind: 'tax_withholding', amount: 600_000n });
      expect(await drivePayout(ctx, payout.id)).toBe('succeeded');
      expect((await systemKcash(ctx, 'tax_withheld')) - taxBefore).toBe(600_000n);
      await expectLedgerOk();
    });

    it('a rupee deposit this year lowers the net winnings: ₹500 in, ₹840 out → TDS on ₹340', async () => {
      const { auth } = await indianUser(ctx, '4321');
      const started = await ctx.json('/onramp/deposit', {
        method: 'POST',
        headers: auth,
        body: { amount: '50000', currency: 'INR' },
      });
      expect(started.status).toBe(201);
      const pay = await ctx.app.request(
        new URL(started.body.data.checkoutUrl).pathname.replace(/^\/api/, ''),
        {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: 'outcome=succeed',
        },
      );
      expect(pay.status).toBe(200);
      await grantTestEarning(ctx, auth, 10n * KCASH_1000);
      const info = await taxInfo(auth);
      // ₹840 − ₹500 = ₹340 net winnings; 30% = ₹102 = 10 200 paise = ⌈10 200 / 0.0084⌉ K-Cash minor units.
      expect(info).toMatchObject({
        payout: { gross: { amount: '84000' }, tds: { amount: '10200' }, net: { amount: '73800' } },
        tax: { netWinnings: { amount: '34000' }, exempt: false },
        tds: { amount: '1214286' },
        net: { amount: '8785714' },
      });
      const res = await collectAll(ctx, auth);
      expect(res.body.data.tds.amount).toBe('1214286');
    });

    it('a rejected payout returns the money and the tax, the earning is FAILED, and collecting again retries it', async () => {
      const { user, auth } = await indianUser(ctx, '1111');
      const e = await grantTestEarning(ctx, auth, 2n * KCASH_1000);
      const payable0 = await systemKcash(ctx, 'earnings_payable');
      const tax0 = await systemKcash(ctx, 'tax_withheld');
      const res = await collectOne(ctx, auth, e.id);
      expect(res.status).toBe(200);
      // ₹168 > ₹100: 30% = ₹50.40 = 600 K-Cash withheld.
      expect(res.body.data.tds.amount).toBe('600000');
      expect((await systemKcash(ctx, 'tax_withheld')) - tax0).toBe(600_000n);
      const payoutId = res.body.data.payout.id as string;

      expect(await drivePayout(ctx, payoutId)).toBe('failed');
      const failed = (await get(`/collect-earning/payouts/${payoutId}`, auth)).body.data;
      expect(failed).toMatchObject({ status: 'failed', failureReason: SANDBOX_PAYOUT_REJECTED_MESSAGE });
      const row = (await list(auth)).list[0]!;
      expect(row).toMatchObject({
        id: e.id,
        status: 'EARNING FAILED',
        displayStatus: 'FAILED',
        failureReason: SANDBOX_PAYOUT_REJECTED_MESSAGE,
        payout: { id: payoutId, status: 'failed' },
      });
      expect(await systemKcash(ctx, 'earnings_payable')).toBe(payable0);
      expect(await systemKcash(ctx, 'tax_withheld')).toBe(tax0);
      const reversals = await ctx.deps.db
        .select()
        .from(schema.ledgerTransfers)
        .where(like(schema.ledgerTransfers.idempotencyKey, `payout:${payoutId}:%`));
      expect(reversals.map((t) => t.kind).sort()).toEqual([
        'earning_collect',
        'payout_reversal',
        'tax_reversal',
        'tax_withholding',
      ]);
      expect((await get('/collect-earning/aggregate', auth)).body.data).toMatchObject({
        failed: { amount: '2000000' },
        counts: { failed: 1 },
      });

      // The user fixes the bank account and retries: the failed payout counts for nothing, same TDS.
      await setBankLast4(ctx, user.id, '5678');
      const info = await taxInfo(auth);
      expect(info.earningIds).toEqual([e.id]);
      expect(info.tds.amount).toBe('600000');
      const retry = await collectOne(ctx, auth, e.id);
      expect(retry.status, retry.body.message).toBe(200);
      expect(retry.body.data.payout.destination.last4).toBe('5678');
      expect(await drivePayout(ctx, retry.body.data.payout.id)).toBe('succeeded');
      expect(await earningRow(ctx, e.id)).toMatchObject({
        status: 'credited',
        attempts: 2,
        failureReason: null,
      });
      expect((await systemKcash(ctx, 'tax_withheld')) - tax0).toBe(600_000n);
      await expectLedgerOk();
    });

    it('a payout that hangs stays processing and DISTRIBUTING, and keeps being checked', async () => {
      const { user, auth: firstAuth } = await indianUser(ctx, '2222');
      const e = await grantTestEarning(ctx, firstAuth, KCASH_1000);
      const res = await collectOne(ctx, firstAuth, e.id);
      const payoutId = res.body.data.payout.id as string;
      expect(await drivePayout(ctx, payoutId, 8)).toBe('processing');
      const auth = await freshAuth(ctx, user);
      expect((await get(`/collect-earning/payouts/${payoutId}`, auth)).body.data.status).toBe('processing');
      expect((await list(auth)).list[0]!.displayStatus).toBe('DISTRIBUTING');
      const pending = await ctx.deps.db
        .select()
        .from(schema.jobs)
        .where(
          and(eq(schema.jobs.kind, 'payout.process'), like(schema.jobs.dedupeKey, `payout:${payoutId}:%`)),
        );
      expect(pending.filter((j) => j.doneAt === null && j.cancelledAt === null)).toHaveLength(1);
      const again = await collectOne(ctx, auth, e.id);
      expect(again.body.message).toBe(EARNING_NOT_COLLECTABLE_MESSAGE);
      await expectLedgerOk();
    });

    it('an amount worth less than ₹1 cannot go to a bank', async () => {
      const { auth } = await indianUser(ctx, '4321');
      const tiny = await grantTestEarning(ctx, auth, 100n);
      const res = await collectOne(ctx, auth, tiny.id);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(PAYOUT_TOO_SMALL_MESSAGE);
      expect((await earningRow(ctx, tiny.id)).status).toBe('pending');
    });
  });

  describe('concurrency: each earning is paid exactly once', () => {
    it('outside India: 5 collect-alls and a collect-one per earning, all at once', async () => {
      const { user, auth } = await foreignUser(ctx);
      const ids: string[] = [];
      for (let i = 0; i < 8; i++) ids.push((await grantTestEarning(ctx, auth, 1_000n + BigInt(i))).id);
      const total = 8n * 1_000n + 28n;
      const results = await Promise.all([
        ...Array.from({ length: 5 }, () => collectAll(ctx, auth)),
        ...ids.map((id) => collectOne(ctx, auth, id)),
      ]);
      for (const r of results) expect([200, 422], r.body.message).toContain(r.status);
      const paid = results
        .filter((r) => r.status === 200)
        .flatMap((r) => (r.body.data.earnings as { id: string }[]).map((e) => e.id));
      expect(paid.sort()).toEqual([...ids].sort());
      expect((await balances(ctx.deps.db, user.id)).user_kcash_earned).toBe(total);
      const legs = await ctx.deps.db
        .select()
        .from(schema.ledgerTransfers)
        .where(
          and(
            eq(schema.ledgerTransfers.kind, 'earning_collect'),
            inArray(
              schema.ledgerTransfers.idempotencyKey,
              ids.map((id) => `earning-collect:${id}:1`),
            ),
          ),
        );
      expect(legs).toHaveLength(8);
      await expectLedgerOk();
    });

    it('in India: collect-all racing collect-ones makes payouts that together carry each earning once', async () => {
      const { user, auth } = await indianUser(ctx, '4321');
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push((await grantTestEarning(ctx, auth, KCASH_1000)).id);
      const payable0 = await systemKcash(ctx, 'earnings_payable');
      const results = await Promise.all([
        collectAll(ctx, auth),
        collectAll(ctx, auth),
        ...ids.map((id) => collectOne(ctx, auth, id)),
      ]);
      for (const r of results) expect([200, 422], r.body.message).toContain(r.status);
      const made = await ctx.deps.db.select().from(schema.payouts).where(eq(schema.payouts.userId, user.id));
      expect(made.reduce((s, p) => s + p.kcashGross, 0n)).toBe(6n * KCASH_1000);
      expect(payable0 - (await systemKcash(ctx, 'earnings_payable'))).toBe(6n * KCASH_1000);
      const rows = await ctx.deps.db.select().from(schema.earnings).where(inArray(schema.earnings.id, ids));
      for (const r of rows) expect(r).toMatchObject({ status: 'distributing', attempts: 1 });
      // Serialised per user, each payout's TDS is what Rule 133 gives after the ones before it (in the
      // order their ledger legs were posted), never worked out from totals another collect was changing.
      const legs = await ctx.deps.db
        .select()
        .from(schema.ledgerTransfers)
        .where(
          inArray(
            schema.ledgerTransfers.idempotencyKey,
            made.map((p) => `payout:${p.id}:transit`),
          ),
        );
      const order = new Map(legs.map((l) => [l.idempotencyKey, l.id]));
      const inOrder = [...made].sort(
        (a, b) => order.get(`payout:${a.id}:transit`)! - order.get(`payout:${b.id}:transit`)!,
      );
      let ytd = { ...NO_TOTALS };
      for (const p of inOrder) {
        const tds = computeTds({
          withdrawal: p.payoutGross,
          openingBalance: 0n,
          yearToDate: ytd,
          beforeThisMonth: NO_TOTALS,
        });
        expect({ tax: p.payoutTax, netWinnings: p.netWinnings }).toEqual({
          tax: tds.tax,
          netWinnings: tds.netWinnings,
        });
        ytd = {
          withdrawals: ytd.withdrawals + p.payoutGross,
          deposits: 0n,
          taxedNetWinnings: ytd.taxedNetWinnings + tds.taxedNetWinnings,
        };
      }
      expect(ytd.withdrawals).toBe(6n * 8_400n);
      await expectLedgerOk();
    });
  });
});

describe('payout provider choice', () => {
  it('sandbox by default outside production, none by default in production, and a sandbox in production is refused', () => {
    const env = (vars: Record<string, string>) => loadEnv({ DATA_DIR: '/tmp/khel-unused', ...vars });
    expect(payoutProviderOf(env({ NODE_ENV: 'test' }))?.name).toBe('sandbox');
    expect(payoutProviderOf(env({ NODE_ENV: 'development', PAYOUT_PROVIDER: 'none' }))).toBeNull();
    expect(payoutProviderOf(env({ NODE_ENV: 'production' }))).toBeNull();
    expect(() => payoutProviderOf(env({ NODE_ENV: 'production', PAYOUT_PROVIDER: 'sandbox' }))).toThrow(
      /not allowed in production/,
    );
  });

  it.each(DB_KINDS)(
    'with PAYOUT_PROVIDER=none an Indian collect is 503 and changes nothing; elsewhere it still works (%s)',
    async (kind) => {
      const ctx = await createTestContext(kind, inject('postgresAdminUrl'), { PAYOUT_PROVIDER: 'none' });
      try {
        const india = await indianUser(ctx, '4321');
        const e = await grantTestEarning(ctx, india.auth, KCASH_1000);
        const key = randomUUID();
        const res = await collectOne(ctx, india.auth, e.id, key);
        expect(res.status).toBe(503);
        expect(res.body.message).toBe(PAYOUTS_UNAVAILABLE_MESSAGE);
        expect((await earningRow(ctx, e.id)).status).toBe('pending');
        // Not stored as the key's answer: the same key may be tried again later.
        expect((await collectOne(ctx, india.auth, e.id, key)).replayed).toBeNull();
        const abroad = await foreignUser(ctx);
        const f = await grantTestEarning(ctx, abroad.auth, 1_000n);
        expect((await collectOne(ctx, abroad.auth, f.id)).status).toBe(200);
      } finally {
        await ctx.close();
      }
    },
  );
});
