import { schema } from '@khel/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { newCampaign } from '../campaigns/lifecycle.test-support.ts';
import {
  addMember,
  clanWithChief,
  codeQuest,
  completeQuest,
  newGamer,
  removeMember,
} from './progress.test-support.ts';
import { announceTierUps, clanRank, clanStatsOf, recomputeClanScores } from './score.ts';

describe.each(DB_KINDS)('clan score and tiers on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const clanRow = async (id: string) =>
    (await ctx.deps.db.select().from(schema.clans).where(eq(schema.clans.id, id)))[0]!;
  const pointsOf = async (userId: string) =>
    (await ctx.deps.db.select().from(schema.clanMembers).where(eq(schema.clanMembers.userId, userId)))[0]
      ?.points;

  /** A finished entry of the user in a fresh campaign, with `points`, finished at `at`. */
  const finishCampaign = async (userId: string, points: number, at = ctx.now()) => {
    const campaign = await newCampaign(ctx.deps.db, ctx.now(), {
      variant: 'OPEN_SLOT_DYNAMIC_REWARD',
      pool: '1000',
    });
    await ctx.deps.db.insert(schema.campaignEntries).values({
      campaignId: campaign.id,
      userId,
      status: 'FINISHED',
      points,
      startedAt: at,
      finishedAt: at,
    });
    return campaign;
  };

  it('counts the K-Points of quests completed and the points of campaigns finished since joining, by current members only', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const member = await newGamer(ctx);
    const leaver = await newGamer(ctx);
    const before = await codeQuest(ctx, 300);
    // Completed before joining: never counts.
    await completeQuest(ctx, member, before);
    ctx.advance(1000);
    await addMember(ctx, clan.id, member.user.id);
    await addMember(ctx, clan.id, leaver.user.id);
    ctx.advance(1000);
    const q1 = await codeQuest(ctx, 700);
    const q2 = await codeQuest(ctx, 250);
    await completeQuest(ctx, member, q1);
    await completeQuest(ctx, chief, q2);
    await completeQuest(ctx, leaver, q1);
    await finishCampaign(member.user.id, 40);
    // A STARTED entry and a quest of kind 'campaign' count nothing.
    const other = await newCampaign(ctx.deps.db, ctx.now(), {
      variant: 'OPEN_SLOT_DYNAMIC_REWARD',
      pool: '1000',
    });
    await ctx.deps.db
      .insert(schema.campaignEntries)
      .values({ campaignId: other.id, userId: chief.user.id, status: 'STARTED', points: 999 });
    await removeMember(ctx, clan.id, leaver.user.id);

    const run = await recomputeClanScores(ctx.deps);
    expect(run.ran).toBe(true);
    expect(await pointsOf(member.user.id)).toBe(740);
    expect(await pointsOf(chief.user.id)).toBe(250);
    expect(await pointsOf(leaver.user.id)).toBeUndefined();
    const row = await clanRow(clan.id);
    expect(row.score).toBe(990);
    expect(row.tier).toBe('Bronze');
    const updatedAt = row.scoreUpdatedAt?.getTime() ?? 0;
    expect(updatedAt).toBeLessThanOrEqual(ctx.now().getTime());
    expect(updatedAt).toBeGreaterThan(ctx.now().getTime() - 60_000);

    const stats = await clanStatsOf(ctx.deps.db, clan.id, ctx.now());
    expect(stats).toMatchObject({
      clanId: clan.id,
      memberCount: 2,
      score: 990,
      tier: 'Bronze',
      nextTier: 'Silver',
      pointsToNextTier: 10,
      questsCompleted: 2,
      campaignsFinished: 1,
      activeMembers7d: 2,
    });
    ctx.advance(8 * 86_400_000);
    expect((await clanStatsOf(ctx.deps.db, clan.id, ctx.now()))?.activeMembers7d).toBe(0);
  });

  it('reaches a tier once: best_tier, the members’ notification and the group news are written one time', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const member = await newGamer(ctx);
    await addMember(ctx, clan.id, member.user.id);
    await ctx.deps.db
      .insert(schema.clanTelegramGroups)
      .values({ chatId: -Math.floor(Math.random() * 1e12), clanId: clan.id, title: 'Crew' });
    ctx.advance(1000);
    await completeQuest(ctx, member, await codeQuest(ctx, 1200));
    await recomputeClanScores(ctx.deps);
    await recomputeClanScores(ctx.deps);
    const row = await clanRow(clan.id);
    expect(row).toMatchObject({ score: 1200, tier: 'Silver', bestTier: 'Silver' });
    const sent = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(
        and(
          eq(schema.outbox.kind, 'clan_tier_reached'),
          like(schema.outbox.dedupeKey, `clan-tier:${clan.id}:%`),
        ),
      );
    expect(sent.map((s) => s.userId).sort()).toEqual([chief.user.id, member.user.id].sort());
    expect(sent[0]!.payload).toEqual({ clanName: clan.name, clanId: clan.id, tier: 'Silver' });
    const news = await ctx.deps.db
      .select()
      .from(schema.clanGroupNews)
      .where(eq(schema.clanGroupNews.clanId, clan.id));
    expect(news.map((n) => [n.kind, n.payload])).toEqual([
      ['tier_reached', { clanName: clan.name, clanId: clan.id, tier: 'Silver' }],
    ]);

    // Falling back and climbing again announces nothing new: Silver was reached already.
    await removeMember(ctx, clan.id, member.user.id);
    await recomputeClanScores(ctx.deps);
    expect(await clanRow(clan.id)).toMatchObject({ score: 0, tier: 'Bronze', bestTier: 'Silver' });
    await addMember(ctx, clan.id, member.user.id, new Date(0));
    await recomputeClanScores(ctx.deps);
    expect(await clanRow(clan.id)).toMatchObject({ score: 1200, tier: 'Silver', bestTier: 'Silver' });
    const again = await ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(like(schema.outbox.dedupeKey, `clan-tier:${clan.id}:%`));
    expect(again).toHaveLength(2);
  });

  it('ranks live clans by score, then the older, then the id', async () => {
    const a = await clanWithChief(ctx, { score: 5_000_000 });
    ctx.advance(1000);
    const b = await clanWithChief(ctx, { score: 5_000_000 });
    const c = await clanWithChief(ctx, { score: 6_000_000 });
    const gone = await clanWithChief(ctx, { score: 7_000_000, deletedAt: ctx.now() });
    const base = (await clanRank(ctx.deps.db, c.clan.id))!;
    expect(await clanRank(ctx.deps.db, a.clan.id)).toBe(base + 1);
    expect(await clanRank(ctx.deps.db, b.clan.id)).toBe(base + 2);
    expect(await clanRank(ctx.deps.db, gone.clan.id)).toBeNull();
    expect(await clanStatsOf(ctx.deps.db, gone.clan.id, ctx.now())).toBeNull();
  });

  it.runIf(kind === 'postgres')('four workers running the job at once announce a tier once', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    ctx.advance(1000);
    await completeQuest(ctx, chief, await codeQuest(ctx, 5_000));
    // Four runs at once, each on its own connection of the pool: one recomputes, any may raise the tier.
    const runs = await Promise.all(Array.from({ length: 4 }, () => recomputeClanScores(ctx.deps)));
    expect(runs.flatMap((r) => r.tierUps).filter((t) => t.clanId === clan.id)).toEqual([
      { clanId: clan.id, tier: 'Gold' },
    ]);
    // The tier-up step alone, four at once on a clan whose tier is above its best one: one announces it.
    const other = await clanWithChief(ctx, { tier: 'Diamond', score: 20_000 });
    const raised = await Promise.all(Array.from({ length: 4 }, () => announceTierUps(ctx.deps.db)));
    expect(raised.flat().filter((t) => t.clanId === other.clan.id)).toEqual([
      { clanId: other.clan.id, tier: 'Diamond' },
    ]);
    for (const id of [clan.id, other.clan.id]) {
      const sent = await ctx.deps.db
        .select()
        .from(schema.outbox)
        .where(like(schema.outbox.dedupeKey, `clan-tier:${id}:%`));
      expect(sent).toHaveLength(1);
    }
  });
});
