import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createApp } from '../../app.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';
import { balancesOf } from '../store/store.test-support.ts';
import { HOUR, newQuest, start, tasksOfQuest, validate } from './quests.test-support.ts';

/**
 * The X and Discord task validators against the social sandbox (the default outside production): a
 * developer records what a person did through POST /dev/social/actions, as the sandbox page does.
 */

const POST = 'https://x.com/khelgames/status/1790000000000000001';
const OTHER_POST = 'https://x.com/khelgames/status/1790000000000000002';
const GUILD = '1100000000000000001';
const ROLE = '1200000000000000001';

type Action = { action: string; target?: string; value?: string };

interface Case {
  type: string;
  config: Record<string, unknown>;
  platform: 'x' | 'discord';
  /** What the person who did the task did. */
  did: Action[];
  /** What the person who did not do it did instead (close, but not it). */
  didNot: Action[];
  message: string;
}

const CASES: Case[] = [
  {
    type: 'x_like',
    config: { type: 'x_like', postUrl: POST },
    platform: 'x',
    did: [{ action: 'like', target: POST }],
    didNot: [{ action: 'like', target: OTHER_POST }],
    message: 'We could not find your like on this post yet.',
  },
  {
    type: 'x_retweet',
    config: { type: 'x_retweet', postUrl: POST },
    platform: 'x',
    did: [{ action: 'retweet', target: '1790000000000000001' }],
    didNot: [{ action: 'like', target: POST }],
    message: 'We could not find your repost of this post yet.',
  },
  {
    type: 'x_comment',
    config: { type: 'x_comment', postUrl: POST },
    platform: 'x',
    did: [{ action: 'reply', target: POST, value: 'GG, see you in the arena!' }],
    didNot: [{ action: 'reply', target: OTHER_POST, value: 'Wrong thread' }],
    message: 'We could not find your reply to this post yet.',
  },
  {
    type: 'x_follow',
    config: { type: 'x_follow', handle: '@KhelGames' },
    platform: 'x',
    did: [{ action: 'follow', target: 'khelgames' }],
    didNot: [{ action: 'follow', target: '@someoneelse' }],
    message: 'You do not follow @khelgames on X yet.',
  },
  {
    type: 'x_hashtag_tweet',
    config: { type: 'x_hashtag_tweet', hashtag: '#KhelQuest' },
    platform: 'x',
    did: [{ action: 'post', value: 'Levelling up with #khelquest today' }],
    didNot: [{ action: 'post', value: 'Levelling up with #KhelQuests today' }],
    message: 'We could not find a post of yours from the last 7 days with #KhelQuest yet.',
  },
  {
    type: 'x_bio',
    config: { type: 'x_bio', text: 'Playing on Khel' },
    platform: 'x',
    did: [{ action: 'bio', value: 'Gamer. playing on  KHEL every day' }],
    didNot: [{ action: 'bio', value: 'Gamer. Playing elsewhere' }],
    message: 'Your X bio does not include "Playing on Khel" yet.',
  },
  {
    type: 'discord_join_server',
    config: { type: 'discord_join_server', guildId: GUILD, inviteUrl: 'https://discord.gg/khel' },
    platform: 'discord',
    did: [{ action: 'join', target: GUILD }],
    didNot: [{ action: 'join', target: '1100000000000000002' }],
    message: 'You have not joined the Discord server yet.',
  },
  {
    type: 'discord_role_check',
    config: {
      type: 'discord_role_check',
      guildId: GUILD,
      roleId: ROLE,
      roleName: 'Champion',
      inviteUrl: 'https://discord.gg/khel',
    },
    platform: 'discord',
    did: [
      { action: 'join', target: GUILD },
      { action: 'role_add', target: GUILD, value: ROLE },
    ],
    didNot: [
      { action: 'join', target: GUILD },
      { action: 'role_add', target: GUILD, value: '1200000000000000002' },
    ],
    message: 'You do not have the Champion role in the Discord server yet.',
  },
];

describe.each(DB_KINDS)('X and Discord tasks on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const platformId = () => String(randomInt(1, 2 ** 47)).padStart(15, '7');

  /** A signed-in user, with their X or Discord account linked (the platform user id returned). */
  async function linkedUser(platform: 'x' | 'discord') {
    const u = await signedInUser(ctx);
    const subject = platformId();
    await ctx.deps.db
      .insert(schema.identities)
      .values({ userId: u.user.id, provider: platform === 'x' ? 'twitter' : 'discord', subject });
    return { ...u, subject };
  }

  async function record(platform: 'x' | 'discord', actor: string, actions: Action[]) {
    for (const a of actions) {
      const res = await ctx.json('/dev/social/actions', { body: { platform, actor, ...a } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
  }

  async function questOf(config: Record<string, unknown>) {
    const q = await newQuest(ctx, [{ title: 'Social', config }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    return { ...q, taskId: task!.id };
  }

  const earningsOf = (userId: string) =>
    ctx.deps.db.select().from(schema.earnings).where(eq(schema.earnings.userId, userId));

  it.each(CASES)('$type: done → verified once, even twice at once; not done → its message', async (c) => {
    const q = await questOf(c.config);

    // Not linked: the link message of identity-links.ts.
    const stranger = await signedInUser(ctx);
    await start(ctx, stranger.auth, q.id);
    expect((await validate(ctx, stranger.auth, q.id, q.taskId)).body.data).toMatchObject({
      verified: false,
      message:
        c.platform === 'x'
          ? 'Link your X (Twitter) account in your profile first.'
          : 'Link your Discord account in your profile first.',
    });

    // Linked, but did something else.
    const idle = await linkedUser(c.platform);
    await record(c.platform, idle.subject, c.didNot);
    await start(ctx, idle.auth, q.id);
    const notDone = await validate(ctx, idle.auth, q.id, q.taskId);
    expect(notDone.status).toBe(200);
    expect(notDone.body.data).toMatchObject({ verified: false, message: c.message });
    expect((await balancesOf(ctx, idle.user.id)).user_kpoints).toBe(0n);

    // Did it: validated three times at once, verified every time, completed and rewarded once.
    const doer = await linkedUser(c.platform);
    await record(c.platform, doer.subject, c.did);
    await start(ctx, doer.auth, q.id);
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => validate(ctx, doer.auth, q.id, q.taskId)),
    );
    expect(answers.map((a) => [a.status, a.body.data.verified])).toEqual(
      Array.from({ length: 3 }, () => [200, true]),
    );
    expect(answers[0]!.body.data.quest.status).toBe('COMPLETED');
    expect((await balancesOf(ctx, doer.user.id)).user_kpoints).toBe(100n);
    expect(await earningsOf(doer.user.id)).toHaveLength(1);
  });

  it('an undo counts: an unlike, an unfollow, leaving a server (which drops its roles)', async () => {
    const like = await questOf({ type: 'x_like', postUrl: POST });
    const follow = await questOf({ type: 'x_follow', handle: 'khelgames' });
    const role = await questOf(CASES.find((c) => c.type === 'discord_role_check')!.config);
    const x = await linkedUser('x');
    await record('x', x.subject, [
      { action: 'like', target: POST },
      { action: 'unlike', target: POST },
      { action: 'follow', target: '@khelgames' },
      { action: 'unfollow', target: 'KhelGames' },
    ]);
    for (const q of [like, follow]) await start(ctx, x.auth, q.id);
    expect((await validate(ctx, x.auth, like.id, like.taskId)).body.data.verified).toBe(false);
    expect((await validate(ctx, x.auth, follow.id, follow.taskId)).body.data.verified).toBe(false);

    const d = await linkedUser('discord');
    await record('discord', d.subject, [
      { action: 'join', target: GUILD },
      { action: 'role_add', target: GUILD, value: ROLE },
      { action: 'leave', target: GUILD },
      { action: 'join', target: GUILD },
    ]);
    await start(ctx, d.auth, role.id);
    expect((await validate(ctx, d.auth, role.id, role.taskId)).body.data).toMatchObject({
      verified: false,
      message: 'You do not have the Champion role in the Discord server yet.',
    });
    await record('discord', d.subject, [{ action: 'leave', target: GUILD }]);
    expect((await validate(ctx, d.auth, role.id, role.taskId)).body.data.message).toBe(
      'You have not joined the Discord server yet.',
    );
  });

  it('recent search reaches back 7 days only', async () => {
    const q = await questOf({ type: 'x_hashtag_tweet', hashtag: 'OldNews' });
    const x = await linkedUser('x');
    await start(ctx, x.auth, q.id);
    // Posted eight days ago.
    ctx.advance(-8 * 24 * HOUR);
    await record('x', x.subject, [{ action: 'post', value: 'Throwback #OldNews' }]);
    ctx.advance(8 * 24 * HOUR);
    expect((await validate(ctx, x.auth, q.id, q.taskId)).body.data).toMatchObject({
      verified: false,
      message: 'We could not find a post of yours from the last 7 days with #OldNews yet.',
    });
    await record('x', x.subject, [{ action: 'post', value: 'Fresh #oldnews' }]);
    expect((await validate(ctx, x.auth, q.id, q.taskId)).body.data.verified).toBe(true);
  });

  it('the dev endpoint applies the platforms’ rules and refuses what they would', async () => {
    const post = (body: Record<string, unknown>) => ctx.json('/dev/social/actions', { body });
    const ok = await post({ platform: 'x', actor: '42', action: 'like', target: POST });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({
      platform: 'x',
      actor: '42',
      action: 'like',
      target: '1790000000000000001',
    });
    expect(
      (await post({ platform: 'x', actor: '42', action: 'like', target: 'https://example.com/1' })).status,
    ).toBe(400);
    expect((await post({ platform: 'x', actor: '42', action: 'post', value: 'a'.repeat(281) })).status).toBe(
      400,
    );
    expect((await post({ platform: 'x', actor: '42', action: 'join', target: GUILD })).status).toBe(400);
    expect((await post({ platform: 'discord', actor: '42', action: 'join', target: 'khel' })).status).toBe(
      400,
    );
    const roleFirst = await post({
      platform: 'discord',
      actor: '43',
      action: 'role_add',
      target: GUILD,
      value: ROLE,
    });
    expect(roleFirst.status).toBe(400);
    expect(roleFirst.body.message).toBe('Only a member of the server can get a role: record the join first.');
  });

  it('is not served in production (404): neither the page nor the JSON endpoint', async () => {
    const production = createApp({ ...ctx.deps, env: { ...ctx.deps.env, NODE_ENV: 'production' } });
    expect((await production.request('/dev/social')).status).toBe(404);
    const form = new URLSearchParams({ action: 'join', actor: '5', target: GUILD });
    expect((await production.request('/dev/social', { method: 'POST', body: form })).status).toBe(404);
    const json = await production.request('/dev/social/actions', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'discord', actor: '5', action: 'join', target: GUILD }),
    });
    expect(json.status).toBe(404);
    expect(
      await ctx.deps.db
        .select()
        .from(schema.sandboxSocialActions)
        .where(eq(schema.sandboxSocialActions.actor, '5')),
    ).toEqual([]);
  });

  it('the sandbox page shows the form and records what the developer says', async () => {
    const page = await ctx.app.request('/dev/social');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    const text = await page.text();
    expect(text).toContain('Sandbox: not the real X or Discord');
    expect(text).toContain('<option value="role_add">');
    const posted = await ctx.app.request('/dev/social', {
      method: 'POST',
      body: new URLSearchParams({ action: 'follow', actor: '777000777', target: '@KhelGames', value: '' }),
    });
    expect(posted.status).toBe(200);
    expect(await posted.text()).toContain('Recorded: x 777000777 follow khelgames');
    const refused = await ctx.app.request('/dev/social', {
      method: 'POST',
      body: new URLSearchParams({ action: 'like', actor: '777000777', target: 'not a post' }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Give the X post as its link');
    const nul = await ctx.app.request('/dev/social', {
      method: 'POST',
      body: new URLSearchParams({ action: 'post', actor: '777000777', value: 'GG\u0000' }),
    });
    expect(nul.status).toBe(400);
    expect(await nul.text()).toContain('class="error"');
  });
});

describe('X and Discord tasks when the platform cannot be asked', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    // X API v2 at an address nothing answers on; no Discord provider at all.
    ctx = await createTestContext('pglite', undefined, {
      X_PROVIDER: 'x',
      X_BEARER_TOKEN: 'test-token',
      X_API_ROOT: 'http://127.0.0.1:1',
      SOCIAL_API_TIMEOUT_MS: '500',
      DISCORD_PROVIDER: 'none',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('says to try again (X unreachable) or that it cannot be checked (no Discord provider), and records nothing', async () => {
    const q = await newQuest(ctx, [
      { title: 'Like', config: { type: 'x_like', postUrl: POST } },
      {
        title: 'Join',
        config: { type: 'discord_join_server', guildId: GUILD, inviteUrl: 'https://discord.gg/khel' },
      },
    ]);
    const [like, join] = await tasksOfQuest(ctx, q.slug);
    const u = await signedInUser(ctx);
    await ctx.deps.db.insert(schema.identities).values([
      { userId: u.user.id, provider: 'twitter', subject: '1001' },
      { userId: u.user.id, provider: 'discord', subject: '2200000000000000001' },
    ]);
    await start(ctx, u.auth, q.id);
    expect((await validate(ctx, u.auth, q.id, like!.id)).body.data).toMatchObject({
      verified: false,
      message: 'We could not reach X right now. Please try again in a minute.',
    });
    expect((await validate(ctx, u.auth, q.id, join!.id)).body.data).toMatchObject({
      verified: false,
      message: 'Discord tasks cannot be checked right now.',
    });
    expect((await balancesOf(ctx, u.user.id)).user_kpoints).toBe(0n);
  });
});

describe('X and Discord tasks through the real adapters, chosen by environment (fake APIs on 127.0.0.1)', () => {
  let ctx: TestContext;
  let server: Server;
  beforeAll(async () => {
    // Answers as X API v2 and Discord document it: person 1001 liked POST; 2200…01 holds ROLE in GUILD.
    server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://127.0.0.1');
      const answer = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (
        url.pathname === '/2/tweets/1790000000000000001/liking_users' &&
        req.headers.authorization === 'Bearer x-token'
      )
        return answer(200, {
          data: [{ id: '1001', name: 'Gamer', username: 'gamer' }],
          meta: { result_count: 1 },
        });
      if (
        url.pathname === `/discord/guilds/${GUILD}/members/2200000000000000001` &&
        req.headers.authorization === 'Bot d-token'
      )
        return answer(200, {
          user: { id: '2200000000000000001' },
          roles: [ROLE],
          joined_at: '2026-11-01T00:00:00Z',
        });
      if (url.pathname.startsWith('/discord/'))
        return answer(404, { message: 'Unknown Member', code: 10007 });
      answer(404, { title: 'Not Found' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    ctx = await createTestContext('pglite', undefined, {
      X_PROVIDER: 'x',
      X_BEARER_TOKEN: 'x-token',
      X_API_ROOT: root,
      DISCORD_PROVIDER: 'discord',
      DISCORD_BOT_TOKEN: 'd-token',
      DISCORD_API_ROOT: `${root}/discord`,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('verifies from what X and Discord answer, and says what is missing otherwise', async () => {
    const roleConfig = CASES.find((c) => c.type === 'discord_role_check')!.config;
    const q = await newQuest(ctx, [
      { title: 'Like', config: { type: 'x_like', postUrl: POST } },
      { title: 'Role', config: roleConfig },
    ]);
    const [like, role] = await tasksOfQuest(ctx, q.slug);
    const link = async (twitter: string, discord: string) => {
      const u = await signedInUser(ctx);
      await ctx.deps.db.insert(schema.identities).values([
        { userId: u.user.id, provider: 'twitter', subject: twitter },
        { userId: u.user.id, provider: 'discord', subject: discord },
      ]);
      await start(ctx, u.auth, q.id);
      return u;
    };
    const doer = await link('1001', '2200000000000000001');
    expect((await validate(ctx, doer.auth, q.id, like!.id)).body.data.verified).toBe(true);
    const done = await validate(ctx, doer.auth, q.id, role!.id);
    expect(done.body.data).toMatchObject({ verified: true, quest: { status: 'COMPLETED' } });
    const other = await link('1002', '2200000000000000002');
    expect((await validate(ctx, other.auth, q.id, like!.id)).body.data.message).toBe(
      'We could not find your like on this post yet.',
    );
    expect((await validate(ctx, other.auth, q.id, role!.id)).body.data.message).toBe(
      'You have not joined the Discord server yet.',
    );
  });
});
