import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../../env.ts';
import { SocialApiError } from './fetch-json.ts';
import { createSocialProviders } from './social-providers.ts';
import { hasHashtag, postIdOf, XApiProvider } from './x-provider.ts';

/**
 * XApiProvider against a fake X API v2 on 127.0.0.1 that answers as X documents it: users lists with
 * `data` and `meta.next_token` pages, recent search with `conversation_id:`, `from:`, `is:reply` and a
 * hashtag, a user lookup whose unknown id is a 200 with `errors`, 401 without the bearer token, 429 when
 * rate limited.
 */

const TOKEN = 'test-bearer-token';
const ME = '1001';
const POST = '1790000000000000001';

const users = (ids: string[]) => ids.map((id) => ({ id, name: `User ${id}`, username: `user${id}` }));
/** 250 likers, the user 1001 on the third page of 100. */
const LIKERS = [...Array.from({ length: 240 }, (_, i) => String(5000 + i)), ME];
const REPOSTERS = ['7', '8'];
const FOLLOWING: Record<string, { id: string; username: string }[]> = {
  [ME]: [
    { id: '2', username: 'someone' },
    { id: '3', username: 'KhelGames' },
  ],
};
const TWEETS = [
  {
    id: '11',
    author_id: ME,
    conversation_id: POST,
    text: '@khelgames GG!',
    created_at: '2026-11-24T10:00:00.000Z',
  },
  { id: '12', author_id: '9', conversation_id: POST, text: 'Not me', created_at: '2026-11-24T10:00:00.000Z' },
  {
    id: '13',
    author_id: ME,
    conversation_id: '13',
    text: 'Up with #KhelQuest',
    created_at: '2026-11-24T10:00:00.000Z',
  },
  {
    id: '14',
    author_id: ME,
    conversation_id: '14',
    text: 'Not #KhelQuests',
    created_at: '2026-11-24T10:00:00.000Z',
  },
];
const BIOS: Record<string, string> = { [ME]: 'Gamer. Playing on Khel.' };

let seen: URL[] = [];

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function page(res: ServerResponse, url: URL, all: { id: string }[]) {
  const size = Number(url.searchParams.get('max_results') ?? 100);
  const from = Number(url.searchParams.get('pagination_token') ?? 0);
  const data = all.slice(from, from + size);
  const next = from + size < all.length ? String(from + size) : undefined;
  if (data.length === 0) return send(res, 200, { meta: { result_count: 0 } });
  send(res, 200, { data, meta: { result_count: data.length, ...(next ? { next_token: next } : {}) } });
}

function fakeX(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url!, 'http://127.0.0.1');
  seen.push(url);
  if (req.headers.authorization !== `Bearer ${TOKEN}`)
    return send(res, 401, {
      title: 'Unauthorized',
      type: 'about:blank',
      status: 401,
      detail: 'Unauthorized',
    });
  const id = (re: RegExp) => re.exec(url.pathname)?.[1];
  const liked = id(/^\/2\/tweets\/(\d+)\/liking_users$/);
  if (liked === '429') return send(res, 429, { title: 'Too Many Requests', status: 429 });
  if (liked) return page(res, url, users(liked === POST ? LIKERS : []));
  const reposted = id(/^\/2\/tweets\/(\d+)\/retweeted_by$/);
  if (reposted) return page(res, url, users(reposted === POST ? REPOSTERS : []));
  const follower = id(/^\/2\/users\/(\d+)\/following$/);
  if (follower) return page(res, url, FOLLOWING[follower]?.map((u) => ({ ...u, name: u.username })) ?? []);
  if (url.pathname === '/2/tweets/search/recent') {
    const q = url.searchParams.get('query') ?? '';
    const conversation = /conversation_id:(\d+)/.exec(q)?.[1];
    const from = /from:(\S+)/.exec(q)?.[1];
    const tag = /(?:^|\s)#(\S+)/.exec(q)?.[1]?.toLowerCase();
    const found = TWEETS.filter(
      (t) =>
        (!conversation || (t.conversation_id === conversation && t.id !== conversation)) &&
        (!from || t.author_id === from) &&
        (!q.includes('is:reply') || t.conversation_id !== t.id) &&
        // X matches hashtags whole, without case.
        (!tag || t.text.toLowerCase().split(/\s+/).includes(`#${tag}`)),
    );
    return send(
      res,
      200,
      found.length ? { data: found, meta: { result_count: found.length } } : { meta: { result_count: 0 } },
    );
  }
  const user = id(/^\/2\/users\/(\d+)$/);
  if (user === '3000') return; // never answers
  if (user && !(user in BIOS))
    return send(res, 200, {
      errors: [{ value: user, detail: `Could not find user with id: [${user}].`, title: 'Not Found Error' }],
    });
  if (user)
    return send(res, 200, { data: { id: user, name: 'Me', username: 'me', description: BIOS[user] } });
  send(res, 404, { title: 'Not Found' });
}

describe('X API v2 adapter', () => {
  let server: Server;
  let root: string;
  let x: XApiProvider;

  beforeAll(async () => {
    server = createServer(fakeX);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    x = new XApiProvider({ bearerToken: TOKEN, apiRoot: root, timeoutMs: 500 });
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('finds a like on a later page of liking_users, and no like where there is none', async () => {
    seen = [];
    expect(await x.hasLiked(ME, POST)).toBe(true);
    expect(seen.map((u) => u.searchParams.get('pagination_token'))).toEqual([null, '100', '200']);
    expect(seen[0]!.searchParams.get('max_results')).toBe('100');
    expect(await x.hasLiked('999', POST)).toBe(false);
    expect(await x.hasLiked(ME, '1790000000000000009')).toBe(false);
  });

  it('reposts from retweeted_by, follows from following (handle in any case, with or without @)', async () => {
    expect(await x.hasRetweeted('8', POST)).toBe(true);
    expect(await x.hasRetweeted(ME, POST)).toBe(false);
    expect(await x.follows(ME, '@khelgames')).toBe(true);
    expect(await x.follows(ME, 'nobody')).toBe(false);
    expect(await x.follows('55', 'khelgames')).toBe(false);
  });

  it('replies and hashtags through recent search', async () => {
    seen = [];
    expect(await x.hasReplied(ME, POST)).toEqual({ id: '11', text: '@khelgames GG!' });
    expect(seen[0]!.searchParams.get('query')).toBe(`conversation_id:${POST} from:${ME} is:reply`);
    expect(await x.hasReplied('10', POST)).toBeNull();
    expect(await x.recentPostsWithHashtag(ME, '#KhelQuest')).toEqual([
      { id: '13', text: 'Up with #KhelQuest' },
    ]);
    expect(await x.recentPostsWithHashtag(ME, 'Nothing')).toEqual([]);
  });

  it('reads the bio; an unknown user has none', async () => {
    seen = [];
    expect(await x.bio(ME)).toBe('Gamer. Playing on Khel.');
    expect(seen[0]!.searchParams.get('user.fields')).toBe('description');
    expect(await x.bio('404')).toBeNull();
  });

  it('throws SocialApiError when X refuses, limits or does not answer in time', async () => {
    await expect(x.hasLiked(ME, '429')).rejects.toThrow(SocialApiError);
    await expect(x.bio('3000')).rejects.toThrow(/no answer within 500 ms/);
    const wrongToken = new XApiProvider({ bearerToken: 'wrong', apiRoot: root, timeoutMs: 500 });
    await expect(wrongToken.hasLiked(ME, POST)).rejects.toMatchObject({
      name: 'SocialApiError',
      status: 401,
    });
    const nobody = new XApiProvider({ bearerToken: TOKEN, apiRoot: 'http://127.0.0.1:1', timeoutMs: 500 });
    await expect(nobody.bio(ME)).rejects.toThrow(/unreachable/);
  });
});

describe('X links and tags', () => {
  it('reads post ids from x.com and twitter.com links, and nothing else', () => {
    expect(postIdOf('https://x.com/khelgames/status/1790000000000000001')).toBe('1790000000000000001');
    expect(postIdOf('https://twitter.com/khelgames/status/123?s=20')).toBe('123');
    expect(postIdOf('https://mobile.twitter.com/i/web/status/456/')).toBe('456');
    expect(postIdOf('789')).toBe('789');
    expect(postIdOf('https://example.com/khelgames/status/1')).toBeNull();
    expect(postIdOf('https://x.com/khelgames')).toBeNull();
  });

  it('matches whole hashtags without case', () => {
    expect(hasHashtag('GG #KhelQuest!', 'khelquest')).toBe(true);
    expect(hasHashtag('GG #KhelQuests', '#KhelQuest')).toBe(false);
    expect(hasHashtag('no tag khelquest', 'KhelQuest')).toBe(false);
  });
});

describe('choosing the social providers', () => {
  const choose = (vars: Record<string, string>) =>
    createSocialProviders(loadEnv({ DATA_DIR: '/tmp/unused', ...vars }), {} as never, () => new Date());

  it('uses the sandboxes outside production, the real APIs by environment, none in production without tokens', () => {
    expect(choose({ NODE_ENV: 'development' })).toMatchObject({
      x: { name: 'sandbox' },
      discord: { name: 'sandbox' },
    });
    expect(
      choose({
        NODE_ENV: 'production',
        X_BEARER_TOKEN: 't',
        DISCORD_BOT_TOKEN: 'b',
        OPS_TOKEN: 'x'.repeat(24),
      }),
    ).toMatchObject({ x: { name: 'x' }, discord: { name: 'discord' } });
    expect(choose({ NODE_ENV: 'production' })).toEqual({ x: null, discord: null });
    expect(choose({ NODE_ENV: 'test', X_PROVIDER: 'none', DISCORD_PROVIDER: 'none' })).toEqual({
      x: null,
      discord: null,
    });
  });

  it('refuses the sandbox in production and a real API without its token', () => {
    expect(() => choose({ NODE_ENV: 'production', X_PROVIDER: 'sandbox' })).toThrow(
      /not allowed in production/,
    );
    expect(() => choose({ NODE_ENV: 'production', DISCORD_PROVIDER: 'sandbox' })).toThrow(
      /not allowed in production/,
    );
    expect(() => choose({ NODE_ENV: 'development', X_PROVIDER: 'x' })).toThrow(/X_BEARER_TOKEN/);
    expect(() => choose({ NODE_ENV: 'development', DISCORD_PROVIDER: 'discord' })).toThrow(
      /DISCORD_BOT_TOKEN/,
    );
  });
});
