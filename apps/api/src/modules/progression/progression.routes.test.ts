import { XP_RULES } from '@khel/core/contract';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from '../quests/quests.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { awardXp, awardXpAll } from './progression.ts';

describe.each(DB_KINDS)('progression on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const progressionOf = async (auth: Record<string, string>) =>
    (await ctx.json('/progression', { headers: auth })).body.data;
  const award = (userId: string, key: string, source: keyof typeof XP_RULES = 'quest_complete') =>
    ctx.deps.db.transaction((tx) => awardXp(tx, { userId, source, key, at: ctx.now() }));

  it('shows the rules and the levels to anyone, before they count', async () => {
    const res = await ctx.json('/progression/rules');
    expect(res.status).toBe(200);
    expect(res.body.data.rules).toContainEqual({ source: 'daily_claim', xp: XP_RULES.daily_claim });
    expect(res.body.data.levels[0]).toEqual({
      level: 2,
      xp: 100,
      reward: { amount: '100', currency: 'KPOINTS', decimals: 0 },
    });
  });

  it('asks for a sign-in before showing anyone their XP', async () => {
    const res = await ctx.json('/progression');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, status: 401 });
  });

  it('gives a task, its quest and the daily claim their XP once, newest first', async () => {
    const u = await signedInUser(ctx);
    expect(await progressionOf(u.auth)).toMatchObject({
      xp: 0,
      level: 1,
      levelStartXp: 0,
      nextLevelXp: 100,
      recent: [],
    });
    const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'ABCD' } }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    expect((await start(ctx, u.auth, q.id)).status).toBe(200);
    expect((await validate(ctx, u.auth, q.id, task!.id, 'ABCD')).body.data.verified).toBe(true);
    // A second validation of a verified task adds nothing.
    await validate(ctx, u.auth, q.id, task!.id, 'ABCD');
    const claim = await ctx.json('/rewards/daily/claim', {
      method: 'POST',
      body: {},
      headers: { ...u.auth, 'idempotency-key': crypto.randomUUID() },
    });
    expect(claim.status).toBe(201);
    const after = await progressionOf(u.auth);
    expect(after.xp).toBe(XP_RULES.quest_task + XP_RULES.quest_complete + XP_RULES.daily_claim);
    expect(after.recent.map((r: { source: string }) => r.source)).toEqual([
      'daily_claim',
      'quest_complete',
      'quest_task',
    ]);
  });

  it('gives the first username chosen its XP once, not a rename', async () => {
    const u = await signedInUser(ctx);
    const name = (n: number) =>
      ctx.json('/users/me/username', {
        method: 'PUT',
        body: { username: `xp${u.user.id.slice(0, 4)}${n}` },
        headers: u.auth,
      });
    expect((await name(1)).status).toBe(200);
    expect((await name(2)).status).toBe(200);
    expect(await progressionOf(u.auth)).toMatchObject({
      xp: XP_RULES.username_chosen,
      recent: [{ source: 'username_chosen' }],
    });
  });

  it('pays each level reached once, in K-Points through the ledger', async () => {
    const u = await signedInUser(ctx);
    const kpoints = async () => (await balancesOf(ctx, u.user.id)).user_kpoints ?? 0n;
    const before = await kpoints();
    // 50 + 50 = 100 XP: level 2 (100 K-Points); then 200 more in one go: 300 XP, level 3 (150).
    await award(u.user.id, 'a');
    expect((await award(u.user.id, 'b')).levelsReached).toEqual([2]);
    expect((await award(u.user.id, 'b')).gained).toBe(0);
    expect(await kpoints()).toBe(before + 100n);
    for (const key of ['c', 'd', 'e']) await award(u.user.id, key);
    const last = await award(u.user.id, 'f', 'quest_complete');
    expect(last).toMatchObject({ xp: 300, level: 3, levelsReached: [3] });
    expect(await kpoints()).toBe(before + 100n + 150n);
    // Each level reached is pushed once, with what it paid.
    const pushes = await ctx.deps.db
      .select({ payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, u.user.id), eq(schema.outbox.kind, 'level_reached')));
    expect(pushes.map((p) => p.payload).sort((a, b) => Number(a.level) - Number(b.level))).toEqual([
      { level: 2, kpoints: '100' },
      { level: 3, kpoints: '150' },
    ]);
    expect(await progressionOf(u.auth)).toMatchObject({
      xp: 300,
      level: 3,
      levelStartXp: 300,
      nextLevelXp: 600,
      nextLevelReward: { amount: '200' },
    });
  });

  it('awards several things in one statement: each key once, one level write, one payout and one push for them all', async () => {
    const u = await signedInUser(ctx);
    const kpoints = async () => (await balancesOf(ctx, u.user.id)).user_kpoints ?? 0n;
    const before = await kpoints();
    const all = (keys: string[]) =>
      ctx.deps.db.transaction((tx) =>
        awardXpAll(
          tx,
          u.user.id,
          keys.map((key) => ({ source: 'quest_complete' as const, key, at: ctx.now() })),
        ),
      );
    // 50 XP alone, then 50 + 50 + 50 (one already counted): 150 XP, level 2 crossed once.
    expect(await all(['one'])).toMatchObject({ gained: 50, xp: 50, level: 1, levelsReached: [] });
    expect(await all(['one', 'two', 'three'])).toEqual({
      gained: 100,
      xp: 150,
      level: 2,
      levelsReached: [2],
    });
    expect(await all(['two', 'three'])).toEqual({ gained: 0, xp: 150, level: 2, levelsReached: [] });
    expect(await all([])).toEqual({ gained: 0, xp: 150, level: 2, levelsReached: [] });
    expect(await kpoints()).toBe(before + 100n);
    const pushes = await ctx.deps.db
      .select({ payload: schema.outbox.payload })
      .from(schema.outbox)
      .where(and(eq(schema.outbox.userId, u.user.id), eq(schema.outbox.kind, 'level_reached')));
    expect(pushes.map((p) => p.payload)).toEqual([{ level: 2, kpoints: '100' }]);
    expect(await progressionOf(u.auth)).toMatchObject({ xp: 150, level: 2 });
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });

  it('counts awards that arrive at once exactly, and pays a level crossed by them once', async () => {
    const u = await signedInUser(ctx);
    const before = (await balancesOf(ctx, u.user.id)).user_kpoints ?? 0n;
    // 12 distinct things done (600 XP: level 4) and each sent three times at once.
    const keys = Array.from({ length: 12 }, (_, i) => `race:${i}`);
    const results = await Promise.all(keys.flatMap((key) => [1, 2, 3].map(() => award(u.user.id, key))));
    expect(results.filter((r) => r.gained > 0)).toHaveLength(12);
    expect(results.flatMap((r) => r.levelsReached).sort()).toEqual([2, 3, 4]);
    expect(await progressionOf(u.auth)).toMatchObject({ xp: 600, level: 4 });
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(before + 100n + 150n + 200n);
    expect(await verifyLedger(ctx.deps.db)).toMatchObject({ ok: true });
  });

  it("gives the inviter a friend's XP once the friend joins, by a job (never in the friend's request)", async () => {
    const inviter = await signedInUser(ctx);
    const code = (await ctx.json('/referral/code', { method: 'POST', body: {}, headers: inviter.auth })).body
      .data.code as string;
    const friend = await signedInUser(ctx);
    expect((await ctx.json('/referral/apply', { body: { code }, headers: friend.auth })).status).toBe(200);
    expect((await progressionOf(inviter.auth)).xp).toBe(0);
    await runDueJobs(ctx.deps, { limit: 50 });
    expect(await progressionOf(inviter.auth)).toMatchObject({
      xp: XP_RULES.friend_joined,
      recent: [{ source: 'friend_joined', xp: XP_RULES.friend_joined }],
    });
  });
});
