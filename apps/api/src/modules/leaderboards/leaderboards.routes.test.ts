import { randomUUID } from 'node:crypto';
import { LEADERBOARD_NOT_FOUND_MESSAGE, type LeaderboardTop } from '@khel/core/contract';
import { gamerHandle } from '@khel/core/format';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { HOUR, newQuest, start, tasksOfQuest, validate } from '../quests/quests.test-support.ts';
import { newBoard, newUsers } from './leaderboards.test-support.ts';
import { centralizedBoardId, recordPoints } from './leaderboards.ts';

describe.each(DB_KINDS)('leaderboards routes on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { PUBLIC_URL: 'https://khel.example' });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const add = (leaderboardId: string, userId: string, sourceKey: string, points: number, at = ctx.now()) =>
    ctx.deps.db.transaction((tx) =>
      recordPoints(tx, { leaderboardId, userId, sourceKey, label: `Label ${sourceKey}`, points, at }),
    );

  it('a quest completed counts its K-Points on the centralized board by a job, once, with the quest as the source', async () => {
    const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'KPTS' } }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx, { username: `lb_${randomUUID().slice(0, 8)}` });
    await start(ctx, u.auth, q.id);
    await Promise.all(Array.from({ length: 3 }, () => validate(ctx, u.auth, q.id, task!.id, 'KPTS')));
    // The completion wrote a job, not the board: the board follows when the worker runs it (once).
    const boardId = await centralizedBoardId(ctx.deps.db);
    expect(
      (await ctx.json(`/leaderboards/${boardId}/contribution`, { headers: u.auth })).body.data.entry,
    ).toBe(null);
    await runDueJobs(ctx.deps);
    await runDueJobs(ctx.deps);
    const mine = await ctx.json(`/leaderboards/${boardId}/contribution`, { headers: u.auth });
    expect(mine.status).toBe(200);
    expect(mine.body.data).toMatchObject({
      leaderboardId: boardId,
      total: 100,
      entry: { rank: 1, displayName: u.user.username, score: 100, avatarUrl: null },
      breakdown: [{ label: `Quest ${q.slug}`, points: 100 }],
    });
    const central = await ctx.json('/leaderboards/centralized');
    expect(central.status).toBe(200);
    const data = central.body.data as LeaderboardTop;
    expect(data.leaderboard).toMatchObject({
      id: boardId,
      slug: 'k-points',
      kind: 'centralized',
      status: 'LIVE',
    });
    expect(data.total).toBe(1);
    expect(data.top).toEqual([
      expect.objectContaining({ rank: 1, displayName: u.user.username, score: 100 }),
    ]);
  });

  it('lists a board top 100 with public names (username, first name, else Gamer) and pictures', async () => {
    const board = await newBoard(ctx.deps.db);
    const [anon, named] = await newUsers(ctx.deps.db, 2);
    const first = await signedInUser(ctx, { firstName: 'Asha' });
    await ctx.deps.db.insert(schema.profilePictures).values({
      userId: first.user.id,
      contentType: 'image/jpeg',
      bytes: Buffer.from([1, 2, 3]),
      width: 1,
      height: 1,
    });
    await ctx.deps.db
      .update(schema.users)
      .set({ username: `n_${randomUUID().slice(0, 8)}`, firstName: 'Hidden' })
      .where(eq(schema.users.id, named!));
    await add(board.id, anon!, 'a', 5);
    await add(board.id, named!, 'a', 9);
    await add(board.id, first.user.id, 'a', 7);
    const res = await ctx.json(`/leaderboards/${board.id}/participants`);
    expect(res.status).toBe(200);
    const top = (res.body.data as LeaderboardTop).top;
    expect(top.map((t) => [t.rank, t.score])).toEqual([
      [1, 9],
      [2, 7],
      [3, 5],
    ]);
    expect(top[0]!.displayName).toMatch(/^n_/);
    expect(top[1]).toMatchObject({ displayName: 'Asha' });
    expect(top[1]!.avatarUrl).toMatch(
      new RegExp(`^https://khel\\.example/api/users/${first.user.id}/profile-picture\\?v=\\d+$`),
    );
    // No name yet: the handle made from the account id, as every list and push shows it.
    expect(top[2]).toMatchObject({ displayName: gamerHandle(anon!), avatarUrl: null });
    expect(gamerHandle(anon!)).toMatch(/^Gamer-[0-9A-Z]{6}$/);
    expect(res.body.data.total).toBe(3);
    const many = await newUsers(ctx.deps.db, 120);
    for (const [i, u] of many.entries()) await add(board.id, u, 'b', i);
    const full = await ctx.json(`/leaderboards/${board.id}/participants`);
    expect(full.body.data.top).toHaveLength(100);
    expect(full.body.data.total).toBe(123);
  });

  it('a user without an entry has a null entry and no breakdown', async () => {
    const board = await newBoard(ctx.deps.db);
    const u = await signedInUser(ctx);
    const res = await ctx.json(`/leaderboards/${board.id}/contribution`, { headers: u.auth });
    expect(res.body.data).toEqual({ leaderboardId: board.id, entry: null, total: 0, breakdown: [] });
    expect((await ctx.json(`/leaderboards/${board.id}/contribution`)).status).toBe(401);
  });

  it('answers 404 for unknown, malformed and unpublished boards', async () => {
    const draft = await newBoard(ctx.deps.db, { publishedAt: null });
    const u = await signedInUser(ctx);
    for (const id of [randomUUID(), 'not-a-uuid', draft.id]) {
      for (const path of [`/leaderboards/${id}/participants`, `/leaderboards/${id}/contribution`]) {
        const res = await ctx.json(path, { headers: u.auth });
        expect(res.status, path).toBe(404);
        expect(res.body).toMatchObject({
          success: false,
          status: 404,
          message: LEADERBOARD_NOT_FOUND_MESSAGE,
        });
      }
    }
    const bad = await ctx.json('/leaderboards/status/SOMETIME');
    expect(bad.status).toBe(404);
    expect(bad.body.message).toBe(LEADERBOARD_NOT_FOUND_MESSAGE);
  });

  it('lists published boards by status: upcoming, live, ended (COMPLETED until the rewards, then CONCLUDED)', async () => {
    const now = ctx.now().getTime();
    const upcoming = await newBoard(ctx.deps.db, {
      startsAt: new Date(now + HOUR),
      endsAt: new Date(now + 2 * HOUR),
    });
    const live = await newBoard(ctx.deps.db, {
      startsAt: new Date(now - HOUR),
      endsAt: new Date(now + HOUR),
    });
    const ended = await newBoard(ctx.deps.db, {
      startsAt: new Date(now - 2 * HOUR),
      endsAt: new Date(now - HOUR),
    });
    const hidden = await newBoard(ctx.deps.db, { publishedAt: null });
    const ids = async (status: string) => {
      const res = await ctx.json(`/leaderboards/status/${status}`);
      expect(res.status).toBe(200);
      return (res.body.data.leaderboards as { id: string; status: string }[]).map((b) => {
        expect(b.status).toBe(status);
        return b.id;
      });
    };
    expect(await ids('PUBLISHED')).toContain(upcoming.id);
    const liveIds = await ids('LIVE');
    expect(liveIds).toContain(live.id);
    expect(liveIds).toContain(await centralizedBoardId(ctx.deps.db));
    expect(liveIds).not.toContain(hidden.id);
    // A board without a campaign is final as soon as it ends.
    expect(await ids('CONCLUDED')).toContain(ended.id);
    expect(await ids('COMPLETED')).not.toContain(ended.id);
    const campaignEnded = await newBoard(ctx.deps.db, {
      campaignId: randomUUID(),
      startsAt: new Date(now - 2 * HOUR),
      endsAt: new Date(now - HOUR),
    });
    // Its campaign row is gone (or never was): nothing is left to settle.
    expect(await ids('CONCLUDED')).toContain(campaignEnded.id);
    // A campaign's board stays COMPLETED until the campaign's rewards are credited; a private one is not listed.
    const withCampaign = async (isPrivate: boolean) => {
      const board = await newBoard(ctx.deps.db, {
        startsAt: new Date(now - 2 * HOUR),
        endsAt: new Date(now - HOUR),
      });
      const quest = await newQuest(ctx, [{ title: 'Code', config: { type: 'special_code', code: 'CAMP' } }]);
      const [campaign] = await ctx.deps.db
        .insert(schema.campaigns)
        .values({
          slug: `c-${randomUUID()}`,
          title: 'Campaign',
          questId: quest.id,
          leaderboardId: board.id,
          variant: 'OPEN_SLOT_LEADERBOARD_REWARD',
          status: 'PROCESSING_REWARDS',
          startsAt: board.startsAt,
          endsAt: board.endsAt!,
          private: isPrivate,
          pool: 1000n,
          eligibility: {} as never,
          entryCaps: {} as never,
        })
        .returning();
      await ctx.deps.db
        .update(schema.leaderboards)
        .set({ campaignId: campaign!.id })
        .where(eq(schema.leaderboards.id, board.id));
      return { board, campaign: campaign! };
    };
    const open = await withCampaign(false);
    const secret = await withCampaign(true);
    expect(await ids('COMPLETED')).toContain(open.board.id);
    expect(await ids('COMPLETED')).not.toContain(secret.board.id);
    const one = await ctx.json(`/leaderboards/${open.board.id}/participants`);
    expect(one.body.data.leaderboard).toMatchObject({
      status: 'COMPLETED',
      campaignSlug: open.campaign.slug,
    });
    await ctx.deps.db
      .update(schema.campaigns)
      .set({ status: 'REWARDS_CREDITED' })
      .where(eq(schema.campaigns.id, open.campaign.id));
    expect(await ids('CONCLUDED')).toContain(open.board.id);
    ctx.advance(2 * HOUR);
    expect(await ids('COMPLETED')).not.toContain(upcoming.id);
    expect(await ids('CONCLUDED')).toContain(upcoming.id);
  });
});
