import { randomUUID } from 'node:crypto';
import { DAILY_REWARD_CLAIMED_MESSAGE } from '@khel/core/contract';
import type { UserRow } from '@khel/db/schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { localDay } from './daily-rewards.ts';

const DAY = 86_400_000;

describe.each(DB_KINDS)('the daily reward on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A fresh sign-in of the same user: access tokens do not outlive the days the test moves through. */
  const signIn = async (user: UserRow) => ({
    authorization: `Bearer ${(await completeSignIn(ctx.deps, user, false, 'website')).accessToken}`,
  });
  const claim = (auth: Record<string, string>) =>
    ctx.json('/rewards/daily/claim', {
      method: 'POST',
      body: {},
      headers: { ...auth, 'idempotency-key': randomUUID() },
    });

  it('pays once a day, grows with the streak and starts again after a missed day', async () => {
    const u = await signedInUser(ctx, { country: 'BR' });
    const before = await ctx.json('/rewards/daily', { headers: u.auth });
    expect(before.body.data).toMatchObject({
      streak: 0,
      claimedToday: false,
      todayReward: { amount: '10', currency: 'KPOINTS' },
    });
    expect(before.body.data.week.map((d: any) => d.reward.amount)).toEqual([
      '10',
      '15',
      '20',
      '25',
      '30',
      '40',
      '60',
    ]);
    const first = await claim(u.auth);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ streak: 1, claimedToday: true });
    const again = await claim(u.auth);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(DAILY_REWARD_CLAIMED_MESSAGE);
    ctx.advance(DAY);
    expect((await claim(await signIn(u.user))).body.data).toMatchObject({
      streak: 2,
      todayReward: { amount: '15' },
    });
    ctx.advance(2 * DAY);
    const auth = await signIn(u.user);
    const broken = await ctx.json('/rewards/daily', { headers: auth });
    expect(broken.body.data).toMatchObject({ streak: 0, todayReward: { amount: '10' } });
    expect((await claim(auth)).body.data).toMatchObject({ streak: 1 });
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(10n + 15n + 10n);
  });

  it('ten claims at once pay once', async () => {
    const u = await signedInUser(ctx);
    const answers = await Promise.all(Array.from({ length: 10 }, () => claim(u.auth)));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(10n);
  });

  it("counts days in the user's own time zone", () => {
    const at = new Date('2026-11-24T20:00:00Z');
    expect(localDay(at, 'Asia/Kolkata')).toBe('2026-11-25');
    expect(localDay(at, 'America/Sao_Paulo')).toBe('2026-11-24');
  });

  it('says when the next day starts, and needs a sign-in', async () => {
    const u = await signedInUser(ctx, { country: 'IN' });
    const res = await ctx.json('/rewards/daily', { headers: u.auth });
    const next = new Date(res.body.data.nextDayAt);
    expect(localDay(next, 'Asia/Kolkata')).not.toBe(res.body.data.day);
    expect(localDay(new Date(next.getTime() - 60_000), 'Asia/Kolkata')).toBe(res.body.data.day);
    expect((await ctx.json('/rewards/daily')).status).toBe(401);
  });
});
