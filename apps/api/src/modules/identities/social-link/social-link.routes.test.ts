import { randomBytes } from 'node:crypto';
import { schema } from '@khel/db';
import { and, eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../../test-support.ts';
import { bearer, phoneSignIn, telegramSignIn } from '../../auth/auth.test-support.ts';
import { newQuest, start, tasksOfQuest, validate } from '../../quests/quests.test-support.ts';
import { STEAM_ID_MESSAGE, X_ID_MESSAGE } from './sandbox-link.routes.ts';
import { LINK_STARTS_PER_HOUR, linkUnavailableMessage } from './social-link.routes.ts';

/**
 * Linking X, Discord and Steam through their sandboxes, as a browser does it: POST start → the sandbox
 * page → its form → the callback → back to the profile with the outcome.
 */

/** The app serves the API at its root; the browser sees it under /api. */
const local = (location: string) => location.replace(/^\/api(?=\/)/, '');

let seq = 0;
const freshXId = () =>
  String(1_790_000_000_000_000_000n + BigInt(Date.now() % 1_000_000) * 1000n + BigInt(seq++));
const freshDiscordId = () =>
  String(80_351_110_224_678_912n + BigInt(Date.now() % 1_000_000) * 1000n + BigInt(seq++));
const freshSteamId = () =>
  String(76_561_197_960_265_729n + BigInt(Date.now() % 1_000_000) * 1000n + BigInt(seq++));

describe.each(DB_KINDS)('linking X, Discord and Steam on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const user = async () => {
    const signed = await phoneSignIn(ctx);
    return { id: signed.user.id, auth: bearer(signed.accessToken) };
  };

  const startLink = (auth: Record<string, string>, provider: string, body: Record<string, unknown> = {}) =>
    ctx.json(`/social-auth/${provider}/start`, { body, headers: auth });

  const post = (path: string, form: Record<string, string>) =>
    ctx.app.request(local(path), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
    });

  /** Opens the sandbox page and submits it: the callback URL it sends the browser to (or the page it answered). */
  async function approve(authorizeUrl: string, typed: Record<string, string>, decision = 'approve') {
    const url = new URL(authorizeUrl, 'http://localhost');
    const page = await ctx.app.request(local(`${url.pathname}${url.search}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox: not the real');
    return post(url.pathname, { ...Object.fromEntries(url.searchParams), ...typed, decision });
  }

  /** Follows the callback: where the browser ends up. */
  async function callback(location: string) {
    const res = await ctx.app.request(local(location));
    expect(res.status).toBe(303);
    return res.headers.get('location')!;
  }

  async function link(auth: Record<string, string>, provider: string, typed: Record<string, string>) {
    const started = await startLink(auth, provider);
    expect(started.status).toBe(200);
    const approved = await approve(started.body.data.authorizeUrl, typed);
    expect(approved.status).toBe(303);
    const callbackUrl = approved.headers.get('location')!;
    return { callbackUrl, landing: await callback(callbackUrl) };
  }

  const identity = async (userId: string, provider: 'twitter' | 'discord' | 'steam') => {
    const t = schema.identities;
    const [row] = await ctx.deps.db
      .select()
      .from(t)
      .where(and(eq(t.userId, userId), eq(t.provider, provider)));
    return row ?? null;
  };

  it('links an X account through the sandbox (PKCE), shows its handle, and a link_twitter task then passes', async () => {
    const u = await user();
    const q = await newQuest(ctx, [{ title: 'Link X', config: { type: 'link_twitter' } }]);
    const [task] = await tasksOfQuest(ctx, q.slug);
    await start(ctx, u.auth, q.id);
    expect((await validate(ctx, u.auth, q.id, task!.id)).body.data.verified).toBe(false);

    const xId = freshXId();
    const started = await startLink(u.auth, 'twitter');
    const authorize = new URL(started.body.data.authorizeUrl, 'http://localhost');
    expect(authorize.pathname).toBe('/api/sandbox/social/twitter/authorize');
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('users.read tweet.read');
    // The state names neither the user nor the page to go back to.
    expect(authorize.searchParams.get('state')).not.toContain(u.id);
    const approved = await approve(started.body.data.authorizeUrl, { id: xId, handle: '@Khel_Gamer' });
    const landing = await callback(approved.headers.get('location')!);
    expect(landing).toBe('/profile/?linked=twitter');

    expect(await identity(u.id, 'twitter')).toMatchObject({
      subject: xId,
      details: { username: 'Khel_Gamer' },
    });
    const status = await ctx.json('/social-auth/status', { headers: u.auth });
    expect(status.body.data.socialStatuses.twitter).toEqual({ isActive: true });
    expect(status.body.data.methods).toContainEqual(
      expect.objectContaining({
        provider: 'twitter',
        subject: xId,
        details: { username: 'Khel_Gamer' },
        signIn: false,
      }),
    );
    expect((await validate(ctx, u.auth, q.id, task!.id)).body.data.verified).toBe(true);

    // Unlinking goes through the usual disconnect.
    const gone = await ctx.json('/social-auth/disconnect', {
      body: { provider: 'twitter' },
      headers: u.auth,
    });
    expect(gone.status).toBe(200);
    expect(await identity(u.id, 'twitter')).toBeNull();
  });

  it('links Discord (snowflake and username) and Steam (an OpenID assertion checked once), back to returnTo', async () => {
    const u = await user();
    const discordId = freshDiscordId();
    const discord = await link(u.auth, 'discord', { id: discordId, username: 'khel.gamer' });
    expect(discord.landing).toBe('/profile/?linked=discord');
    expect(await identity(u.id, 'discord')).toMatchObject({
      subject: discordId,
      details: { username: 'khel.gamer' },
    });

    const steamId = freshSteamId();
    const started = await startLink(u.auth, 'steam', { returnTo: '/quests/link-steam?tab=tasks' });
    const approved = await approve(started.body.data.authorizeUrl, { id: steamId });
    const back = approved.headers.get('location')!;
    expect(new URL(back, 'http://localhost').searchParams.get('openid.claimed_id')).toBe(
      `https://steamcommunity.com/openid/id/${steamId}`,
    );
    expect(await callback(back)).toBe('/quests/link-steam?tab=tasks&linked=steam');
    expect(await identity(u.id, 'steam')).toMatchObject({ subject: steamId });
  });

  it('a state used once, forged or tampered with links nothing', async () => {
    const u = await user();
    const { callbackUrl, landing } = await link(u.auth, 'twitter', { id: freshXId(), handle: 'once' });
    expect(landing).toBe('/profile/?linked=twitter');
    await ctx.json('/social-auth/disconnect', { body: { provider: 'twitter' }, headers: u.auth });

    // The same callback again (the browser's back button, or someone who saw the URL).
    expect(await callback(callbackUrl)).toBe('/profile/?link_error=expired&provider=twitter');
    expect(await identity(u.id, 'twitter')).toBeNull();

    // A state of someone's own making, and ours with a character changed.
    const url = new URL(callbackUrl, 'http://localhost');
    const state = url.searchParams.get('state')!;
    const flipped = `${state.slice(0, 20)}${state[20] === 'A' ? 'B' : 'A'}${state.slice(21)}`;
    for (const forged of ['forged-state', flipped]) {
      url.searchParams.set('state', forged);
      expect(await callback(`${url.pathname}${url.search}`)).toBe(
        '/profile/?link_error=expired&provider=twitter',
      );
    }
    // A Discord state is not an X one.
    const discordStart = await startLink(u.auth, 'discord');
    const discordState = new URL(discordStart.body.data.authorizeUrl, 'http://localhost').searchParams.get(
      'state',
    )!;
    expect(await callback(`/api/social-auth/twitter/callback?code=x&state=${discordState}`)).toBe(
      '/profile/?link_error=expired&provider=twitter',
    );
    expect(await identity(u.id, 'twitter')).toBeNull();
  });

  it('an account linked to another Khel user is refused and stays where it is', async () => {
    const owner = await user();
    const xId = freshXId();
    await link(owner.auth, 'twitter', { id: xId, handle: 'owner' });
    const other = await user();
    const { landing } = await link(other.auth, 'twitter', { id: xId, handle: 'owner' });
    expect(landing).toBe('/profile/?link_error=already-linked&provider=twitter');
    expect(await identity(other.id, 'twitter')).toBeNull();
    expect(await identity(owner.id, 'twitter')).toMatchObject({ subject: xId });
  });

  it('the sandbox enforces the platforms’ formats; Cancel comes back as refused', async () => {
    const u = await user();
    const steam = await startLink(u.auth, 'steam');
    for (const bad of ['7656119796026572', '76561197960265728', '12345678901234567', 'STEAM_0:1:1']) {
      const page = await approve(steam.body.data.authorizeUrl, { id: bad });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain(STEAM_ID_MESSAGE);
    }
    const x = await startLink(u.auth, 'twitter');
    const badX = await approve(x.body.data.authorizeUrl, { id: '12ab', handle: 'ok' });
    expect(badX.status).toBe(400);
    expect(await badX.text()).toContain(X_ID_MESSAGE);

    const cancelled = await approve(x.body.data.authorizeUrl, { id: '', handle: '' }, 'deny');
    expect(await callback(cancelled.headers.get('location')!)).toBe(
      '/profile/?link_error=denied&provider=twitter',
    );
    expect(await identity(u.id, 'steam')).toBeNull();
    expect(await identity(u.id, 'twitter')).toBeNull();
  });

  it('start checks the provider and that returnTo is a path of this site; the sandbox checks redirect_uri and PKCE', async () => {
    const u = await user();
    expect((await startLink(u.auth, 'myspace')).status).toBe(404);
    for (const returnTo of [
      'https://evil.example/',
      '//evil.example/profile',
      '/\\evil.example',
      'profile',
      '/x/..//evil.example',
      '/%2e%2e//evil.example',
    ])
      expect((await startLink(u.auth, 'twitter', { returnTo })).status).toBe(400);
    expect((await ctx.json('/social-auth/twitter/start', { body: {} })).status).toBe(401);

    const x = await startLink(u.auth, 'twitter');
    const url = new URL(x.body.data.authorizeUrl, 'http://localhost');
    url.searchParams.set('redirect_uri', 'https://evil.example/callback');
    expect((await ctx.app.request(local(`${url.pathname}${url.search}`))).status).toBe(400);
    url.searchParams.set('redirect_uri', '/api/social-auth/twitter/callback');
    url.searchParams.delete('code_challenge');
    expect((await ctx.app.request(local(`${url.pathname}${url.search}`))).status).toBe(400);
  });

  it('an account starts at most LINK_STARTS_PER_HOUR links an hour (per account, not per address)', async () => {
    const u = await user();
    for (let i = 0; i < LINK_STARTS_PER_HOUR; i++)
      expect((await startLink(u.auth, 'discord')).status).toBe(200);
    const refused = await startLink(u.auth, 'discord');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // Someone else on the same address is not held back.
    expect((await startLink((await user()).auth, 'discord')).status).toBe(200);
  });
});

describe('in production there is no sandbox: the real platforms’ pages, with our public callback', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    ctx = await createTestContext('pglite', undefined, {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://khel.example',
      JWT_PRIVATE_JWK: JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'prod-test', alg: 'ES256' }),
      OTP_PEPPER: randomBytes(32).toString('base64url'),
      WALLET_MASTER_KEY: randomBytes(32).toString('base64'),
      X_CLIENT_ID: 'khel-x-client',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('X and Steam send the browser to the platform; Discord without its client is unavailable; sandbox pages are 404', async () => {
    const auth = bearer((await telegramSignIn(ctx)).accessToken);
    const x = await ctx.json('/social-auth/twitter/start', { body: {}, headers: auth });
    const xUrl = new URL(x.body.data.authorizeUrl);
    expect(`${xUrl.origin}${xUrl.pathname}`).toBe('https://x.com/i/oauth2/authorize');
    expect(xUrl.searchParams.get('client_id')).toBe('khel-x-client');
    expect(xUrl.searchParams.get('redirect_uri')).toBe(
      'https://khel.example/api/social-auth/twitter/callback',
    );

    const steam = await ctx.json('/social-auth/steam/start', { body: {}, headers: auth });
    const steamUrl = new URL(steam.body.data.authorizeUrl);
    expect(`${steamUrl.origin}${steamUrl.pathname}`).toBe('https://steamcommunity.com/openid/login');
    expect(steamUrl.searchParams.get('openid.realm')).toBe('https://khel.example');
    expect(steamUrl.searchParams.get('openid.return_to')).toMatch(
      /^https:\/\/khel\.example\/api\/social-auth\/steam\/callback\?state=[A-Za-z0-9_-]+$/,
    );

    const discord = await ctx.json('/social-auth/discord/start', { body: {}, headers: auth });
    expect(discord.status).toBe(503);
    expect(discord.body.message).toBe(linkUnavailableMessage('discord'));

    for (const provider of ['twitter', 'discord', 'steam'])
      expect((await ctx.app.request(`/sandbox/social/${provider}/authorize`)).status).toBe(404);
  });
});
