import {
  UTM_ALREADY_ATTRIBUTED_MESSAGE,
  UTM_CAMPAIGN_LIST_LIMIT,
  UTM_CODE_PATTERN,
  UTM_LINK_NOT_FOUND_MESSAGE,
  UTM_QUEST_LIST_LIMIT,
  UTM_TARGET_NOT_FOUND_MESSAGE,
  UTM_TOO_LATE_MESSAGE,
  UTM_VALUE_MESSAGE,
} from '@khel/core/contract';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRootApp } from '../../runtime.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { createOperator } from '../operators/operators.ts';
import { type SignedInUser, signedInUser } from '../profile/profile.test-support.ts';
import { newQuest } from '../quests/quests.test-support.ts';
import { UTM_VISITOR_COOKIE } from './utm.routes.ts';
import { UTM_LINKS_PER_MINUTE } from './utm.ts';

const DAY = 86_400_000;

describe.each(DB_KINDS)('UTM links on %s', (kind) => {
  let ctx: TestContext;
  let quest: { id: string; slug: string };
  let owner: SignedInUser;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), { PUBLIC_URL: 'https://khel.example' });
    quest = await newQuest(ctx, [{ title: 'Visit', config: { type: 'create_referral' } }]);
    owner = await signedInUser(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const linkBody = (fields: Record<string, unknown> = {}) => ({
    targetType: 'quest',
    slug: quest.slug,
    source: 'instagram',
    medium: 'influencer',
    campaign: 'diwali-2026',
    ...fields,
  });
  const generate = (u: SignedInUser, fields: Record<string, unknown> = {}) =>
    ctx.json('/utm/generate-link', { body: linkBody(fields), headers: u.auth });
  const visit = (code: string, headers: Record<string, string> = {}) =>
    ctx.app.request(`/l/${code}`, { headers: { 'x-forwarded-for': '203.0.113.7', ...headers } });
  const linkOf = async (u: SignedInUser, code: string) => {
    const res = await ctx.json('/utm/generated-links?limit=100', { headers: u.auth });
    return res.body.data.items.find((l: { code: string }) => l.code === code);
  };

  it('makes a short link to a published quest with the utm values kept', async () => {
    const res = await generate(owner, { content: 'Story_1', term: '' });
    expect(res.status).toBe(201);
    const link = res.body.data;
    expect(link.code).toMatch(UTM_CODE_PATTERN);
    expect(link.shortUrl).toBe(`https://khel.example/l/${link.code}`);
    expect(link.targetUrl).toBe(
      `https://khel.example/quest-details/${quest.slug}?utm_source=instagram&utm_medium=influencer&utm_campaign=diwali-2026&utm_content=story_1&kutm=${link.code}`,
    );
    expect(link).toMatchObject({ content: 'story_1', term: null, target: { type: 'quest', live: true } });
  });

  it('refuses bad values, unknown targets and visitors without an account', async () => {
    const bad = await generate(owner, { source: 'Insta gram!' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(UTM_VALUE_MESSAGE);
    expect((await generate(owner, { campaign: 'x'.repeat(51) })).status).toBe(400);
    expect((await generate(owner, { source: 'mail@example.com' })).status).toBe(400);
    const unknown = await generate(owner, { slug: 'no-such-quest' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(UTM_TARGET_NOT_FOUND_MESSAGE);
    expect((await ctx.json('/utm/generate-link', { body: linkBody() })).status).toBe(401);
    const [count] = await ctx.deps.db
      .select()
      .from(schema.utmLinks)
      .where(eq(schema.utmLinks.source, 'insta gram!'));
    expect(count).toBeUndefined();
  });

  it('limits how many links one person makes a minute', async () => {
    const u = await signedInUser(ctx);
    const answers = [];
    for (let i = 0; i <= UTM_LINKS_PER_MINUTE; i++) answers.push((await generate(u)).status);
    expect(answers.filter((s) => s === 201)).toHaveLength(UTM_LINKS_PER_MINUTE);
    expect(answers.at(-1)).toBe(429);
  });

  it('lets operators make links too', async () => {
    const op = await createOperator(ctx.deps.db, `utm-${kind}`);
    const res = await ctx.json('/operator/utm/generate-link', {
      body: linkBody({ source: 'partner' }),
      headers: { authorization: `Operator ${op.token}` },
    });
    expect(res.status).toBe(201);
    expect((await ctx.json('/operator/utm/generate-link', { body: linkBody() })).status).toBe(401);
  });

  it('gives the values with the SPEC defaults and the quests to pick from', async () => {
    const res = await ctx.json('/utm/values');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      questPage: 1,
      questLimit: UTM_QUEST_LIST_LIMIT,
      campaignLimit: UTM_CAMPAIGN_LIST_LIMIT,
    });
    expect(res.body.data.sources).toContain('instagram');
    expect(res.body.data.quests.map((q: { slug: string }) => q.slug)).toContain(quest.slug);
    expect((await ctx.json('/utm/values?questLimit=101')).status).toBe(400);
  });

  it('the short link counts the visit, sets a visitor cookie and redirects with the utm query', async () => {
    const { code } = (await generate(owner)).body.data;
    const first = await visit(code);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe(
      `/quest-details/${quest.slug}?utm_source=instagram&utm_medium=influencer&utm_campaign=diwali-2026&kutm=${code}`,
    );
    const cookie = /khel_vid=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')?.[1];
    expect(cookie).toBeTruthy();
    const again = await visit(code, { cookie: `${UTM_VISITOR_COOKIE}=${cookie}` });
    expect(again.status).toBe(302);
    expect(again.headers.get('set-cookie')).toBeNull();
    await visit(code);
    expect((await linkOf(owner, code)).stats).toEqual({
      clicks: 3,
      visits: 2,
      signUps: 0,
      questCompletions: 0,
    });
    const unknown = await visit('ZZZZZZZZ');
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toBe(UTM_LINK_NOT_FOUND_MESSAGE);
    expect((await visit('bad')).status).toBe(404);
  });

  it('is served at /l/<code> outside /api by the root app', async () => {
    const { code } = (await generate(owner)).body.data;
    const res = await createRootApp(ctx.deps).request(`/l/${code}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain(`kutm=${code}`);
  });

  it('verifies links by url or code', async () => {
    const link = (await generate(owner)).body.data;
    const byUrl = await ctx.json(`/utm/verify?url=${encodeURIComponent(link.shortUrl)}`);
    expect(byUrl.body.data).toMatchObject({
      ours: true,
      code: link.code,
      link: { target: { slug: quest.slug } },
    });
    const byTarget = await ctx.json(`/utm/verify?url=${encodeURIComponent(link.targetUrl)}`);
    expect(byTarget.body.data.code).toBe(link.code);
    expect((await ctx.json(`/utm/verify?code=${link.code}`)).body.data.ours).toBe(true);
    const foreign = await ctx.json(
      `/utm/verify?url=${encodeURIComponent(`https://evil.example/l/${link.code}`)}`,
    );
    expect(foreign.body.data).toEqual({ ours: false, code: null, link: null });
    expect((await ctx.json('/utm/verify')).status).toBe(400);
  });

  it('attributes a new account’s sign-up once, and its first quest completion', async () => {
    const { code } = (await generate(owner)).body.data;
    const other = (await generate(owner)).body.data.code;
    const newcomer = await signedInUser(ctx);
    const attribute = (u: SignedInUser, c: string) =>
      ctx.json('/utm/attribution', { body: { code: c }, headers: u.auth });
    expect((await attribute(newcomer, code)).status).toBe(200);
    expect((await attribute(newcomer, code)).status).toBe(200);
    const elsewhere = await attribute(newcomer, other);
    expect(elsewhere.status).toBe(409);
    expect(elsewhere.body.message).toBe(UTM_ALREADY_ATTRIBUTED_MESSAGE);
    expect((await linkOf(owner, code)).stats.signUps).toBe(1);
    expect((await linkOf(owner, other)).stats.signUps).toBe(0);

    await ctx.deps.db
      .insert(schema.userQuests)
      .values({ userId: newcomer.user.id, questId: quest.id, completedAt: ctx.now() });
    expect((await linkOf(owner, code)).stats).toMatchObject({ signUps: 1, questCompletions: 1 });

    const veteran = await signedInUser(ctx, { createdAt: new Date(ctx.now().getTime() - 2 * DAY) });
    const late = await attribute(veteran, code);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(UTM_TOO_LATE_MESSAGE);
    expect((await attribute(newcomer, 'ZZZZZZZZ')).status).toBe(404);
    expect((await linkOf(owner, code)).stats.signUps).toBe(1);
  });

  it('counts a sign-up once when the same account attributes at once, and a visitor once when visiting at once', async () => {
    const { code } = (await generate(owner)).body.data;
    const newcomer = await signedInUser(ctx);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.json('/utm/attribution', { body: { code }, headers: newcomer.auth }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const cookie = `${UTM_VISITOR_COOKIE}=visitor-aaaaaaaaaaaaaaaa`;
    const visits = await Promise.all(Array.from({ length: 6 }, () => visit(code, { cookie })));
    expect(visits.map((v) => v.status)).toEqual(Array(6).fill(302));
    expect((await linkOf(owner, code)).stats).toEqual({
      clicks: 6,
      visits: 1,
      signUps: 1,
      questCompletions: 0,
    });
    const rows = await ctx.deps.db
      .select()
      .from(schema.utmAttributions)
      .where(eq(schema.utmAttributions.userId, newcomer.user.id));
    expect(rows).toHaveLength(1);
  });

  it('lists only my links, newest first, paginated', async () => {
    const u = await signedInUser(ctx);
    const codes = [];
    for (let i = 0; i < 3; i++) {
      codes.push((await generate(u, { content: `n${i}` })).body.data.code);
      ctx.advance(1000);
    }
    const page1 = await ctx.json('/utm/generated-links?limit=2', { headers: u.auth });
    expect(page1.body.data).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page1.body.data.items.map((l: { code: string }) => l.code)).toEqual([codes[2], codes[1]]);
    const page2 = await ctx.json('/utm/generated-links?limit=2&page=2', { headers: u.auth });
    expect(page2.body.data.items.map((l: { code: string }) => l.code)).toEqual([codes[0]]);
    expect((await ctx.json('/utm/generated-links')).status).toBe(401);
  });
});
