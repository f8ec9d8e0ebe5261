import {
  FRIENDS_PAGE_SIZE,
  REFERRAL_ALREADY_MESSAGE,
  REFERRAL_CODE_PATTERN,
  REFERRAL_CODE_UNKNOWN_MESSAGE,
  REFERRAL_CYCLE_MESSAGE,
  REFERRAL_SELF_MESSAGE,
  REFERRAL_TOO_LATE_MESSAGE,
  XP_RULES,
} from '@khel/core/contract';
import { gamerHandle } from '@khel/core/format';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { runDueJobs } from '../../lib/jobs.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import {
  expectOneRewardWhenValidatedAtOnce,
  newQuest,
  start,
  tasksOfQuest,
  validate,
} from '../quests/quests.test-support.ts';
import { REFERRAL_CODE_REQUIRED_MESSAGE } from '../quests/validators/referrals.ts';

describe.each(DB_KINDS)('referrals on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      PUBLIC_URL: 'https://khel.example',
      TELEGRAM_BOT_USERNAME: 'khel_bot',
      TELEGRAM_MINIAPP_SHORT_NAME: 'play',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const makeCode = async (u: SignedInUser) =>
    (await ctx.json('/referral/code', { method: 'POST', headers: u.auth })).body.data.code as string;
  const apply = (u: SignedInUser, code: string) =>
    ctx.json('/referral/apply', { body: { code }, headers: u.auth });

  it('makes a code once (even when asked at once) and gives its invite links', async () => {
    const u = await signedInUser(ctx);
    const before = await ctx.json('/referral/code', { headers: u.auth });
    expect(before.body.data).toEqual({ code: null, links: null, invited: 0 });
    const made = await Promise.all(
      Array.from({ length: 4 }, () => ctx.json('/referral/code', { method: 'POST', headers: u.auth })),
    );
    const codes = new Set(made.map((m) => m.body.data.code));
    expect(codes.size).toBe(1);
    const [code] = [...codes] as string[];
    expect(code).toMatch(REFERRAL_CODE_PATTERN);
    const res = await ctx.json('/referral/code', { headers: u.auth });
    expect(res.body.data).toEqual({
      code,
      links: {
        website: `https://khel.example/?ref=${code}`,
        miniApp: `https://t.me/khel_bot/play?startapp=ref_${code}`,
      },
      invited: 0,
    });
  });

  it('applies an invite’s code to a new account once (any case), and counts it', async () => {
    const inviter = await signedInUser(ctx);
    const code = await makeCode(inviter);
    const friend = await signedInUser(ctx);
    const res = await apply(friend, code.toLowerCase());
    expect(res.status).toBe(200);
    expect((await ctx.json('/referral/code', { headers: inviter.auth })).body.data.invited).toBe(1);
    const again = await apply(friend, code);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REFERRAL_ALREADY_MESSAGE);
    const [row] = await ctx.deps.db.select().from(schema.users).where(eq(schema.users.id, friend.user.id));
    expect(row?.referredBy).toBe(inviter.user.id);
  });

  it('refuses an unknown code, one’s own code, a cycle, and an account older than a day', async () => {
    const a = await signedInUser(ctx);
    const unknown = await apply(a, 'ZZZZ2222');
    expect([unknown.status, unknown.body.message]).toEqual([404, REFERRAL_CODE_UNKNOWN_MESSAGE]);
    const own = await apply(a, await makeCode(a));
    expect([own.status, own.body.message]).toEqual([400, REFERRAL_SELF_MESSAGE]);
    // a invites b, b invites c: neither b nor c can make a their invitee.
    const b = await signedInUser(ctx);
    const c = await signedInUser(ctx);
    expect((await apply(b, await makeCode(a))).status).toBe(200);
    expect((await apply(c, await makeCode(b))).status).toBe(200);
    const cycle = await apply(a, await makeCode(c));
    expect([cycle.status, cycle.body.message]).toEqual([400, REFERRAL_CYCLE_MESSAGE]);
    const direct = await apply(a, await makeCode(b));
    expect([direct.status, direct.body.message]).toEqual([400, REFERRAL_CYCLE_MESSAGE]);
    const old = await signedInUser(ctx, { createdAt: new Date(ctx.now().getTime() - 25 * 3_600_000) });
    const late = await apply(old, await makeCode(c));
    expect([late.status, late.body.message]).toEqual([409, REFERRAL_TOO_LATE_MESSAGE]);
  });

  it('two people applying each other’s codes at once: one of them only', async () => {
    const a = await signedInUser(ctx);
    const b = await signedInUser(ctx);
    const [codeA, codeB] = [await makeCode(a), await makeCode(b)];
    const answers = await Promise.all([apply(a, codeB), apply(b, codeA)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('create_referral: verified once the code exists', async () => {
    const q = await newQuest(ctx, [{ title: 'Code', config: { type: 'create_referral' } }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx);
    await start(ctx, u.auth, q.id);
    expect((await validate(ctx, u.auth, q.id, task!.id)).body.data).toMatchObject({
      verified: false,
      message: REFERRAL_CODE_REQUIRED_MESSAGE,
    });
    await makeCode(u);
    await expectOneRewardWhenValidatedAtOnce(ctx, u.user.id, () => validate(ctx, u.auth, q.id, task!.id));
  });

  it('lists the friends who joined, newest first, a page at a time, with their name and level', async () => {
    const inviter = await signedInUser(ctx);
    const code = await makeCode(inviter);
    const friends: SignedInUser[] = [];
    for (let i = 0; i < FRIENDS_PAGE_SIZE + 3; i++) {
      const friend = await signedInUser(ctx);
      expect((await apply(friend, code)).status).toBe(200);
      friends.push(friend);
      ctx.advance(1_000);
    }
    // One of them picked a name; the others show the handle boards show.
    const named = friends[friends.length - 1]!;
    const username = `fr${named.user.id.slice(0, 6)}`;
    await ctx.json('/users/me/username', { method: 'PUT', body: { username }, headers: named.auth });
    await runDueJobs(ctx.deps, { limit: 100 });

    const first = (await ctx.json('/referral/friends', { headers: inviter.auth })).body.data;
    expect(first).toMatchObject({
      invited: FRIENDS_PAGE_SIZE + 3,
      xpEarned: (FRIENDS_PAGE_SIZE + 3) * XP_RULES.friend_joined,
    });
    expect(first.friends).toHaveLength(FRIENDS_PAGE_SIZE);
    expect(first.friends[0]).toMatchObject({
      id: named.user.id,
      name: username,
      xp: XP_RULES.username_chosen,
    });
    expect(first.friends[1]).toMatchObject({
      name: gamerHandle(friends[friends.length - 2]!.user.id),
      xp: 0,
    });
    const second = (await ctx.json(`/referral/friends?after=${first.nextCursor}`, { headers: inviter.auth }))
      .body.data;
    expect(second.friends.map((f: { id: string }) => f.id)).toEqual(
      friends
        .slice(0, 3)
        .reverse()
        .map((f) => f.user.id),
    );
    expect(second.nextCursor).toBeNull();
    // Someone else's list is their own, and a cursor of another shape is refused.
    expect((await ctx.json('/referral/friends', { headers: friends[0]!.auth })).body.data).toMatchObject({
      invited: 0,
      friends: [],
      nextCursor: null,
    });
    expect((await ctx.json('/referral/friends?after=nope', { headers: inviter.auth })).status).toBe(400);
  });
});
