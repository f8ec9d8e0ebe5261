import { randomUUID } from 'node:crypto';
import {
  DAILY_REWARD_CLAIMED_MESSAGE,
  NOT_ENOUGH_KPOINTS_MESSAGE,
  STREAK_FREEZE_LIMIT_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf, fundUser } from '../store/store.test-support.ts';
import { claimedBefore, claimRows, freezesOf, holdFreezes } from './daily-rewards.test-support.ts';

/** PostgreSQL only (PGlite runs one transaction at a time and would hide every race). */
describe('streak freezes at once on PostgreSQL', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('postgres', inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (path: string, auth: Record<string, string>) =>
    ctx.json(path, { method: 'POST', body: {}, headers: { ...auth, 'idempotency-key': randomUUID() } });
  const buy = (auth: Record<string, string>) => post('/rewards/daily/freezes', auth);
  const claim = (auth: Record<string, string>) => post('/rewards/daily/claim', auth);
  /** Each answer as its status and, for a refusal, its message. */
  const outcomes = (answers: Awaited<ReturnType<typeof buy>>[]) =>
    answers.map((a) => (a.status === 201 ? '201' : `${a.status} ${a.body.message}`));
  const count = (list: string[], value: string) => list.filter((x) => x === value).length;

  /** How many freezes the ledger says the user paid for. */
  const freezesPaid = async (userId: string) => {
    const [row] = (await ctx.deps.db.execute(sql`
      select count(*)::int as n from ledger_transfers t join ledger_accounts a on a.id = t.debit_account_id
      where a.owner_user_id = ${userId} and t.kind = 'streak_freeze'`)) as unknown as { n: number }[];
    return row!.n;
  };

  const balanced = async () => {
    const report = await verifyLedger(ctx.deps.db);
    expect(report.problems).toEqual([]);
    for (const currency of schema.LEDGER_CURRENCIES) expect(report.trialBalance[currency] ?? 0n).toBe(0n);
  };

  it('20 purchases at once one short of the cap: exactly one goes through, 19 are refused', async () => {
    const u = await signedInUser(ctx);
    await fundUser(ctx, u.user.id, 'user_kpoints', 10_000n);
    await holdFreezes(ctx, u.user.id, 1);

    const answers = outcomes(await Promise.all(Array.from({ length: 20 }, () => buy(u.auth))));

    expect(count(answers, '201')).toBe(1);
    expect(count(answers, `409 ${STREAK_FREEZE_LIMIT_MESSAGE}`)).toBe(19);
    expect(await freezesOf(ctx, u.user.id)).toBe(2);
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(10_000n - 200n);
    expect(await freezesPaid(u.user.id)).toBe(1);
    await balanced();
  }, 60_000);

  it('20 purchases at once from none: two go through, and with K-Points for one, one', async () => {
    const rich = await signedInUser(ctx);
    await fundUser(ctx, rich.user.id, 'user_kpoints', 10_000n);
    const poor = await signedInUser(ctx);
    await fundUser(ctx, poor.user.id, 'user_kpoints', 399n);

    const [richAnswers, poorAnswers] = await Promise.all([
      Promise.all(Array.from({ length: 20 }, () => buy(rich.auth))).then(outcomes),
      Promise.all(Array.from({ length: 20 }, () => buy(poor.auth))).then(outcomes),
    ]);

    expect(count(richAnswers, '201')).toBe(2);
    expect(count(richAnswers, `409 ${STREAK_FREEZE_LIMIT_MESSAGE}`)).toBe(18);
    expect(await freezesOf(ctx, rich.user.id)).toBe(2);
    expect((await balancesOf(ctx, rich.user.id)).user_kpoints).toBe(10_000n - 400n);
    expect(await freezesPaid(rich.user.id)).toBe(2);

    expect(count(poorAnswers, '201')).toBe(1);
    expect(count(poorAnswers, `409 ${NOT_ENOUGH_KPOINTS_MESSAGE}`)).toBe(19);
    expect(await freezesOf(ctx, poor.user.id)).toBe(1);
    expect((await balancesOf(ctx, poor.user.id)).user_kpoints).toBe(199n);
    expect(await freezesPaid(poor.user.id)).toBe(1);
    await balanced();
  }, 60_000);

  it('10 claims at once after a missed day spend one freeze, pay once, and the streak goes on once', async () => {
    const u = await signedInUser(ctx);
    await claimedBefore(ctx, u.user, 2, 3);
    await holdFreezes(ctx, u.user.id, 2);

    const answers = outcomes(await Promise.all(Array.from({ length: 10 }, () => claim(u.auth))));

    expect(count(answers, '201')).toBe(1);
    expect(count(answers, `409 ${DAILY_REWARD_CLAIMED_MESSAGE}`)).toBe(9);
    expect(await freezesOf(ctx, u.user.id)).toBe(1);
    const rows = await claimRows(ctx, u.user.id);
    expect(rows.map((r) => r.streak)).toEqual([1, 2, 3, 5]);
    expect(rows.filter((r) => r.frozenDay !== null)).toHaveLength(1);
    // Day 5 of the ladder: 30 K-Points, once.
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(30n);
    await balanced();
  }, 60_000);

  it('a claim spending a freeze and 10 purchases at once never pass the most held', async () => {
    const u = await signedInUser(ctx);
    await fundUser(ctx, u.user.id, 'user_kpoints', 10_000n);
    await claimedBefore(ctx, u.user, 2, 4);
    await holdFreezes(ctx, u.user.id, 2);

    const [claimed, ...bought] = await Promise.all([
      claim(u.auth),
      ...Array.from({ length: 10 }, () => buy(u.auth)),
    ]);

    expect(claimed!.status).toBe(201);
    expect(claimed!.body.data.freezeUsed).toBe(true);
    const answers = outcomes(bought);
    const sold = count(answers, '201');
    // Bought before the claim took one: refused (two held). After it: one more, then refused.
    expect(sold).toBeLessThanOrEqual(1);
    expect(count(answers, `409 ${STREAK_FREEZE_LIMIT_MESSAGE}`)).toBe(10 - sold);
    expect(await freezesOf(ctx, u.user.id)).toBe(1 + sold);
    // Day 6 pays 40; each freeze sold 200.
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(10_000n + 40n - 200n * BigInt(sold));
    await balanced();
  }, 60_000);
});
