import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contentItems, operatorActions } from '@khel/db/schema';
import { eq, like } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { firstHead, mountStaticSite } from '../../static.ts';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { runCli } from '../operators/cli.ts';
import { cliThroughApp } from '../operators/operators.test-support.ts';
import { createOperator } from '../operators/operators.ts';
import { pogShowcaseHead } from '../pog/og.ts';
import { seedDemoContent } from './content.ts';
import { checkContentFile } from './content-cli.ts';
import { contentHead } from './og.ts';

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

describe.each(DB_KINDS)('articles and videos on %s', (kind) => {
  let ctx: TestContext;
  let auth: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
    await seedDemoContent(ctx.deps.db);
    auth = { authorization: `Operator ${(await createOperator(ctx.deps.db, 'content.writer')).token}` };
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const article = (slug: string, extra: Record<string, unknown> = {}) => ({
    slug,
    kind: 'article',
    title: 'Patch notes',
    summary: 'What changed',
    body: '# Notes\n\n<script>alert(1)</script> [bad](javascript:alert(1))',
    coverUrl: '/art/quests/default.svg',
    translations: { hi: { title: 'पैच नोट्स', summary: 'क्या बदला', body: 'हिंदी **पाठ**' } },
    ...extra,
  });

  it('lists the published demo items newest first, filtered by kind, in the reader language', async () => {
    const all = await ctx.json('/content?limit=50');
    expect(all.status).toBe(200);
    const slugs = (all.body.data.items as any[]).map((i) => i.slug);
    expect(slugs).toEqual(expect.arrayContaining(['first-week-on-khel', 'sintel-open-movie']));
    const dates = (all.body.data.items as any[]).map((i) => i.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const videos = await ctx.json('/content?kind=video&lang=pt-BR&limit=1');
    expect(videos.body.data).toMatchObject({ page: 1, limit: 1, isLastPage: false });
    expect(videos.body.data.items[0]).toMatchObject({ kind: 'video', language: 'pt-BR' });
    expect(videos.body.data.items[0].title).toMatch(/^Assista/);
    expect((await ctx.json('/content?kind=podcast')).status).toBe(400);
  });

  it('shows an article in Hindi, falls back to English, and 404s the wrong kind or a draft', async () => {
    const hi = await ctx.json('/content/article/first-week-on-khel?lang=hi');
    expect(hi.status).toBe(200);
    expect(hi.body.data).toMatchObject({ language: 'hi', languages: ['en', 'hi', 'pt-BR'], video: null });
    expect(hi.body.data.bodyHtml).toContain('<h2>');
    // An unknown language reads as English.
    const xx = await ctx.json('/content/article/first-week-on-khel?lang=xx');
    expect(xx.body.data.language).toBe('en');
    expect((await ctx.json('/content/video/first-week-on-khel')).status).toBe(404);
    const missing = await ctx.json('/content/article/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('This article or video does not exist or is not published.');
    // Deep links name an item whose slug is too long for Telegram by its id: the same route takes it.
    const byId = await ctx.json(`/content/article/${hi.body.data.id}?lang=hi`);
    expect(byId.body.data).toEqual(hi.body.data);
    expect((await ctx.json(`/content/video/${hi.body.data.id}`)).status).toBe(404);
    const video = await ctx.json('/content/video/sintel-open-movie');
    expect(video.body.data.video).toEqual({
      provider: 'youtube',
      id: 'eRsGyueVLvQ',
      embedUrl: 'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ?autoplay=1&rel=0',
    });
  });

  it('operators write a draft, publish and unpublish it, each logged with who; the body is rendered safely', async () => {
    const saved = await ctx.json('/operator/content', { headers: auth, body: article('patch-notes-1') });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ status: 'draft', publishedAt: null });
    expect((await ctx.json('/content/article/patch-notes-1')).status).toBe(404);
    const pub = await ctx.json('/operator/content/patch-notes-1/publish', { headers: auth, method: 'POST' });
    expect(pub.body.data.status).toBe('published');
    const shown = await ctx.json('/content/article/patch-notes-1');
    expect(shown.status).toBe(200);
    expect(shown.body.data.bodyHtml).not.toContain('<script');
    expect(shown.body.data.bodyHtml).not.toContain('href="javascript');
    expect(shown.body.data.bodyHtml).toContain('&lt;script&gt;');
    const hi = await ctx.json('/content/article/patch-notes-1?lang=hi');
    expect(hi.body.data.bodyHtml).toContain('<strong>पाठ</strong>');
    const unpub = await ctx.json('/operator/content/patch-notes-1/unpublish', {
      headers: auth,
      method: 'POST',
    });
    expect(unpub.body.data.status).toBe('draft');
    expect((await ctx.json('/content/article/patch-notes-1')).status).toBe(404);
    const log = await ctx.deps.db
      .select()
      .from(operatorActions)
      .where(eq(operatorActions.target, 'patch-notes-1'));
    expect(log.map((l) => [l.action, l.actor])).toEqual([
      ['content.upsert', 'content.writer'],
      ['content.publish', 'content.writer'],
      ['content.unpublish', 'content.writer'],
    ]);
    expect(
      (await ctx.json('/operator/content/no-such/publish', { headers: auth, method: 'POST' })).status,
    ).toBe(404);
    expect((await ctx.json('/operator/content', { body: article('x-y') })).status).toBe(401);
  });

  it('refuses videos from unknown hosts, covers from other hosts and kind mismatches, changing nothing', async () => {
    const bad = async (body: unknown) => {
      const res = await ctx.json('/operator/content', { headers: auth, body });
      expect(res.status).toBe(400);
      return res.body.message as string;
    };
    expect(
      await bad(article('v-1', { kind: 'video', videoUrl: 'https://evil.example/watch?v=eRsGyueVLvQ' })),
    ).toMatch(/YouTube or Vimeo/);
    expect(await bad(article('v-2', { kind: 'video', videoUrl: 'javascript:alert(1)' }))).toMatch(/YouTube/);
    expect(await bad(article('v-3', { kind: 'video' }))).toMatch(/videoUrl/);
    expect(await bad(article('v-4', { videoUrl: 'https://youtu.be/eRsGyueVLvQ' }))).toMatch(/videoUrl/);
    await bad(article('v-5', { coverUrl: 'https://hotlink.example/cover.png' }));
    const rows = await ctx.deps.db.select().from(contentItems).where(like(contentItems.slug, 'v-%'));
    expect(rows).toEqual([]);
  });

  it('imports many items in one transaction and publishes them', async () => {
    const res = await ctx.json('/operator/content/import', {
      headers: auth,
      body: {
        publish: true,
        items: [
          article('import-a'),
          article('import-b', { kind: 'video', videoUrl: 'https://vimeo.com/76979871' }),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.items.map((i: any) => i.status)).toEqual(['published', 'published']);
    const v = await ctx.json('/content/video/import-b');
    expect(v.body.data.video.embedUrl).toBe('https://player.vimeo.com/video/76979871?autoplay=1&dnt=1');
    // One bad item: nothing of the file is written.
    const failed = await ctx.json('/operator/content/import', {
      headers: auth,
      body: { items: [article('import-c'), article('import-d', { kind: 'video' })] },
    });
    expect(failed.status).toBe(400);
    expect(
      (await ctx.deps.db.select().from(contentItems).where(eq(contentItems.slug, 'import-c'))).length,
    ).toBe(0);
  });

  it('the CLI checks the example file, imports it, publishes and unpublishes through the API', async () => {
    const example = readFileSync(
      new URL('../../../../../docs/examples/content.json', import.meta.url),
      'utf8',
    );
    expect(checkContentFile(example).problems).toEqual([]);
    const dir = mkdtempSync(join(tmpdir(), 'khel-content-'));
    try {
      const { lines, out, viaApp, source } = cliThroughApp(ctx, auth);
      const file = join(dir, 'content.json');
      writeFileSync(file, example);
      expect(await runCli(['content', 'check', file], out, viaApp, source)).toBe(0);
      expect(await runCli(['content', 'import', file], out, viaApp, source)).toBe(0);
      expect(lines).toEqual([
        '2 article(s) and video(s) match the contract',
        'diwali-quest-week (article): draft',
        'tears-of-steel-open-movie (video): draft',
      ]);
      lines.length = 0;
      expect(await runCli(['content', 'publish', 'diwali-quest-week'], out, viaApp, source)).toBe(0);
      expect(lines).toEqual(['diwali-quest-week: published']);
      expect((await ctx.json('/content/article/diwali-quest-week?lang=hi')).body.data.title).toMatch(
        /^दिवाली/,
      );
      // A file with a video from another host: refused before anything is sent.
      writeFileSync(
        file,
        JSON.stringify([
          { ...JSON.parse(example)[1], slug: 'cli-bad', videoUrl: 'https://evil.example/v/1' },
        ]),
      );
      lines.length = 0;
      expect(await runCli(['content', 'import', file], out, viaApp, source)).toBe(1);
      expect(lines[0]).toMatch(/^! cli-bad: videoUrl: Use a YouTube or Vimeo video address/);
      expect(
        (await ctx.deps.db.select().from(contentItems).where(eq(contentItems.slug, 'cli-bad'))).length,
      ).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('article and video pages carry their title, Open Graph and X card tags, escaped; others stay plain', async () => {
    await ctx.json('/operator/content', {
      headers: auth,
      body: article('og-test', { title: 'Quotes "and" <tags>', summary: 'A & B' }),
    });
    await ctx.json('/operator/content/og-test/publish', { headers: auth, method: 'POST' });
    const dist = mkdtempSync(join(tmpdir(), 'khel-content-og-'));
    try {
      writeFileSync(
        join(dist, 'index.html'),
        '<!doctype html><html><head><title>Khel</title></head><body></body></html>',
      );
      const site = new Hono();
      mountStaticSite(
        site,
        {
          prefix: '',
          dist,
          frameAncestors: '*',
          isKnownPath: () => true,
          headFor: firstHead(pogShowcaseHead(ctx.deps), contentHead(ctx.deps)),
        },
        () => {},
      );
      const html = await (await site.request('/article-details/og-test')).text();
      expect(html).toContain('<title>Quotes &quot;and&quot; &lt;tags&gt; · Khel</title>');
      expect(html).not.toContain('<title>Khel</title>');
      expect(html).toContain('<meta property="og:type" content="article">');
      expect(html).toContain('<meta property="og:description" content="A &amp; B">');
      expect(html).toMatch(/<meta property="og:image" content="[^"]*\/art\/quests\/default\.svg">/);
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
      const video = await (await site.request('/video-details/sintel-open-movie?lang=pt-BR')).text();
      expect(video).toContain('<meta property="og:type" content="video.other">');
      expect(video).toContain('<meta property="og:locale" content="pt_BR">');
      expect(video).toMatch(/<title>Assista: Sintel/);
      for (const other of [
        '/video-details/og-test',
        '/article-details/nope',
        '/article-details/',
        '/k-store/',
      ]) {
        const plain = await (await site.request(other)).text();
        expect(plain).not.toContain('og:title');
        expect(plain).toContain('<title>Khel</title>');
      }
    } finally {
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
