import { randomUUID } from 'node:crypto';
import { routes } from '@khel/core/contract';
import { schema } from '@khel/db';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDemoContent } from '../modules/content/content.ts';
import { signedInUser } from '../modules/profile/profile.test-support.ts';
import { createRootApp } from '../runtime.ts';
import { createTestContext, type TestContext } from '../test-support.ts';
import { PUBLIC_CACHE_MAX_ENTRIES } from './public-cache.ts';

const TTL_MS = (routes.gameMetadata.publicCache?.seconds ?? 0) * 1000;

/** Anonymous public reads answered from the short-lived cache (lib/public-cache.ts), turned on for these tests. */
describe('public read cache', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', undefined, { PUBLIC_CACHE: 'true' });
    await seedDemoContent(ctx.deps.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  const addGame = () =>
    ctx.deps.db.insert(schema.games).values({
      slug: `cache-${randomUUID().slice(0, 8)}`,
      name: 'Cache Game',
      coverUrl: '/covers/test.png',
    });

  it('declares a TTL on the public reads of the issue', () => {
    for (const key of ['questList', 'games', 'campaignsByState', 'klashTournaments', 'contentList'] as const)
      expect(routes[key].publicCache?.seconds, key).toBe(5);
    expect(routes.centralizedLeaderboard.publicCache?.seconds).toBe(2);
    expect(TTL_MS).toBe(5000);
  });

  it('answers a second anonymous read within the TTL from the cache, and recomputes after it', async () => {
    await addGame();
    const select = vi.spyOn(ctx.deps.db, 'select');
    const first = await ctx.app.request('/game/metadata');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=5');
    expect(first.headers.get('vary')).toMatch(/\bAuthorization\b/);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const firstBody = (await first.json()) as any;
    expect(select).toHaveBeenCalledTimes(1);

    await addGame();
    ctx.advance(TTL_MS - 1);
    const second = await ctx.app.request('/game/metadata');
    expect(select).toHaveBeenCalledTimes(1);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.headers.get('vary')).toMatch(/\bAuthorization\b/);
    expect(await second.json()).toEqual(firstBody);

    ctx.advance(1);
    const third = await ctx.app.request('/game/metadata');
    expect(select).toHaveBeenCalledTimes(2);
    const thirdBody = (await third.json()) as any;
    expect(thirdBody.data.totalGames).toBe(firstBody.data.totalGames + 1);
    expect(third.headers.get('etag')).not.toBe(etag);
  });

  it('answers 304 with no body to an If-None-Match naming the tag, from the cache or fresh', async () => {
    ctx.advance(TTL_MS);
    const first = await ctx.app.request('/game/metadata');
    const etag = first.headers.get('etag')!;
    const hit = await ctx.app.request('/game/metadata', { headers: { 'if-none-match': `"other", ${etag}` } });
    expect(hit.status).toBe(304);
    expect(await hit.text()).toBe('');
    expect(hit.headers.get('etag')).toBe(etag);
    expect(hit.headers.get('cache-control')).toBe('public, max-age=5');
    // The TTL passed but nothing changed: recomputed, same bytes, still 304.
    ctx.advance(TTL_MS);
    const select = vi.spyOn(ctx.deps.db, 'select');
    const fresh = await ctx.app.request('/game/metadata', { headers: { 'if-none-match': `W/${etag}` } });
    expect(select).toHaveBeenCalledTimes(1);
    expect(fresh.status).toBe(304);
    expect(await fresh.text()).toBe('');
    const other = await ctx.app.request('/game/metadata', { headers: { 'if-none-match': '"nope"' } });
    expect(other.status).toBe(200);
  });

  it('computes a burst of misses of one key once', async () => {
    ctx.advance(TTL_MS);
    const select = vi.spyOn(ctx.deps.db, 'select');
    const answers = await Promise.all(Array.from({ length: 8 }, () => ctx.app.request('/game/metadata')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.headers.get('etag'))).size).toBe(1);
    expect(select).toHaveBeenCalledTimes(1);
  });

  it('keys on the query: each language gets its own answer', async () => {
    const en = await ctx.json('/content/article/first-week-on-khel?lang=en');
    const hi = await ctx.json('/content/article/first-week-on-khel?lang=hi');
    const enAgain = await ctx.json('/content/article/first-week-on-khel?lang=en');
    expect(en.body.data.language).toBe('en');
    expect(hi.body.data.language).toBe('hi');
    expect(hi.body.data.title).not.toBe(en.body.data.title);
    expect(enAgain.body).toEqual(en.body);
    expect(hi.headers.get('etag')).not.toBe(en.headers.get('etag'));
  });

  it('never serves a signed-in reader a cached answer, nor stores theirs', async () => {
    const { auth } = await signedInUser(ctx, { country: 'IN' });
    ctx.advance(TTL_MS);
    await ctx.app.request('/game/metadata');
    const select = vi.spyOn(ctx.deps.db, 'select');
    const signedIn = await ctx.app.request('/game/metadata', { headers: auth });
    expect(signedIn.status).toBe(200);
    expect(select).toHaveBeenCalled();
    expect(signedIn.headers.get('etag')).toBeNull();
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    // The clans board adds the reader's clan when signed in: the anonymous copy stays anonymous.
    const board = await ctx.json('/leaderboards/clan', { headers: auth });
    expect(board.headers.get('cache-control')).toBe('no-store');
    const anonymous = await ctx.json('/leaderboards/clan');
    expect(anonymous.headers.get('cache-control')).toBe('public, max-age=2');
  });

  it('does not cache refusals: a 404 is computed every time', async () => {
    const select = vi.spyOn(ctx.deps.db, 'select');
    const a = await ctx.json('/game/by-slug/no-such-game');
    const b = await ctx.json('/game/by-slug/no-such-game');
    expect([a.status, b.status]).toEqual([404, 404]);
    expect(select).toHaveBeenCalledTimes(2);
    expect(a.headers.get('etag')).toBeNull();
    expect(a.headers.get('cache-control')).toBe('no-store');
    const bad = await ctx.json('/content?kind=podcast');
    expect(bad.status).toBe(400);
    expect(bad.headers.get('etag')).toBeNull();
  });

  it('keeps a bounded number of answers, dropping the least recently used', async () => {
    ctx.advance(TTL_MS);
    await ctx.app.request('/game?page=1');
    for (let i = 0; i < PUBLIC_CACHE_MAX_ENTRIES; i++) await ctx.app.request(`/game?search=${i}`);
    const select = vi.spyOn(ctx.deps.db, 'select');
    await ctx.app.request(`/game?search=${PUBLIC_CACHE_MAX_ENTRIES - 1}`);
    expect(select).not.toHaveBeenCalled();
    await ctx.app.request('/game?page=1');
    expect(select).toHaveBeenCalled();
  });

  it('compresses a cached answer and weakens its tag for the compressed bytes', async () => {
    const root = createRootApp(ctx.deps);
    const plain = await root.request('/api/content?limit=50');
    const gz = await root.request('/api/content?limit=50', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gz.headers.get('etag')).toBe(`W/${plain.headers.get('etag')}`);
    expect(gz.headers.get('vary')).toMatch(/authorization/i);
    expect(gz.headers.get('vary')).toMatch(/accept-encoding/i);
    const again = await root.request('/api/content?limit=50', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
  });
});

describe('public read cache off', () => {
  it('is off under NODE_ENV=test unless PUBLIC_CACHE says so, and then every read is computed', async () => {
    const ctx = await createTestContext('pglite');
    try {
      const select = vi.spyOn(ctx.deps.db, 'select');
      await ctx.app.request('/game/metadata');
      const second = await ctx.app.request('/game/metadata');
      expect(select).toHaveBeenCalledTimes(2);
      expect(second.headers.get('etag')).toBeNull();
      expect(second.headers.get('cache-control')).toBe('no-store');
    } finally {
      await ctx.close();
    }
  });
});
