import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import {
  collectOne,
  drivePayout,
  earningRow,
  grantTestEarning,
  indianUser,
} from '../earnings/earnings.test-support.ts';
import { EARNING_EXPIRY_NOTICE_MS } from '../earnings/earnings.ts';
import { decide, randomPan } from '../kyc/kyc.test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';

/** The economy's events announce themselves through the outbox, in the transaction of the change (DESIGN §6). */
describe.each(DB_KINDS)('economy notifications on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const outboxOf = (userId: string, notificationKind: schema.NotificationKind) =>
    ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, userId), eq(schema.outbox.kind, notificationKind)));

  it('a K-Cash deposit credited writes deposit_credited once, with the K-Cash received', async () => {
    const u = await signedInUser(ctx, { country: 'IN' });
    const res = await ctx.json('/onramp/deposit', {
      method: 'POST',
      headers: u.auth,
      body: { amount: '84000', currency: 'INR' },
    });
    expect(res.status).toBe(201);
    const { depositId, checkoutUrl } = res.body.data as { depositId: string; checkoutUrl: string };
    const pay = () =>
      ctx.app.request(new URL(checkoutUrl).pathname.replace(/^\/api/, ''), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'outcome=succeed',
      });
    expect((await pay()).status).toBe(200);
    await pay();

    const rows = await outboxOf(u.user.id, 'deposit_credited');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      dedupeKey: `deposit-credited:${depositId}`,
      payload: { depositId, kcash: '9850000' },
      status: 'pending',
    });
  });

  it('a KYC decision writes kyc_decision with the document and the outcome', async () => {
    const u = await signedInUser(ctx, { country: 'IN' });
    const posted = await ctx.json('/kyc/verify-pan', {
      method: 'POST',
      headers: u.auth,
      body: { pan: randomPan(), name: 'Ravi Kumar' },
    });
    expect(posted.status).toBe(202);
    expect(await outboxOf(u.user.id, 'kyc_decision')).toEqual([]);
    await decide(ctx);

    const rows = await outboxOf(u.user.id, 'kyc_decision');
    expect(rows.map((r) => r.payload)).toEqual([{ docType: 'pan', status: 'verified' }]);
  });

  it('an earning with an expiry is announced a day before it expires', async () => {
    const u = await signedInUser(ctx);
    const earning = await grantTestEarning(ctx, u.auth, 5_000n, { title: 'Daily bonus', expiresInHours: 48 });
    const { expiresAt } = await earningRow(ctx, earning.id);

    const rows = await outboxOf(u.user.id, 'earning_expiring');
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toEqual({ earningId: earning.id, title: 'Daily bonus', kcash: '5000' });
    expect(rows[0]?.availableAt.getTime()).toBe(expiresAt!.getTime() - EARNING_EXPIRY_NOTICE_MS);
  });

  it('a payout paid writes payout_update with status paid', async () => {
    const { auth, user } = await indianUser(ctx);
    const earning = await grantTestEarning(ctx, auth, 1_000_000n);
    const res = await collectOne(ctx, auth, earning.id);
    expect(res.status, res.body.message).toBe(200);
    const payoutId = (res.body.data as { payout: { id: string } }).payout.id;
    expect(await drivePayout(ctx, payoutId)).toBe('succeeded');

    const rows = await outboxOf(user.id, 'payout_update');
    expect(rows.map((r) => [r.dedupeKey, r.payload.status])).toEqual([[`payout-paid:${payoutId}`, 'paid']]);
  });
});
