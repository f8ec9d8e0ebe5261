import { randomBytes } from 'node:crypto';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import {
  FOREIGN_HOST_MESSAGE,
  WHATSAPP_FAILED_MESSAGE,
  WHATSAPP_UNAVAILABLE_MESSAGE,
} from './auth.routes.ts';
import { freshIp, freshPhone, phoneSignIn, snapshot } from './auth.test-support.ts';
import { SANDBOX_WHATSAPP_CODE_TTL_MS, SANDBOX_WHATSAPP_TOKEN_TTL_MS } from './providers/whatsapp.ts';
import { BAD_CODE_MESSAGE } from './sandbox.routes.ts';

const REDIRECT = 'http://localhost:5173/login';

describe.each(DB_KINDS)('WhatsApp one-time login (sandbox provider) on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const form = (fields: Record<string, string>) =>
    ctx.app.request('/sandbox/whatsapp/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      body: new URLSearchParams(fields),
    });

  /** The user confirms on the sandbox page; the provider redirects back with ?code=…&provider=whatsapp. */
  async function authorize(phone: string, state = 'st-1') {
    const res = await form({ redirect_uri: REDIRECT, state, phone });
    expect(res.status).toBe(303);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    expect(back.searchParams.get('provider')).toBe('whatsapp');
    expect(back.searchParams.get('state')).toBe(state);
    return back.searchParams.get('code')!;
  }
  const exchange = (code: string) => ctx.json('/sandbox/whatsapp/token', { body: { code } });
  async function accessToken(phone: string) {
    const res = await exchange(await authorize(phone));
    expect(res.status).toBe(200);
    return res.body.data as { access_token: string; waId: string; expires_in: number };
  }
  const login = (
    token: string | null,
    waId: string,
    { hostname = 'localhost', query = 'source=website&region=IN' } = {},
  ) =>
    ctx.json(`/authentication/login?${query}`, {
      body: { waId, platform: 'web', hostname },
      headers: token === null ? {} : { authorization: `Bearer ${token}`, source: 'website' },
    });

  it('page → WhatsApp message → redirect with code → token → POST /authentication/login answers 201 with tokens', async () => {
    const page = await ctx.app.request(
      `/sandbox/whatsapp/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}&state=st-1`,
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox: not the real service');

    const phone = freshPhone();
    const waId = phone.slice(1);
    const spaced = `${phone.slice(0, 3)} ${phone.slice(3, 8)} ${phone.slice(8)}`;
    const code = await authorize(spaced);
    const outbox = await ctx.json(`/dev/outbox?to=${encodeURIComponent(phone)}&limit=1`);
    expect(outbox.body.data[0]).toMatchObject({ channel: 'whatsapp', to: phone });

    const token = await exchange(code);
    expect(token.body.data).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: SANDBOX_WHATSAPP_TOKEN_TTL_MS / 1000,
      waId,
    });
    const res = await login(token.body.data.access_token, waId);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, status: 201 });
    expect(res.body.data).toMatchObject({ isNewUser: true, user: { phoneNumber: phone } });
    for (const t of ['accessToken', 'refreshToken', 'idToken'])
      expect(res.body.data[t]).toEqual(expect.any(String));
    const [identity] = await ctx.deps.db
      .select()
      .from(schema.identities)
      .where(eq(schema.identities.userId, res.body.data.user.id));
    expect(identity).toMatchObject({
      provider: 'phone',
      subject: phone,
      details: { verifiedVia: 'whatsapp' },
    });

    // The same number by SMS OTP is the same person.
    const bySms = await phoneSignIn(ctx, phone);
    expect(bySms.user.id).toBe(res.body.data.user.id);
  });

  it('codes and tokens are single use', async () => {
    const phone = freshPhone();
    const code = await authorize(phone);
    const first = await exchange(code);
    expect(first.status).toBe(200);
    const again = await exchange(code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(BAD_CODE_MESSAGE);
    const token = first.body.data.access_token;
    expect((await login(token, phone.slice(1))).status).toBe(201);
    const replay = await login(token, phone.slice(1));
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(WHATSAPP_FAILED_MESSAGE);
  });

  it(`codes expire after ${SANDBOX_WHATSAPP_CODE_TTL_MS / 60_000} minutes, tokens after ${SANDBOX_WHATSAPP_TOKEN_TTL_MS / 60_000}`, async () => {
    const code = await authorize(freshPhone());
    ctx.advance(SANDBOX_WHATSAPP_CODE_TTL_MS + 1_000);
    expect((await exchange(code)).status).toBe(400);

    const phone = freshPhone();
    const { access_token } = await accessToken(phone);
    ctx.advance(SANDBOX_WHATSAPP_TOKEN_TTL_MS + 1_000);
    const before = await snapshot(ctx);
    expect((await login(access_token, phone.slice(1))).status).toBe(401);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('a token for one number cannot sign in another waId (401, no user), nor without a bearer token', async () => {
    const phone = freshPhone();
    const { access_token } = await accessToken(phone);
    const before = await snapshot(ctx);
    const other = freshPhone().slice(1);
    const res = await login(access_token, other);
    expect(res.status).toBe(401);
    expect(res.body.data).toEqual({ reason: 'wa-id-mismatch', code: 'WHATSAPP_FAILED' });
    expect((await login(null, phone.slice(1))).status).toBe(401);
    expect((await login('made-up-token', phone.slice(1))).status).toBe(401);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('a hostname that is not ours, or a waId that is not a valid number: 400, and the token is not spent', async () => {
    const phone = freshPhone();
    const { access_token } = await accessToken(phone);
    const foreign = await login(access_token, phone.slice(1), { hostname: 'evil.example' });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe(FOREIGN_HOST_MESSAGE);
    expect((await login(access_token, '910000000000')).status).toBe(400);
    expect((await login(access_token, phone.slice(1))).status).toBe(201);
  });

  it('redirect_uri must be our page: another site gets a 400 page, no message is sent and no code issued', async () => {
    const before = (await ctx.json('/dev/outbox?limit=100')).body.data.length;
    for (const bad of ['https://evil.example/cb', 'http://localhost:9999/cb', 'ftp://localhost:5173/']) {
      const res = await form({ redirect_uri: bad, phone: freshPhone() });
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
    }
    expect((await ctx.json('/dev/outbox?limit=100')).body.data.length).toBe(before);
  });

  it('the code endpoints are rate-limited per address: 429 with Retry-After', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await ctx.json('/sandbox/whatsapp/token', {
        body: { code: `nope-${i}` },
        headers: { 'x-forwarded-for': ip },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });

  it('a phone number that is not valid re-shows the page with the message and sends nothing', async () => {
    const res = await form({ redirect_uri: REDIRECT, phone: '+91 12345' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Please enter a valid phone number');
  });
});

describe('in production there is no sandbox', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    ctx = await createTestContext('pglite', undefined, {
      NODE_ENV: 'production',
      JWT_PRIVATE_JWK: JSON.stringify({ ...(await exportJWK(privateKey)), kid: 'prod-test', alg: 'ES256' }),
      OTP_PEPPER: randomBytes(32).toString('base64url'),
      WALLET_MASTER_KEY: randomBytes(32).toString('base64'),
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('sandbox pages and endpoints answer 404; WhatsApp and Google sign-in answer 503 until configured', async () => {
    for (const path of [
      `/sandbox/whatsapp/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}`,
      `/sandbox/google/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}`,
      '/sandbox/google/jwks',
    ]) {
      expect((await ctx.app.request(path)).status, path).toBe(404);
    }
    expect((await ctx.json('/sandbox/whatsapp/token', { body: { code: 'x' } })).status).toBe(404);
    const login = await ctx.json('/authentication/login?source=website', {
      body: { waId: '919876543210', platform: 'web', hostname: 'localhost' },
      headers: { authorization: 'Bearer t' },
    });
    expect(login.status).toBe(503);
    expect(login.body.message).toBe(WHATSAPP_UNAVAILABLE_MESSAGE);
    const google = await ctx.json('/authentication/google', { body: { idToken: 'a.b.c' } });
    expect(google.status).toBe(503);
    const providers = await ctx.json('/authentication/providers');
    expect(providers.body.data).toMatchObject({
      google: { enabled: false, sandboxAuthorizeUrl: null },
      whatsapp: { enabled: false, mode: 'none', sandboxAuthorizeUrl: null },
      ton: { networks: ['-239'] },
    });
  });
});
