import { randomUUID } from 'node:crypto';
import {
  DAILY_REWARD_CLAIMED_MESSAGE,
  NOT_ENOUGH_KPOINTS_MESSAGE,
  STREAK_FREEZE_LIMIT_MESSAGE,
} from '@khel/core/contract';
import { dailyLevelBonus } from '@khel/core/domain';
import type { UserRow } from '@khel/db/schema';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { completeSignIn } from '../auth/sign-in.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { awardXp } from '../progression/index.ts';
import { balancesOf, fundUser } from '../store/store.test-support.ts';
import { claimedBefore, claimRows, freezesOf, holdFreezes } from './daily-rewards.test-support.ts';
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

  const buy = (auth: Record<string, string>, key: string = randomUUID()) =>
    ctx.json('/rewards/daily/freezes', {
      method: 'POST',
      body: {},
      headers: { ...auth, 'idempotency-key': key },
    });
  /** The ladder as `claimed`/`frozen`/`open` per step, today's step in capitals. */
  const ladder = (data: any) =>
    data.week.map((d: any) => {
      const state = d.frozen ? 'frozen' : d.claimed ? 'claimed' : 'open';
      return d.today ? state.toUpperCase() : state;
    });

  it('a bought freeze covers one missed day: the streak goes on, that day pays nothing', async () => {
    const u = await signedInUser(ctx, { country: 'IN' });
    await claim(u.auth);
    ctx.advance(DAY);
    let auth = await signIn(u.user);
    await claim(auth);
    await fundUser(ctx, u.user.id, 'user_kpoints', 1_000n);
    const bought = await buy(auth);
    expect(bought.status).toBe(201);
    expect(bought.body.data.freezes).toEqual({
      held: 1,
      max: 2,
      price: { amount: '200', currency: 'KPOINTS', decimals: 0 },
    });

    // Day 3 missed; on day 4 the freeze is ready to cover it and the streak still counts it.
    ctx.advance(2 * DAY);
    auth = await signIn(u.user);
    const ready = (await ctx.json('/rewards/daily', { headers: auth })).body.data;
    expect(ready).toMatchObject({
      streak: 3,
      freezeReady: true,
      freezeUsed: false,
      todayReward: { amount: '25' },
    });
    expect(ladder(ready)).toEqual(['claimed', 'claimed', 'frozen', 'OPEN', 'open', 'open', 'open']);
    expect(ready.freezes.held).toBe(1);

    const claimed = await claim(auth);
    expect(claimed.status).toBe(201);
    expect(claimed.body.data).toMatchObject({
      streak: 4,
      freezeUsed: true,
      freezeReady: false,
      freezeEarned: false,
      freezes: { held: 0 },
    });
    expect(ladder(claimed.body.data)).toEqual([
      'claimed',
      'claimed',
      'frozen',
      'CLAIMED',
      'open',
      'open',
      'open',
    ]);
    const today = claimed.body.data.day;
    const rows = await claimRows(ctx, u.user.id);
    expect(rows.map((r) => [r.streak, r.amount, r.frozenDay])).toEqual([
      [1, 10n, null],
      [2, 15n, null],
      [4, 25n, localDay(new Date(ctx.now().getTime() - DAY), 'Asia/Kolkata')],
    ]);
    expect(rows[2]!.day).toBe(today);
    // 10 + 15 + 25 claimed, 200 spent on the freeze, nothing for the frozen day.
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(1_000n - 200n + 10n + 15n + 25n);

    // The next day goes on from 4; the frozen day stays marked.
    ctx.advance(DAY);
    const next = await claim(await signIn(u.user));
    expect(next.body.data).toMatchObject({ streak: 5, freezeUsed: false });
    expect(ladder(next.body.data)).toEqual([
      'claimed',
      'claimed',
      'frozen',
      'claimed',
      'CLAIMED',
      'open',
      'open',
    ]);
  });

  it('two missed days break the streak though a freeze is held, and the freeze is kept', async () => {
    const u = await signedInUser(ctx);
    await claimedBefore(ctx, u.user, 3, 5);
    await holdFreezes(ctx, u.user.id, 2);
    const res = await ctx.json('/rewards/daily', { headers: u.auth });
    expect(res.body.data).toMatchObject({ streak: 0, freezeReady: false });
    expect((await claim(u.auth)).body.data).toMatchObject({
      streak: 1,
      freezeUsed: false,
      freezes: { held: 2 },
    });
  });

  it('the 7th and 14th days earn a freeze, none past the most held, and a freeze is spent on its day only', async () => {
    const u = await signedInUser(ctx);
    await claimedBefore(ctx, u.user, 1, 6);
    const seventh = await claim(u.auth);
    expect(seventh.body.data).toMatchObject({ streak: 7, freezeEarned: true, freezes: { held: 1 } });
    expect((await ctx.json('/rewards/daily', { headers: u.auth })).body.data.freezeEarned).toBe(true);

    // Day 14 reached through a frozen day 13, with the most held: one spent, one earned back.
    const v = await signedInUser(ctx);
    await claimedBefore(ctx, v.user, 2, 12);
    await holdFreezes(ctx, v.user.id, 2);
    expect((await claim(v.auth)).body.data).toMatchObject({
      streak: 14,
      freezeUsed: true,
      freezeEarned: true,
      freezes: { held: 2 },
    });

    // Day 21 with the most held: nothing earned.
    const w = await signedInUser(ctx);
    await claimedBefore(ctx, w.user, 1, 20);
    await holdFreezes(ctx, w.user.id, 2);
    expect((await claim(w.auth)).body.data).toMatchObject({
      streak: 21,
      freezeEarned: false,
      freezes: { held: 2 },
    });
    expect(await freezesOf(ctx, w.user.id)).toBe(2);
  });

  it('buying: refused with nothing changed when K-Points are short or the most are held; a retry replays', async () => {
    const u = await signedInUser(ctx);
    const short = await buy(u.auth);
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(NOT_ENOUGH_KPOINTS_MESSAGE);
    expect(await freezesOf(ctx, u.user.id)).toBe(0);

    await fundUser(ctx, u.user.id, 'user_kpoints', 450n);
    const key = randomUUID();
    const first = await buy(u.auth, key);
    expect(first.status).toBe(201);
    expect(first.body.data.freezes.held).toBe(1);
    const again = await buy(u.auth, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(250n);

    expect((await buy(u.auth)).body.data.freezes.held).toBe(2);
    const full = await buy(u.auth);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe(STREAK_FREEZE_LIMIT_MESSAGE);
    expect(full.body.data).toMatchObject({ code: 'STREAK_FREEZE_LIMIT' });
    expect(await freezesOf(ctx, u.user.id)).toBe(2);
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(50n);

    // Spent on a missed day, one may be bought again; then short of K-Points, nothing moves.
    await holdFreezes(ctx, u.user.id, 1);
    const poor = await buy(u.auth);
    expect(poor.status).toBe(409);
    expect(poor.body.message).toBe(NOT_ENOUGH_KPOINTS_MESSAGE);
    expect(await freezesOf(ctx, u.user.id)).toBe(1);
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(50n);
    // The history lists the two purchases, nothing for the refusals.
    const history = await ctx.json('/transactions', { headers: u.auth });
    expect(
      history.body.data.list
        .filter((l: any) => l.kind === 'streak_freeze')
        .map((l: any) => [l.type, l.label, l.direction, l.amount.amount]),
    ).toEqual([
      ['meta-txn', 'Streak freeze bought', 'out', '200'],
      ['meta-txn', 'Streak freeze bought', 'out', '200'],
    ]);
  });

  it('a level above 1 adds its bonus to the daily reward: shown before the claim, paid once, kept on the row', async () => {
    const u = await signedInUser(ctx);
    // Level 3 (300 XP): +4 K-Points a day; reaching it paid the levels' own rewards (100 + 150).
    await ctx.deps.db.transaction((tx) =>
      awardXp(tx, { userId: u.user.id, source: 'friend_joined', key: 'bonus:a', at: ctx.now() }),
    );
    await ctx.deps.db.transaction((tx) =>
      awardXp(tx, { userId: u.user.id, source: 'friend_joined', key: 'bonus:b', at: ctx.now() }),
    );
    await ctx.deps.db.transaction((tx) =>
      awardXp(tx, { userId: u.user.id, source: 'friend_joined', key: 'bonus:c', at: ctx.now() }),
    );
    const shown = (await ctx.json('/rewards/daily', { headers: u.auth })).body.data;
    expect(shown).toMatchObject({
      todayReward: { amount: String(10 + dailyLevelBonus(3)) },
      levelBonus: { amount: String(dailyLevelBonus(3)) },
    });
    const before = (await balancesOf(ctx, u.user.id)).user_kpoints ?? 0n;
    const claimed = await claim(u.auth);
    expect(claimed.body.data).toMatchObject({ todayReward: { amount: '14' }, levelBonus: { amount: '4' } });
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(before + 14n);
    expect((await claimRows(ctx, u.user.id)).map((r) => [r.amount, r.levelBonus])).toEqual([[14n, 4n]]);
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
