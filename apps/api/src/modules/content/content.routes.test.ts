import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { createOperator } from '../operators/operators.ts';
import { seedDemoContent } from './content.ts';

describe.each(DB_KINDS)('web banners and footers on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedDemoContent(ctx.deps.db);
    auth = { authorization: `Operator ${(await createOperator(ctx.deps.db, 'content.ops')).token}` };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('serves the demo banners of a placement and the footer groups, in three languages', async () => {
    const home = await ctx.json('/web-banners?placement=home');
    expect(home.body.data.banners).toEqual([
      expect.objectContaining({
        slug: 'welcome-quest',
        linkUrl: '/quest-details/khel-welcome-quest',
        translations: expect.objectContaining({ hi: expect.objectContaining({ cta: 'अभी शुरू करें' }) }),
      }),
    ]);
    const footer = await ctx.json('/web-footers');
    expect(footer.body.data.groups.map((g: any) => g.group)).toEqual(['khel', 'community', 'legal']);
    expect((await ctx.json('/web-banners?placement=nowhere')).status).toBe(400);
  });

  it('an operator adds a banner with a window; it shows only inside it', async () => {
    const now = ctx.now();
    const later = await ctx.json('/operator/banners', {
      headers: auth,
      body: {
        slug: 'later-cup',
        placement: 'games',
        title: 'Cup next week',
        cta: 'Remind me',
        imageUrl: '/art/quests/default.svg',
        linkUrl: '/games/',
        startsAt: new Date(now.getTime() + 86_400_000).toISOString(),
      },
    });
    expect(later.status).toBe(200);
    const slugs = async () =>
      ((await ctx.json('/web-banners?placement=games')).body.data.banners as any[]).map((b) => b.slug);
    expect(await slugs()).not.toContain('later-cup');
    ctx.advance(2 * 86_400_000);
    expect(await slugs()).toContain('later-cup');
    const bad = await ctx.json('/operator/banners', {
      headers: auth,
      body: {
        slug: 'x-y',
        placement: 'games',
        title: 'X',
        cta: 'Go',
        imageUrl: '//evil.example/x.png',
        linkUrl: '/',
      },
    });
    expect(bad.status).toBe(400);
    expect((await ctx.json('/operator/banners', { body: { slug: 'nope' } })).status).toBe(401);
  });
});
