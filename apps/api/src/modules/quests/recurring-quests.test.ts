import { RECURRING_QUEST_SLOTS_MESSAGE, XP_RULES } from '@khel/core/contract';
import { levelRewardKPoints, recurrencePeriod } from '@khel/core/domain';
import { DEMO_RECURRING_QUESTS, schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { authNow } from '../clans/clans.test-support.ts';
import { verifyLedger } from '../ledger/ledger.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { newQuest, seedQuests, start, tasksOfQuest, validate } from './quests.test-support.ts';

/** Quests that repeat (issue 26): each period starts afresh and counts once. */
describe.each(DB_KINDS)('recurring quests on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedQuests(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const codeTask = [{ title: 'Code of the day', config: { type: 'special_code', code: 'DAILY' } }];
  const daily = async () => {
    const q = await newQuest(ctx, codeTask, {
      recurrence: 'daily',
      rewards: { kpoints: '100', kcash: '5000' },
    });
    return { ...q, taskId: (await tasksOfQuest(ctx, q.slug))[0]!.id };
  };
  const xpOf = async (auth: Record<string, string>) =>
    (await ctx.json('/progression', { headers: auth })).body.data.xp as number;
  const completions = (userId: string, questId: string) =>
    ctx.deps.db
      .select()
      .from(schema.questPeriodCompletions)
      .where(
        and(
          eq(schema.questPeriodCompletions.userId, userId),
          eq(schema.questPeriodCompletions.questId, questId),
        ),
      );
  const today = async (auth: Record<string, string>, questId: string) => {
    const res = await ctx.json('/userquest/today', { headers: auth });
    expect(res.status).toBe(200);
    return (res.body.data.quests as any[]).find((q) => q.quest.id === questId);
  };
  /** Moves the test clock just past the end of the current UTC day, and signs the user in again then. */
  const nextDay = async (u: SignedInUser) => {
    ctx.advance(recurrencePeriod('daily', ctx.now()).end.getTime() - ctx.now().getTime() + 60_000);
    await authNow(ctx, u);
  };
  /** The user's K-Points from quests: the balance less what the levels reached paid. */
  const questKPoints = async (u: SignedInUser) => {
    const { level } = (await ctx.json('/progression', { headers: u.auth })).body.data as { level: number };
    let levels = 0n;
    for (let n = 2; n <= level; n++) levels += BigInt(levelRewardKPoints(n));
    return (await balancesOf(ctx, u.user.id)).user_kpoints - levels;
  };

  it('has no slot limit', async () => {
    await expect(newQuest(ctx, codeTask, { recurrence: 'weekly', totalSlots: 10 })).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining(RECURRING_QUEST_SLOTS_MESSAGE),
    });
  });

  it("counts and pays each day's completion once, and starts afresh the next day", async () => {
    const q = await daily();
    const u = await signedInUser(ctx);
    const xp0 = await xpOf(u.auth);
    expect((await today(u.auth, q.id)).progress.status).toBe('NOT_STARTED');
    expect((await start(ctx, u.auth, q.id)).body.data.status).toBe('STARTED');
    expect((await validate(ctx, u.auth, q.id, q.taskId, 'DAILY')).body.data.quest.status).toBe('COMPLETED');
    // The same day again: nothing more (a start says completed, a validation changes nothing).
    expect((await start(ctx, u.auth, q.id)).body.data.status).toBe('COMPLETED');
    expect((await validate(ctx, u.auth, q.id, q.taskId, 'DAILY')).body.data.verified).toBe(true);
    const done = await today(u.auth, q.id);
    expect(done.progress.status).toBe('COMPLETED');
    expect(done.quest).toMatchObject({
      recurrence: 'daily',
      resetsAt: recurrencePeriod('daily', ctx.now()).end.toISOString(),
    });
    expect(await questKPoints(u)).toBe(100n);
    expect(await xpOf(u.auth)).toBe(xp0 + XP_RULES.quest_task + XP_RULES.quest_complete);

    await nextDay(u);
    // A new day: the quest reads as not started, and validating before starting it is refused.
    expect((await today(u.auth, q.id)).progress).toMatchObject({ status: 'NOT_STARTED', completedTasks: 0 });
    expect((await ctx.json(`/userquest/queststatus/${q.id}`, { headers: u.auth })).body.data.status).toBe(
      'NOT_STARTED',
    );
    expect((await validate(ctx, u.auth, q.id, q.taskId, 'DAILY')).status).toBe(409);
    expect((await ctx.json('/userquest/live', { headers: u.auth })).body.data.quests).toEqual([]);
    expect((await start(ctx, u.auth, q.id)).body.data.status).toBe('STARTED');
    expect((await today(u.auth, q.id)).progress.status).toBe('STARTED');
    expect((await validate(ctx, u.auth, q.id, q.taskId, 'DAILY')).body.data.quest.status).toBe('COMPLETED');

    expect(await questKPoints(u)).toBe(200n);
    expect(await xpOf(u.auth)).toBe(xp0 + 2 * (XP_RULES.quest_task + XP_RULES.quest_complete));
    const earnings = await ctx.deps.db
      .select()
      .from(schema.earnings)
      .where(eq(schema.earnings.userId, u.user.id));
    expect(earnings).toHaveLength(2);
    const rows = await completions(u.user.id, q.id);
    expect(rows.map((r) => r.rewarded?.kpoints)).toEqual(['100', '100']);
    expect(new Set(rows.map((r) => r.periodStart.toISOString())).size).toBe(2);
    expect((await verifyLedger(ctx.deps.db)).problems).toEqual([]);
  });

  it('pays one completion when the last task is validated many times at once', async () => {
    const q = await daily();
    const u = await signedInUser(ctx);
    await start(ctx, u.auth, q.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => validate(ctx, u.auth, q.id, q.taskId, 'DAILY')),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    expect(await questKPoints(u)).toBe(100n);
    expect(await completions(u.user.id, q.id)).toHaveLength(1);
  });

  it('starts a new period once when two starts arrive at once', async () => {
    const q = await daily();
    const u = await signedInUser(ctx);
    await start(ctx, u.auth, q.id);
    await validate(ctx, u.auth, q.id, q.taskId, 'DAILY');
    await nextDay(u);
    const starts = await Promise.all([start(ctx, u.auth, q.id), start(ctx, u.auth, q.id)]);
    expect(starts.map((s) => s.body.data.status)).toEqual(['STARTED', 'STARTED']);
    const answers = await Promise.all([
      validate(ctx, u.auth, q.id, q.taskId, 'DAILY'),
      validate(ctx, u.auth, q.id, q.taskId, 'DAILY'),
    ]);
    expect(answers.every((a) => a.body.data.quest.status === 'COMPLETED')).toBe(true);
    expect(await questKPoints(u)).toBe(200n);
    expect(await completions(u.user.id, q.id)).toHaveLength(2);
  });

  it("lists today's quests, dailies first, with the demo's daily, weekly and monthly quests", async () => {
    const u = await signedInUser(ctx);
    const res = await ctx.json('/userquest/today', { headers: u.auth });
    const list = res.body.data.quests as any[];
    const order = { daily: 0, weekly: 1, monthly: 2 } as Record<string, number>;
    const ranks = list.map((q) => order[q.quest.recurrence]!);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const demo of DEMO_RECURRING_QUESTS) {
      const found = list.find((q) => q.quest.slug === demo.slug);
      expect(found, demo.slug).toBeDefined();
      expect(found.quest.recurrence).toBe(demo.recurrence);
      expect(found.progress.status).toBe('NOT_STARTED');
    }
    expect((await ctx.json('/userquest/today')).status).toBe(401);
  });
});
