import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../app.ts';
import { retryDelayMs, runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { systemAccountBalance, verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { DEPOSIT_DELETION_PENDING_MESSAGE } from './deposits.ts';
import {
  DEPOSIT_REFUND_JOB,
  depositRefundJobKey,
  RefundRefusedError,
  refundDepositByOperator,
} from './refunds.ts';
import { signWebhook, WEBHOOK_TOLERANCE_SECONDS } from './signature.ts';
import { paymentsWebhookSecret } from './webhook-secret.ts';

let keyCounter = 0;
const freshKey = () => `swap-${Date.now()}-${keyCounter++}`;
const apiPath = (url: string) => new URL(url).pathname.replace(/^\/api/, '');

describe.each(DB_KINDS)('buying K-Cash and swapping on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (
    path: string,
    auth: Record<string, string>,
    body: unknown,
    extra: Record<string, string> = {},
  ) => ctx.json(path, { method: 'POST', headers: { ...auth, ...extra }, body });
  const balance = async (auth: Record<string, string>) =>
    (await ctx.json('/wallets/balance', { headers: auth })).body.data;
  const grant = (auth: Record<string, string>, balanceKey: string, amount: string, currency: string) =>
    post(
      '/dev/ledger/grant',
      auth,
      { balance: balanceKey, amount, currency },
      { 'idempotency-key': freshKey() },
    );
  const checkout = (url: string, outcome = 'succeed') =>
    ctx.app.request(apiPath(url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `outcome=${outcome}`,
    });
  const deposit = async (auth: Record<string, string>, amount: string, currency: string) => {
    const res = await post('/onramp/deposit', auth, { amount, currency });
    expect(res.status).toBe(201);
    return res.body.data as { depositId: string; checkoutUrl: string };
  };
  const paymentOf = async (depositId: string) => {
    const [row] = await ctx.deps.db
      .select()
      .from(schema.sandboxPayments)
      .where(eq(schema.sandboxPayments.reference, depositId));
    return row!;
  };
  const deliver = (body: string, signature: string) =>
    ctx.app.request('/onramp/webhook/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'khel-signature': signature },
      body,
    });
  const succeededEvent = async (depositId: string, eventId: string) => {
    const p = await paymentOf(depositId);
    return JSON.stringify({
      id: eventId,
      type: 'payment.succeeded',
      data: { paymentId: p.id, reference: depositId, amount: p.amount.toString(), currency: p.currency },
    });
  };

  const feesUsdt = () => systemAccountBalance(ctx.deps.db, 'fees', 'USDT');

  describe('quotes', () => {
    it('GET /onramp/conversion: 10 USDT minus the 0.02 USDT gas fee gives 9980 K-Cash (1 USDT = 1000 K-Cash)', async () => {
      const res = await ctx.json('/onramp/conversion?amount=10000000&currency=USDT');
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        pay: { amount: '10000000', currency: 'USDT', decimals: 6 },
        method: 'crypto',
        usdtValue: { amount: '10000000', currency: 'USDT', decimals: 6 },
        fee: { amount: '20000', currency: 'USDT', decimals: 6 },
        receive: { amount: '9980000', currency: 'KCASH', decimals: 3 },
      });
    });

    it('converts INR (UPI) at ₹84 per USDT and BRL (PIX) at R$5.50 per USDT, fee rounded up', async () => {
      // ₹840.00 = 10 USDT; 1.5% fee = 0.15 USDT → 9.85 USDT → 9850 K-Cash.
      const inr = await ctx.json('/onramp/conversion?amount=84000&currency=INR');
      expect(inr.body.data).toMatchObject({
        method: 'upi',
        rate: { from: 'INR', to: 'USDT', fromMajor: '84', toMajor: '1' },
        usdtValue: { amount: '10000000' },
        fee: { amount: '150000' },
        receive: { amount: '9850000', currency: 'KCASH' },
      });
      // R$55.00 = 10 USDT; 1% fee = 0.1 USDT.
      const brl = await ctx.json('/onramp/conversion?amount=5500&currency=BRL');
      expect(brl.body.data).toMatchObject({
        method: 'pix',
        fee: { amount: '100000' },
        receive: { amount: '9900000' },
      });
      // ₹100.01 = 1.190595 USDT (rounded down); fee ceil(17858.925) = 17859.
      const odd = await ctx.json('/onramp/conversion?amount=10001&currency=INR');
      expect(odd.body.data).toMatchObject({
        usdtValue: { amount: '1190595' },
        fee: { amount: '17859' },
        receive: { amount: '1172736' },
      });
    });

    it('GET /onramp/gas-fee lists the schedule, or one currency', async () => {
      const all = await ctx.json('/onramp/gas-fee');
      expect(all.status).toBe(200);
      expect(all.body.data.fees.map((f: { currency: string }) => f.currency)).toEqual(['USDT', 'INR', 'BRL']);
      const usdt = await ctx.json('/onramp/gas-fee?currency=USDT');
      expect(usdt.body.data.fees).toEqual([
        expect.objectContaining({
          currency: 'USDT',
          method: 'crypto',
          flat: { amount: '20000', currency: 'USDT', decimals: 6 },
          basisPoints: 0,
        }),
      ]);
    });

    it('refuses bad input with 4xx envelopes', async () => {
      for (const q of [
        'amount=1.5&currency=USDT',
        'amount=100&currency=EUR',
        'amount=-1&currency=INR',
        'currency=USDT',
      ]) {
        const res = await ctx.json(`/onramp/conversion?${q}`);
        expect(res.status, q).toBe(400);
        expect(res.body.success).toBe(false);
      }
      const small = await ctx.json('/onramp/conversion?amount=999999&currency=USDT');
      expect(small.status).toBe(400);
      expect(small.body.message).toBe('The amount is below the minimum for this payment method.');
      expect((await ctx.json('/onramp/gas-fee?currency=XYZ')).status).toBe(400);
    });
  });

  describe('deposits through the sandbox provider', () => {
    it('deposit → checkout POST → signed webhook → bought K-Cash credited, deposit credited, ledger balanced', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId, checkoutUrl } = await deposit(auth, '84000', 'INR');
      expect(checkoutUrl).toMatch(/\/api\/sandbox\/payments\/sbpay_[0-9a-f]+$/);
      expect((await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth })).body.data.status).toBe(
        'pending',
      );

      const page = await ctx.app.request(apiPath(checkoutUrl));
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<form method="post">');

      const feesBefore = await feesUsdt();
      const paid = await checkout(checkoutUrl);
      expect(paid.status).toBe(200);
      expect(await paid.text()).toContain('Payment complete');
      const status = await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth });
      expect(status.body.data).toMatchObject({
        status: 'credited',
        receive: { amount: '9850000', currency: 'KCASH' },
      });
      expect((await balance(auth)).kcashBought).toEqual({
        amount: '9850000',
        currency: 'KCASH',
        decimals: 3,
      });
      // The 1.5% UPI fee (0.15 USDT) is booked to the fees account.
      expect((await feesUsdt()) - feesBefore).toBe(150_000n);

      // Posting the form again re-sends the same event: nothing more is credited.
      expect((await checkout(checkoutUrl)).status).toBe(200);
      expect((await balance(auth)).kcashBought.amount).toBe('9850000');
      expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
    });

    it('a declined checkout marks the deposit failed and credits nothing', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId, checkoutUrl } = await deposit(auth, '5500', 'BRL');
      const res = await checkout(checkoutUrl, 'fail');
      expect(await res.text()).toContain('Payment Failed, Please try again!');
      expect((await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth })).body.data.status).toBe(
        'failed',
      );
      expect((await balance(auth)).kcashBought.amount).toBe('0');
    });

    it('the same webhook delivered 20 times at once credits once', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId } = await deposit(auth, '10000000', 'USDT');
      const body = await succeededEvent(depositId, `evt_concurrent_${depositId}`);
      const signature = signWebhook(paymentsWebhookSecret(ctx.deps), body, ctx.now());
      const results = await Promise.all(Array.from({ length: 20 }, () => deliver(body, signature)));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const outcomes = await Promise.all(
        results.map(async (r) => ((await r.json()) as { data: { outcome: string } }).data.outcome),
      );
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
      expect((await balance(auth)).kcashBought.amount).toBe('9980000');
      const legs = await ctx.deps.db
        .select()
        .from(schema.ledgerTransfers)
        .where(eq(schema.ledgerTransfers.idempotencyKey, `onramp:sandbox:evt_concurrent_${depositId}:kcash`));
      expect(legs).toHaveLength(1);
      const events = await ctx.deps.db
        .select()
        .from(schema.paymentWebhookEvents)
        .where(eq(schema.paymentWebhookEvents.depositId, depositId));
      expect(events).toHaveLength(1);
      expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
    });

    it('six distinct provider events for one deposit at once: no 5xx (no deadlock), credited once', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId } = await deposit(auth, '4000000', 'USDT');
      const bodies = await Promise.all(
        Array.from({ length: 6 }, (_, i) => succeededEvent(depositId, `evt_distinct_${i}_${depositId}`)),
      );
      const results = await Promise.all(
        bodies.map((body) => deliver(body, signWebhook(paymentsWebhookSecret(ctx.deps), body, ctx.now()))),
      );
      expect(results.map((r) => r.status)).toEqual(Array(6).fill(200));
      const outcomes = await Promise.all(
        results.map(async (r) => ((await r.json()) as { data: { outcome: string } }).data.outcome),
      );
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(5);
      expect((await balance(auth)).kcashBought.amount).toBe('3980000');
      const events = await ctx.deps.db
        .select()
        .from(schema.paymentWebhookEvents)
        .where(eq(schema.paymentWebhookEvents.depositId, depositId));
      expect(events).toHaveLength(6);
      expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
    });

    it('a bad signature or a stale timestamp is a 401 and credits nothing', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId } = await deposit(auth, '2000000', 'USDT');
      const body = await succeededEvent(depositId, `evt_forged_${depositId}`);
      const secret = paymentsWebhookSecret(ctx.deps);
      const forged = signWebhook('not-the-secret-not-the-secret-not-the-secret', body, ctx.now());
      const stale = signWebhook(
        secret,
        body,
        new Date(ctx.now().getTime() - (WEBHOOK_TOLERANCE_SECONDS + 1) * 1000),
      );
      const good = signWebhook(secret, body, ctx.now());
      const tampered = body.replace('"amount":"2000000"', '"amount":"9000000"');
      for (const [b, sig] of [
        [body, forged],
        [body, stale],
        [body, ''],
        [body, 't=abc,v1=00'],
        [tampered, good],
      ] as const) {
        const res = await deliver(b, sig);
        expect(res.status).toBe(401);
        expect(((await res.json()) as { message: string }).message).toBe('Invalid webhook signature');
      }
      expect((await balance(auth)).kcashBought.amount).toBe('0');
      expect((await ctx.json(`/onramp/deposit/${depositId}`, { headers: auth })).body.data.status).toBe(
        'pending',
      );
      // The genuine delivery still works afterwards.
      expect((await deliver(body, good)).status).toBe(200);
      expect((await balance(auth)).kcashBought.amount).toBe('1980000');
    });

    it('a pending deposit expires after 30 minutes', async () => {
      const { auth, user } = await signedInUser(ctx);
      const { depositId } = await deposit(auth, '1000000', 'USDT');
      // Access tokens are short-lived: sign in again after moving the clock.
      const statusNow = async () => {
        const { accessToken } = await completeSignIn(ctx.deps, user, false, 'website');
        const res = await ctx.json(`/onramp/deposit/${depositId}`, {
          headers: { authorization: `Bearer ${accessToken}` },
        });
        return res.body.data.status;
      };
      ctx.advance(29 * 60 * 1000);
      expect(await statusNow()).toBe('pending');
      ctx.advance(60 * 1000 + 1);
      expect(await statusNow()).toBe('expired');
    });

    it('the sandbox checkout answers a malformed or unknown payment id with the 404 envelope, and pays nothing', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId, checkoutUrl } = await deposit(auth, '1000000', 'USDT');
      const known = apiPath(checkoutUrl).split('/').pop()!;
      for (const id of ['not-a-payment', known.toUpperCase(), `${known}0`, `sbpay_${'0'.repeat(24)}`]) {
        for (const method of ['GET', 'POST']) {
          const res = await ctx.json(`/sandbox/payments/${encodeURIComponent(id)}`, { method });
          expect(res.status, `${method} ${id}`).toBe(404);
          expect(res.body).toMatchObject({ success: false, message: 'Not found' });
        }
      }
      expect((await paymentOf(depositId)).status).toBe('open');
    });

    it('the sandbox checkout refuses to pay after 30 minutes, and does not exist in production', async () => {
      const { auth } = await signedInUser(ctx);
      const { checkoutUrl } = await deposit(auth, '1000000', 'USDT');
      const production = createApp({ ...ctx.deps, env: { ...ctx.deps.env, NODE_ENV: 'production' } });
      expect((await production.request(apiPath(checkoutUrl))).status).toBe(404);
      expect((await production.request(apiPath(checkoutUrl), { method: 'POST' })).status).toBe(404);
      ctx.advance(30 * 60 * 1000 + 1);
      expect((await checkout(checkoutUrl)).status).toBe(410);
      const [row] = await ctx.deps.db
        .select()
        .from(schema.deposits)
        .where(eq(schema.deposits.providerPaymentId, apiPath(checkoutUrl).split('/').pop()!));
      expect(row!.status).toBe('pending');
      expect(row!.creditedAt).toBeNull();
    });

    it('deposit creation needs a sign-in, valid input, and is rate-limited per user (10 per 10 minutes)', async () => {
      expect((await post('/onramp/deposit', {}, { amount: '1000000', currency: 'USDT' })).status).toBe(401);
      const { auth } = await signedInUser(ctx);
      for (const body of [
        { amount: 1000000, currency: 'USDT' },
        { amount: '1000000', currency: 'EUR' },
        { amount: '1000000' },
      ]) {
        const res = await post('/onramp/deposit', auth, body);
        expect(res.status).toBe(400);
        expect(res.body.success).toBe(false);
      }
      for (let i = 0; i < 10; i++) await deposit(auth, '1000000', 'USDT');
      const limited = await post('/onramp/deposit', auth, { amount: '1000000', currency: 'USDT' });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    });
  });

  it('no deposit while the account deletion is pending; after cancelling, deposits work again', async () => {
    const { auth } = await signedInUser(ctx);
    expect((await post('/users/me/deletion-request', auth, {})).status).toBe(202);
    const refused = await post('/onramp/deposit', auth, { amount: '1000000', currency: 'USDT' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      success: false,
      message: DEPOSIT_DELETION_PENDING_MESSAGE,
      data: { code: 'DELETION_PENDING' },
    });
    expect((await ctx.json('/users/me/deletion-request', { method: 'DELETE', headers: auth })).status).toBe(
      200,
    );
    await deposit(auth, '1000000', 'USDT');
  });

  describe('refunds of deposits paid after they expired or failed', () => {
    const depositRow = async (depositId: string) => {
      const [row] = await ctx.deps.db.select().from(schema.deposits).where(eq(schema.deposits.id, depositId));
      return row!;
    };
    const refundJobs = (depositId: string) =>
      ctx.deps.db
        .select()
        .from(schema.jobs)
        .where(eq(schema.jobs.dedupeKey, depositRefundJobKey(depositId)));
    /** What the ledger holds: every transfer and every cached balance. A refund must change none of it. */
    const ledgerSnapshot = async () => ({
      transfers: (await ctx.deps.db.select({ id: schema.ledgerTransfers.id }).from(schema.ledgerTransfers))
        .map((r) => r.id)
        .sort((a, b) => a - b),
      balances: (
        await ctx.deps.db
          .select({ id: schema.ledgerAccounts.id, balance: schema.ledgerAccounts.balance })
          .from(schema.ledgerAccounts)
      )
        .map((r) => `${r.id}:${r.balance}`)
        .sort(),
    });
    /** The provider's side: the payment went through (late), as its webhook will say. */
    const providerTookPayment = async (depositId: string) => {
      const t = schema.sandboxPayments;
      await ctx.deps.db
        .update(t)
        .set({ status: 'succeeded', completedAt: ctx.now() })
        .where(eq(t.reference, depositId));
    };
    const deliverSigned = async (body: string) => {
      const res = await deliver(body, signWebhook(paymentsWebhookSecret(ctx.deps), body, ctx.now()));
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { outcome: string } }).data.outcome;
    };
    /** Access tokens are short-lived and these tests move the clock: sign in again for each look. */
    const freshAuth = async (userId: string) => {
      const [user] = await ctx.deps.db.select().from(schema.users).where(eq(schema.users.id, userId));
      const { accessToken } = await completeSignIn(ctx.deps, user!, false, 'website');
      return { authorization: `Bearer ${accessToken}` };
    };
    const statusAs = async (userId: string, depositId: string) => {
      const res = await ctx.json(`/onramp/deposit/${depositId}`, { headers: await freshAuth(userId) });
      return res.body.data.status as string;
    };
    const drainJobs = async () => {
      while ((await runDueJobs(ctx.deps, { limit: 50 })).taken > 0) {}
    };

    it('paid after it expired: refund_due once however often the webhook comes, then refunded by the job; the ledger never moves', async () => {
      const { user, auth } = await signedInUser(ctx);
      const { depositId } = await deposit(auth, '3000000', 'USDT');
      ctx.advance(30 * 60 * 1000 + 1);
      expect(await statusAs(user.id, depositId)).toBe('expired');
      await providerTookPayment(depositId);
      const before = await ledgerSnapshot();

      const body = await succeededEvent(depositId, `evt_late_${depositId}`);
      const outcomes = await Promise.all(Array.from({ length: 8 }, () => deliverSigned(body)));
      expect(outcomes.filter((o) => o === 'refund_due')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(7);
      // Another event for the same payment changes nothing either.
      expect(await deliverSigned(await succeededEvent(depositId, `evt_late2_${depositId}`))).toBe(
        'duplicate',
      );

      const due = await depositRow(depositId);
      expect(due).toMatchObject({
        status: 'refund_due',
        providerEventId: `evt_late_${depositId}`,
        creditTransferId: null,
        creditedAt: null,
        refundedAt: null,
        providerRefundId: null,
      });
      expect(due.paidAt).not.toBeNull();
      expect(await statusAs(user.id, depositId)).toBe('refund_due');
      const jobs = await refundJobs(depositId);
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ kind: DEPOSIT_REFUND_JOB, payload: { depositId }, doneAt: null });
      expect(await ledgerSnapshot()).toEqual(before);

      const jobRunAt = ctx.now();
      await drainJobs();
      const refunded = await depositRow(depositId);
      const payment = await paymentOf(depositId);
      expect(refunded.status).toBe('refunded');
      expect(refunded.providerRefundId).toBe(payment.id.replace('sbpay_', 'sbref_'));
      expect(refunded.refundedAt!.getTime()).toBeGreaterThanOrEqual(jobRunAt.getTime());
      expect(refunded.refundedAt!.getTime()).toBeLessThanOrEqual(ctx.now().getTime());
      expect(payment.status).toBe('refunded');
      expect((await refundJobs(depositId))[0]!.doneAt).not.toBeNull();
      expect(await statusAs(user.id, depositId)).toBe('refunded');

      // Late redeliveries after the refund still credit nothing.
      expect(await deliverSigned(body)).toBe('duplicate');
      expect(await ledgerSnapshot()).toEqual(before);
      expect((await balance(await freshAuth(user.id))).kcashBought.amount).toBe('0');
      expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
    });

    it('paid after it failed: the operator refunds it at once (the job is cancelled); refusals say why', async () => {
      const { auth } = await signedInUser(ctx);
      const { depositId, checkoutUrl } = await deposit(auth, '84000', 'INR');
      await checkout(checkoutUrl, 'fail');
      expect((await depositRow(depositId)).status).toBe('failed');
      await providerTookPayment(depositId);
      const before = await ledgerSnapshot();
      expect(await deliverSigned(await succeededEvent(depositId, `evt_after_fail_${depositId}`))).toBe(
        'refund_due',
      );

      const { deposit: done, alreadyRefunded } = await refundDepositByOperator(ctx.deps, depositId);
      expect(alreadyRefunded).toBe(false);
      expect(done).toMatchObject({ id: depositId, status: 'refunded' });
      expect(done.providerRefundId).toMatch(/^sbref_[0-9a-f]+$/);
      const [job] = await refundJobs(depositId);
      expect(job!.cancelledAt).not.toBeNull();
      await drainJobs();
      expect(await depositRow(depositId)).toMatchObject({
        status: 'refunded',
        providerRefundId: done.providerRefundId,
      });
      // Asking again reports the refund made, and asks the provider for nothing.
      expect(await refundDepositByOperator(ctx.deps, depositId)).toMatchObject({
        alreadyRefunded: true,
        deposit: { status: 'refunded', providerRefundId: done.providerRefundId },
      });
      expect(await ledgerSnapshot()).toEqual(before);

      const credited = await deposit(auth, '1000000', 'USDT');
      await checkout(credited.checkoutUrl);
      await expect(refundDepositByOperator(ctx.deps, credited.depositId)).rejects.toThrow(
        `Deposit ${credited.depositId} is credited: only a deposit in refund_due can be refunded`,
      );
      await expect(refundDepositByOperator(ctx.deps, '00000000-0000-4000-8000-000000000000')).rejects.toThrow(
        RefundRefusedError,
      );
      await expect(refundDepositByOperator(ctx.deps, 'not-a-uuid')).rejects.toThrow('No deposit with id');
      expect((await paymentOf(credited.depositId)).status).toBe('succeeded');
    });

    it('a provider that cannot refund yet: the job retries with backoff and the deposit stays refund_due until it can', async () => {
      const { user, auth } = await signedInUser(ctx);
      const { depositId } = await deposit(auth, '2000000', 'USDT');
      ctx.advance(30 * 60 * 1000 + 1);
      expect(await statusAs(user.id, depositId)).toBe('expired');
      // The webhook says paid, but the provider has not settled it on its side yet (still open).
      expect(await deliverSigned(await succeededEvent(depositId, `evt_unsettled_${depositId}`))).toBe(
        'refund_due',
      );
      await drainJobs();
      const [failed] = await refundJobs(depositId);
      expect(failed!.lastError).toContain('cannot be refunded: it is open');
      expect(failed!.doneAt).toBeNull();
      expect((await depositRow(depositId)).status).toBe('refund_due');

      await providerTookPayment(depositId);
      ctx.advance(retryDelayMs(1));
      await drainJobs();
      expect((await depositRow(depositId)).status).toBe('refunded');
      expect((await refundJobs(depositId))[0]!.doneAt).not.toBeNull();
    });
  });

  describe('POST /onramp/swap', () => {
    it('swaps 1.234567 USDT into exactly 1234.567 K-Cash', async () => {
      const { auth } = await signedInUser(ctx);
      await grant(auth, 'usdt', '5000000', 'USDT');
      const res = await post(
        '/onramp/swap',
        auth,
        { from: 'USDT', to: 'KCASH', amount: '1234567' },
        { 'idempotency-key': freshKey() },
      );
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        debited: { amount: '1234567', currency: 'USDT' },
        remainder: { amount: '0' },
        received: { amount: '1234567', currency: 'KCASH', decimals: 3 },
      });
      const b = await balance(auth);
      expect(b.usdt.amount).toBe('3765433');
      expect(b.kcashBought.amount).toBe('1234567');
    });

    it('insufficient USDT → 409 "Not enough USDT" and nothing moves; short of rKHEL names rKHEL alone', async () => {
      const { auth } = await signedInUser(ctx);
      await grant(auth, 'usdt', '1000', 'USDT');
      const swapOf = (from: 'USDT' | 'RKHEL', amount: string) =>
        post('/onramp/swap', auth, { from, to: 'KCASH', amount }, { 'idempotency-key': freshKey() });
      const res = await swapOf('USDT', '1001');
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Not enough USDT');
      expect(res.body.data).toMatchObject({ available: '1000', required: '1001' });
      expect((await balance(auth)).usdt.amount).toBe('1000');
      // Only rKHEL pays for a swap from rKHEL: not SPEC §8's 'K-Cash or rKHEL'.
      const rkhel = await swapOf('RKHEL', '1000000');
      expect(rkhel.status).toBe(409);
      expect(rkhel.body.message).toBe('Uh-oh! Not Enough rKHEL');
    });

    it('needs an Idempotency-Key, replays the first answer, and refuses bad input', async () => {
      const { auth } = await signedInUser(ctx);
      await grant(auth, 'usdt', '10000', 'USDT');
      const body = { from: 'USDT', to: 'KCASH', amount: '100' };
      expect((await post('/onramp/swap', auth, body)).status).toBe(400);
      const key = freshKey();
      await post('/onramp/swap', auth, body, { 'idempotency-key': key });
      const again = await post('/onramp/swap', auth, body, { 'idempotency-key': key });
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect((await balance(auth)).kcashBought.amount).toBe('100');
      for (const [bad, message] of [
        [{ from: 'USDT', to: 'USDT', amount: '100' }, 'Choose two different currencies to swap.'],
        [{ from: 'KCASH', to: 'USDT', amount: '100' }, 'This swap is not available.'],
        [{ from: 'RKHEL', to: 'KCASH', amount: '9' }, 'The amount is too small to swap.'],
        [
          { from: 'USDT', to: 'KCASH', amount: '0' },
          'The amount must be a whole number of minor units, written as a string',
        ],
      ] as const) {
        const res = await post('/onramp/swap', auth, bad, { 'idempotency-key': freshKey() });
        expect(res.status, JSON.stringify(bad)).toBe(400);
        expect(res.body.message).toBe(message);
      }
    });

    it('is exact for any amount: what leaves equals converted + remainder, the remainder goes to rounding, nothing is created or lost', async () => {
      const { auth } = await signedInUser(ctx);
      await grant(auth, 'usdt', '1000000000000', 'USDT');
      await grant(auth, 'rkhel', '1000000000000', 'RKHEL');
      const roundingOf = (currency: 'USDT' | 'RKHEL') =>
        systemAccountBalance(ctx.deps.db, 'rounding', currency);
      const pairs = [
        { from: 'USDT', to: 'KCASH', src: 'usdt', dst: 'kcashBought', num: 1n, den: 1n },
        { from: 'RKHEL', to: 'KCASH', src: 'rkhel', dst: 'kcashBought', num: 1n, den: 10n },
        { from: 'RKHEL', to: 'USDT', src: 'rkhel', dst: 'usdt', num: 1n, den: 10n },
      ] as const;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...pairs),
          fc.bigInt({ min: 20n, max: 5_000_000_000n }),
          async (pair, amount) => {
            const before = await balance(auth);
            const roundingBefore = await roundingOf(pair.from as 'USDT' | 'RKHEL');
            const res = await post(
              '/onramp/swap',
              auth,
              { from: pair.from, to: pair.to, amount: amount.toString() },
              { 'idempotency-key': freshKey() },
            );
            expect(res.status).toBe(200);
            const d = res.body.data;
            const remainder = BigInt(d.remainder.amount);
            const converted = BigInt(d.converted.amount);
            const received = BigInt(d.received.amount);
            expect(converted + remainder).toBe(amount);
            expect(remainder).toBe(amount % pair.den);
            expect(received * pair.den).toBe(converted * pair.num);
            const after = await balance(auth);
            if (pair.dst === 'usdt') {
              expect(BigInt(after.usdt.amount) - BigInt(before.usdt.amount)).toBe(received);
              expect(BigInt(before.rkhel.amount) - BigInt(after.rkhel.amount)).toBe(amount);
            } else {
              expect(BigInt(before[pair.src].amount) - BigInt(after[pair.src].amount)).toBe(amount);
              expect(BigInt(after.kcashBought.amount) - BigInt(before.kcashBought.amount)).toBe(received);
            }
            expect((await roundingOf(pair.from as 'USDT' | 'RKHEL')) - roundingBefore).toBe(remainder);
          },
        ),
        { numRuns: 15 },
      );
      expect((await verifyLedger(ctx.deps.db)).ok).toBe(true);
    });
  });
});
