import { randomUUID } from 'node:crypto';
import {
  CLAN_NOT_CHIEF_MESSAGE,
  CLAN_NOT_FOUND_MESSAGE,
  CLAN_NOT_IN_CLAN_MESSAGE,
  CLAN_QUEST_NOT_FOUND_MESSAGE,
  CLAN_QUESTS_LIMIT_MESSAGE,
  CLAN_QUESTS_MAX,
  type ClanBoard,
  type ClanDashboard,
  type ClanMemberBoard,
  type ClanQuest,
  HUB_NOT_FOUND_MESSAGE,
  LEADERBOARD_TOP,
} from '@khel/core/contract';
import { gamerHandle } from '@khel/core/format';
import { schema } from '@khel/db';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { newCampaign } from '../campaigns/lifecycle.test-support.ts';
import { HOUR } from '../quests/quests.test-support.ts';
import { CLAN_QUESTS_JOB } from './clan-quests.ts';
import {
  addMember,
  clanWithChief,
  codeQuest,
  completeQuest,
  newClan,
  newGamer,
  removeMember,
} from './progress.test-support.ts';
import { CLAN_SCORE_JOB, recomputeClanScores } from './score.ts';

describe.each(DB_KINDS)('clan progress routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const outboxLike = (prefix: string) =>
    ctx.deps.db
      .select()
      .from(schema.outbox)
      .where(like(schema.outbox.dedupeKey, `${prefix}%`));

  it('registers the score and clan quest jobs', () => {
    expect(Object.keys(ctx.deps.jobHandlers)).toEqual(
      expect.arrayContaining([CLAN_SCORE_JOB, CLAN_QUESTS_JOB]),
    );
    expect(ctx.deps.recurringJobs?.map((j) => j.kind)).toEqual(
      expect.arrayContaining([CLAN_SCORE_JOB, CLAN_QUESTS_JOB]),
    );
  });

  it('a clan quest counts only its members’ completions while in the clan, and completes once', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const [a, b, leaver, outsider] = await Promise.all([
      newGamer(ctx),
      newGamer(ctx),
      newGamer(ctx),
      newGamer(ctx),
    ]);
    for (const m of [a, b, leaver]) await addMember(ctx, clan.id, m.user.id);
    await ctx.deps.db
      .insert(schema.clanTelegramGroups)
      .values({ chatId: -Math.floor(Math.random() * 1e12), clanId: clan.id, title: 'Crew' });
    ctx.advance(1000);
    const quest = await codeQuest(ctx, 50);

    const added = await ctx.json('/platform-clans/me/quests', {
      body: { questSlug: quest.slug, target: 2 },
      headers: chief.auth,
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ questId: quest.id, slug: quest.slug, target: 2, completedBy: 0 });
    const told = await outboxLike(`clan-quest-added:${clan.id}:${quest.id}:`);
    expect(told.map((t) => t.userId).sort()).toEqual([a.user.id, b.user.id, leaver.user.id].sort());
    expect(told[0]!.payload).toEqual({
      clanName: clan.name,
      clanId: clan.id,
      questTitle: `Quest ${quest.slug}`,
      questSlug: quest.slug,
      // The bot's button names the quest by id when its slug is too long for a start parameter.
      questId: quest.id,
    });

    // A non-member, a member who then leaves and a gamer who joins after completing it: none counts.
    await completeQuest(ctx, outsider, quest);
    const late = await newGamer(ctx);
    await completeQuest(ctx, late, quest);
    ctx.advance(1000);
    await addMember(ctx, clan.id, late.user.id);
    await completeQuest(ctx, leaver, quest);
    await removeMember(ctx, clan.id, leaver.user.id);
    await completeQuest(ctx, a, quest);
    const list = async (who = a) => {
      const res = await ctx.json('/userquest/clanchief/v2', { headers: who.auth });
      expect(res.status).toBe(200);
      return res.body.data.quests as ClanQuest[];
    };
    expect(await list()).toEqual([
      expect.objectContaining({ questId: quest.id, completedBy: 1, completedByMe: true, completedAt: null }),
    ]);
    expect((await list(b))[0]).toMatchObject({ completedBy: 1, completedByMe: false });
    expect((await list(late))[0]).toMatchObject({ completedBy: 1, completedByMe: false });
    expect(await outboxLike(`clan-quest-completed:${clan.id}:`)).toHaveLength(0);

    await completeQuest(ctx, b, quest);
    const [done] = await list(b);
    expect(done).toMatchObject({ completedBy: 2, completedByMe: true });
    expect(done!.completedAt).not.toBeNull();
    // The job finds nothing more to complete; the members were told once, the group once.
    await ctx.deps.jobHandlers[CLAN_QUESTS_JOB]!(ctx.deps, {} as never);
    expect((await list())[0]!.completedAt).toBe(done!.completedAt);
    const completed = await outboxLike(`clan-quest-completed:${clan.id}:${quest.id}:`);
    expect(completed.map((t) => t.userId).sort()).toEqual(
      [chief.user.id, a.user.id, b.user.id, late.user.id].sort(),
    );
    const news = await ctx.deps.db
      .select()
      .from(schema.clanGroupNews)
      .where(
        and(eq(schema.clanGroupNews.clanId, clan.id), eq(schema.clanGroupNews.kind, 'clan_quest_completed')),
      );
    expect(news).toHaveLength(1);
  });

  it('the job completes a clan quest whose target was reached', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    ctx.advance(1000);
    const quest = await codeQuest(ctx, 10);
    await ctx.json('/platform-clans/me/quests', {
      body: { questSlug: quest.slug, target: 1 },
      headers: chief.auth,
    });
    await completeQuest(ctx, chief, quest);
    const before = await ctx.deps.db
      .select()
      .from(schema.clanQuests)
      .where(eq(schema.clanQuests.clanId, clan.id));
    expect(before[0]!.completedAt).toBeNull();
    await ctx.deps.jobHandlers[CLAN_QUESTS_JOB]!(ctx.deps, {} as never);
    const after = await ctx.deps.db
      .select()
      .from(schema.clanQuests)
      .where(eq(schema.clanQuests.clanId, clan.id));
    expect(after[0]!.completedAt).not.toBeNull();
    expect(await outboxLike(`clan-quest-completed:${clan.id}:${quest.id}:`)).toHaveLength(1);
  });

  it('refuses clan quests that are not live quests, beyond the limit, or from someone who is not the chief', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const member = await newGamer(ctx);
    await addMember(ctx, clan.id, member.user.id);
    const loner = await newGamer(ctx);
    const add = (auth: Record<string, string>, body: unknown) =>
      ctx.json('/platform-clans/me/quests', { body, headers: auth });
    const quest = await codeQuest(ctx);
    expect(await add(member.auth, { questSlug: quest.slug, target: 1 })).toMatchObject({
      status: 403,
      body: { success: false, message: CLAN_NOT_CHIEF_MESSAGE },
    });
    expect((await add(loner.auth, { questSlug: quest.slug, target: 1 })).status).toBe(403);
    expect(await add(chief.auth, { questSlug: 'no-such-quest', target: 1 })).toMatchObject({
      status: 404,
      body: { message: CLAN_QUEST_NOT_FOUND_MESSAGE },
    });
    const ended = await codeQuest(ctx, 10, {
      startsAt: new Date(ctx.now().getTime() - 3 * HOUR).toISOString(),
      endsAt: new Date(ctx.now().getTime() - HOUR).toISOString(),
    });
    expect((await add(chief.auth, { questSlug: ended.slug, target: 1 })).body.message).toBe(
      CLAN_QUEST_NOT_FOUND_MESSAGE,
    );
    for (const body of [
      { questSlug: quest.slug, target: 0 },
      { questSlug: quest.slug, target: 1.5 },
      { questSlug: quest.slug },
      { questSlug: 'Bad Slug!', target: 1 },
      { questSlug: quest.slug, target: 1, extra: true },
      'not json',
    ]) {
      const res = await add(chief.auth, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(
      await ctx.deps.db.select().from(schema.clanQuests).where(eq(schema.clanQuests.clanId, clan.id)),
    ).toEqual([]);

    for (let i = 0; i < CLAN_QUESTS_MAX; i++) {
      const q = await codeQuest(ctx);
      expect((await add(chief.auth, { questSlug: q.slug, target: 3 })).status).toBe(201);
    }
    const extra = await codeQuest(ctx);
    expect(await add(chief.auth, { questSlug: extra.slug, target: 1 })).toMatchObject({
      status: 409,
      body: { message: CLAN_QUESTS_LIMIT_MESSAGE },
    });
    // Adding one again changes its target; stopping one frees a place.
    const [first] = (await ctx.json('/userquest/clanchief/v2', { headers: chief.auth })).body.data.quests;
    const again = await add(chief.auth, { questSlug: first.slug, target: 7 });
    expect(again.body.data.target).toBe(7);
    const removed = await ctx.json(`/platform-clans/me/quests/${first.slug}`, {
      method: 'DELETE',
      headers: chief.auth,
    });
    expect(removed.status).toBe(200);
    expect(
      (await ctx.json(`/platform-clans/me/quests/${first.slug}`, { method: 'DELETE', headers: chief.auth }))
        .body.message,
    ).toBe(CLAN_QUEST_NOT_FOUND_MESSAGE);
    expect((await add(chief.auth, { questSlug: extra.slug, target: 1 })).status).toBe(201);
    expect((await ctx.json('/userquest/clanchief/v2', { headers: loner.auth })).body).toMatchObject({
      status: 403,
      message: CLAN_NOT_IN_CLAN_MESSAGE,
    });
    expect((await ctx.json('/userquest/clanchief/v2')).status).toBe(401);
  });

  it.runIf(kind === 'postgres')('clan quests added at once stop at the limit', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const candidates = [];
    for (let i = 0; i < CLAN_QUESTS_MAX + 3; i++) candidates.push(await codeQuest(ctx));
    const answers = await Promise.all(
      candidates.map((q) =>
        ctx.json('/platform-clans/me/quests', {
          body: { questSlug: q.slug, target: 2 },
          headers: chief.auth,
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(CLAN_QUESTS_MAX);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(3);
    const rows = await ctx.deps.db
      .select()
      .from(schema.clanQuests)
      .where(eq(schema.clanQuests.clanId, clan.id));
    expect(rows).toHaveLength(CLAN_QUESTS_MAX);
  });

  it('the k_quest dashboard shows each member’s finished and started clan quests', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const member = await newGamer(ctx);
    await addMember(ctx, clan.id, member.user.id);
    ctx.advance(1000);
    const q1 = await codeQuest(ctx, 100);
    const q2 = await codeQuest(ctx, 100);
    for (const q of [q1, q2]) {
      await ctx.json('/platform-clans/me/quests', {
        body: { questSlug: q.slug, target: 2 },
        headers: chief.auth,
      });
      ctx.advance(1_000); // q2 is the newer clan quest (the dashboard lists the newest first)
    }
    await completeQuest(ctx, member, q1);
    await ctx.json('/userquest/start', { body: { questId: q2.id }, headers: member.auth });
    await recomputeClanScores(ctx.deps);
    const res = await ctx.json('/platform-clans/me/dashboard', { headers: chief.auth });
    expect(res.status).toBe(200);
    const board = res.body.data as ClanDashboard;
    expect(board.type).toBe('k_quest');
    expect(board.items.map((i) => [i.id, i.finished, i.started])).toEqual([
      [q2.id, 0, 1],
      [q1.id, 1, 0],
    ]);
    expect(board.members[0]).toMatchObject({
      userId: member.user.id,
      finished: [q1.id],
      started: [q2.id],
      points: 100,
    });
    expect(board.members[1]).toMatchObject({ userId: chief.user.id, finished: [], started: [], points: 0 });
    const loner = await newGamer(ctx);
    expect((await ctx.json('/platform-clans/me/dashboard', { headers: loner.auth })).body.message).toBe(
      CLAN_NOT_IN_CLAN_MESSAGE,
    );
  });

  it('the k_drop dashboard shows the live campaigns and each member’s entries', async () => {
    const { chief, clan } = await clanWithChief(ctx, { dashboardType: 'k_drop' });
    const member = await newGamer(ctx);
    await addMember(ctx, clan.id, member.user.id);
    const live = await newCampaign(
      ctx.deps.db,
      ctx.now(),
      { variant: 'OPEN_SLOT_DYNAMIC_REWARD', pool: '1000' },
      {
        startsAt: new Date(ctx.now().getTime() - HOUR).toISOString(),
      },
    );
    const upcoming = await newCampaign(ctx.deps.db, ctx.now(), {
      variant: 'OPEN_SLOT_DYNAMIC_REWARD',
      pool: '1000',
    });
    ctx.advance(1000);
    await ctx.deps.db.insert(schema.campaignEntries).values([
      { campaignId: live.id, userId: member.user.id, status: 'FINISHED', points: 15, finishedAt: ctx.now() },
      { campaignId: live.id, userId: chief.user.id, status: 'STARTED', points: 5 },
    ]);
    const res = await ctx.json('/platform-clans/me/dashboard', { headers: member.auth });
    expect(res.status).toBe(200);
    const board = res.body.data as ClanDashboard;
    expect(board.type).toBe('k_drop');
    const item = board.items.find((i) => i.id === live.id);
    expect(item).toMatchObject({ slug: live.slug, title: live.title, finished: 1, started: 1 });
    expect(board.items.some((i) => i.id === upcoming.id)).toBe(false);
    const byUser = new Map(board.members.map((m) => [m.userId, m]));
    expect(byUser.get(member.user.id)).toMatchObject({ finished: [live.id], started: [] });
    expect(byUser.get(chief.user.id)).toMatchObject({ finished: [], started: [live.id] });
  });

  it('stats and POG scores of a clan; 404 for an unknown or malformed clan', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    ctx.advance(1000);
    await completeQuest(ctx, chief, await codeQuest(ctx, 1500));
    await recomputeClanScores(ctx.deps);
    const stats = await ctx.json(`/platform-clans/${clan.id}/stats`);
    expect(stats.status).toBe(200);
    expect(stats.body.data).toMatchObject({
      clanId: clan.id,
      memberCount: 1,
      score: 1500,
      tier: 'Silver',
      nextTier: 'Gold',
      pointsToNextTier: 3500,
      questsCompleted: 1,
      campaignsFinished: 0,
      activeMembers7d: 1,
    });
    expect(stats.body.data.rank).toBeGreaterThanOrEqual(1);
    const pog = await ctx.json(`/platform-clans/${clan.id}/pog-scores`);
    expect(pog.body.data).toEqual({
      clanId: clan.id,
      total: 0,
      scores: ['HUMAN', 'PLAY', 'SKILL', 'COMMERCE', 'SOCIAL'].map((category) => ({ category, score: 0 })),
      minters: 0,
    });
    for (const path of ['stats', 'pog-scores']) {
      for (const id of [randomUUID(), 'not-a-uuid']) {
        const res = await ctx.json(`/platform-clans/${id}/${path}`);
        expect(res.status).toBe(404);
        expect(res.body.message).toBe(CLAN_NOT_FOUND_MESSAGE);
      }
    }
  });

  it('the global board: top 100 by score, ties to the older clan, the reader’s clan as mine even outside the top', async () => {
    // 101 clans above every other test's clans; the reader's clan is last of them.
    const chiefs = await ctx.deps.db
      .insert(schema.users)
      .values(Array.from({ length: LEADERBOARD_TOP + 1 }, () => ({})))
      .returning({ id: schema.users.id });
    const base = 10_000_000;
    const made = [];
    for (const [i, c] of chiefs.entries()) {
      // Pairs share a score: the older one (made first) ranks first.
      made.push(
        await newClan(ctx, c.id, {
          score: base - Math.floor(i / 2),
          createdAt: new Date(ctx.now().getTime() + i),
        }),
      );
    }
    const reader = await newGamer(ctx);
    const last = made.at(-1)!;
    await addMember(ctx, last.id, reader.user.id);

    const res = await ctx.json('/leaderboards/clan', { headers: reader.auth });
    expect(res.status).toBe(200);
    const board = res.body.data as ClanBoard;
    expect(board.board).toBe('global');
    expect(board.top).toHaveLength(LEADERBOARD_TOP);
    expect(board.top.slice(0, 3).map((e) => [e.rank, e.clanId, e.score])).toEqual([
      [1, made[0]!.id, base],
      [2, made[1]!.id, base],
      [3, made[2]!.id, base - 1],
    ]);
    expect(board.top[0]).toMatchObject({
      clanName: made[0]!.name,
      tier: 'Diamond',
      memberCount: 1,
      clanLogo: null,
    });
    expect(board.mine).toMatchObject({ rank: LEADERBOARD_TOP + 1, clanId: last.id, memberCount: 2 });
    expect(board.total).toBeGreaterThanOrEqual(LEADERBOARD_TOP + 1);

    const visitor = await ctx.json('/leaderboards/clan');
    expect(visitor.body.data.mine).toBeNull();
    const bad = await ctx.json('/leaderboards/clan', { headers: { authorization: 'Bearer not.a.token' } });
    expect(bad.status).toBe(200);
    expect(bad.body.data.mine).toBeNull();
    const stats = await ctx.json(`/platform-clans/${last.id}/stats`);
    expect(stats.body.data.rank).toBe(LEADERBOARD_TOP + 1);
  });

  it('the partner board ranks clans by their members’ K-Points on the hub’s quests since joining', async () => {
    const hub = `hub-${randomUUID().slice(0, 8)}`;
    await ctx.deps.db
      .insert(schema.questHubs)
      .values({ slug: hub, name: 'Partner Hub', logoUrl: 'https://x/l.png', bannerUrl: 'https://x/b.png' });
    const one = await clanWithChief(ctx);
    const two = await clanWithChief(ctx);
    const none = await clanWithChief(ctx);
    const outsider = await newGamer(ctx);
    ctx.advance(1000);
    const hubQuest = await codeQuest(ctx, 300, { hubSlug: hub });
    const hubQuest2 = await codeQuest(ctx, 200, { hubSlug: hub });
    const elsewhere = await codeQuest(ctx, 5000);
    await completeQuest(ctx, one.chief, hubQuest);
    await completeQuest(ctx, two.chief, hubQuest);
    await completeQuest(ctx, two.chief, hubQuest2);
    await completeQuest(ctx, none.chief, elsewhere);
    await completeQuest(ctx, outsider, hubQuest);

    const res = await ctx.json(`/leaderboards/partner-clan/${hub}`, { headers: one.chief.auth });
    expect(res.status).toBe(200);
    const board = res.body.data as ClanBoard;
    expect(board).toMatchObject({ board: 'partner', partner: { slug: hub, name: 'Partner Hub' }, total: 2 });
    expect(board.top.map((e) => [e.rank, e.clanId, e.score])).toEqual([
      [1, two.clan.id, 500],
      [2, one.clan.id, 300],
    ]);
    expect(board.mine).toMatchObject({ rank: 2, clanId: one.clan.id });
    const noneBoard = await ctx.json(`/leaderboards/partner-clan/${hub}`, { headers: none.chief.auth });
    expect(noneBoard.body.data.mine).toBeNull();

    expect(await ctx.json('/leaderboards/partner-clan/no-such-hub')).toMatchObject({
      status: 404,
      body: { success: false, message: HUB_NOT_FOUND_MESSAGE },
    });
    expect((await ctx.json('/leaderboards/partner-clan/Bad%20Hub!')).status).toBe(404);
  });

  it('my clan board: members by points, the top 100 and me', async () => {
    const { chief, clan } = await clanWithChief(ctx);
    const members = await ctx.deps.db
      .insert(schema.users)
      .values(Array.from({ length: LEADERBOARD_TOP }, () => ({})))
      .returning({ id: schema.users.id });
    await ctx.deps.db
      .update(schema.clans)
      .set({ memberCap: LEADERBOARD_TOP + 5 })
      .where(eq(schema.clans.id, clan.id));
    for (const [i, m] of members.entries())
      await addMember(ctx, clan.id, m.id, new Date(ctx.now().getTime() + i));
    await ctx.deps.db
      .update(schema.clanMembers)
      .set({ points: 10 })
      .where(and(eq(schema.clanMembers.clanId, clan.id), eq(schema.clanMembers.role, 'Member')));
    const res = await ctx.json('/leaderboards/clan/me', { headers: chief.auth });
    expect(res.status).toBe(200);
    const board = res.body.data as ClanMemberBoard;
    expect(board.clanId).toBe(clan.id);
    expect(board.total).toBe(LEADERBOARD_TOP + 1);
    expect(board.top).toHaveLength(LEADERBOARD_TOP);
    // Equal points: who joined first ranks first.
    expect(board.top.slice(0, 2).map((l) => [l.rank, l.userId, l.points])).toEqual([
      [1, members[0]!.id, 10],
      [2, members[1]!.id, 10],
    ]);
    expect(board.top[0]!.displayName).toBe(gamerHandle(members[0]!.id));
    expect(board.mine).toMatchObject({ rank: LEADERBOARD_TOP + 1, userId: chief.user.id, points: 0 });
    const loner = await newGamer(ctx);
    expect((await ctx.json('/leaderboards/clan/me', { headers: loner.auth })).body).toMatchObject({
      status: 403,
      message: CLAN_NOT_IN_CLAN_MESSAGE,
    });
    expect((await ctx.json('/leaderboards/clan/me')).status).toBe(401);
  });
});
