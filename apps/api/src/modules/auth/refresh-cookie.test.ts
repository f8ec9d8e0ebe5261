import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, lastOtp, type TestContext } from '../../test-support.ts';
import { freshIp, freshPhone, telegramSignIn } from './auth.test-support.ts';
import { REFRESH_COOKIE } from './auth-support.ts';
import { REFRESH_FAILED_MESSAGE, REFRESH_REUSE_GRACE_MS } from './tokens.ts';

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

function cookieOf(headers: Headers) {
  const raw = headers.get('set-cookie');
  if (!raw) return null;
  const [pair, ...attributes] = raw.split(';').map((s) => s.trim());
  const [name, ...value] = pair!.split('=');
  return {
    name,
    value: decodeURIComponent(value.join('=')),
    attributes: attributes.map((a) => a.toLowerCase()),
  };
}

describe.each(DB_KINDS)('website refresh cookie on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function websiteSignIn(headers: Record<string, string> = {}) {
    const phone = freshPhone();
    await ctx.json('/authentication/register', {
      body: { phone },
      headers: { 'x-forwarded-for': freshIp() },
    });
    return ctx.json('/authentication/verify', {
      body: { phone, otp: await lastOtp(ctx, phone) },
      headers: { source: 'website', ...headers },
    });
  }
  const withCookie = (token: string) => ({ cookie: `${REFRESH_COOKIE}=${encodeURIComponent(token)}` });

  it('a website sign-in also sets the refresh token in an HttpOnly, SameSite=Lax cookie of 30 days on /api/authentication', async () => {
    const res = await websiteSignIn();
    const cookie = cookieOf(res.headers);
    expect(cookie).toMatchObject({ name: REFRESH_COOKIE, value: res.body.data.refreshToken });
    expect(cookie!.attributes).toEqual(
      expect.arrayContaining([
        'httponly',
        'samesite=lax',
        'path=/api/authentication',
        `max-age=${THIRTY_DAYS_SECONDS}`,
      ]),
    );
    // Plain http (local development): a Secure cookie would never come back.
    expect(cookie!.attributes).not.toContain('secure');
  });

  it('behind https the cookie is Secure', async () => {
    const res = await websiteSignIn({ 'x-forwarded-proto': 'https' });
    expect(cookieOf(res.headers)!.attributes).toContain('secure');
  });

  it('the Mini App (Source: telegram) gets no cookie', async () => {
    const raw = await ctx.app.request('/authentication/telegram', { method: 'POST' });
    expect(raw.headers.get('set-cookie')).toBeNull();
    const tg = await telegramSignIn(ctx);
    expect(tg.refreshToken).toEqual(expect.any(String));
  });

  it('GET /authentication/token/refresh with only the cookie rotates and re-sets the cookie; the old cookie then fails and is cleared', async () => {
    const signIn = await websiteSignIn();
    const first = signIn.body.data.refreshToken as string;
    const rotated = await ctx.json('/authentication/token/refresh?source=website', {
      headers: withCookie(first),
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String) });
    const next = cookieOf(rotated.headers)!;
    expect(next.value).toBe(rotated.body.data.refreshToken);
    expect(next.value).not.toBe(first);

    // A repeat within the grace window would get the same successor (two tabs); after it, reuse revokes.
    ctx.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await ctx.json('/authentication/token/refresh', { headers: withCookie(first) });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(REFRESH_FAILED_MESSAGE);
    const cleared = cookieOf(reuse.headers)!;
    expect(cleared).toMatchObject({ name: REFRESH_COOKIE, value: '' });
    expect(cleared.attributes).toContain('max-age=0');
    // Reuse revoked the family: the newest cookie fails too.
    expect(
      (await ctx.json('/authentication/token/refresh', { headers: withCookie(next.value) })).status,
    ).toBe(400);
  });

  it('without a token in the query or a cookie the refresh is 400', async () => {
    const res = await ctx.json('/authentication/token/refresh?source=website');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(REFRESH_FAILED_MESSAGE);
  });

  it('logout revokes the cookie’s token on the server and clears the cookie', async () => {
    const signIn = await websiteSignIn();
    const token = signIn.body.data.refreshToken as string;
    const out = await ctx.json('/authentication/logout', {
      method: 'POST',
      body: {},
      headers: withCookie(token),
    });
    expect(out.status).toBe(200);
    expect(cookieOf(out.headers)).toMatchObject({ name: REFRESH_COOKIE, value: '' });
    expect((await ctx.json('/authentication/token/refresh', { headers: withCookie(token) })).status).toBe(
      400,
    );
    expect(
      (await ctx.json(`/authentication/token/refresh?refresh_token=${encodeURIComponent(token)}`)).status,
    ).toBe(400);
  });
});
