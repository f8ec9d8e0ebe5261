import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { bearer, phoneSignIn, snapshot } from './auth.test-support.ts';
import { GOOGLE_FAILED_MESSAGE, GOOGLE_UNAVAILABLE_MESSAGE } from './google-id-token.ts';
import { alreadyLinkedMessage } from './identities.ts';

const CLIENT_ID = '1234567890-khel.apps.googleusercontent.com';
type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

/** Google's side in a test: RS256 keys, the JWKS on a loopback port, and id tokens as Google signs them. */
async function fakeGoogle() {
  const kid = 'google-test-key-1';
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let available = true;
  const server: Server = createServer((req, res) => {
    if (!available || req.url !== '/oauth2/v3/certs') {
      res.writeHead(available ? 404 : 500).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  const { port } = server.address() as AddressInfo;
  return {
    jwksUrl: `http://127.0.0.1:${port}/oauth2/v3/certs`,
    privateKey,
    kid,
    setAvailable: (v: boolean) => {
      available = v;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

interface TokenOptions {
  sub?: string;
  email?: string;
  emailVerified?: boolean | string;
  iss?: string;
  aud?: string;
  expiresIn?: number;
  now?: Date;
  kid?: string;
  key?: SigningKey;
}

describe.each(DB_KINDS)('Google sign-in on %s', (kind) => {
  let ctx: TestContext;
  let google: Awaited<ReturnType<typeof fakeGoogle>>;
  beforeAll(async () => {
    google = await fakeGoogle();
    ctx = await createTestContext(kind, inject('postgresAdminUrl'), {
      GOOGLE_PROVIDER: 'google',
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_JWKS_URL: google.jwksUrl,
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await google?.close();
  });

  let subCounter = 0;
  const idToken = (o: TokenOptions = {}) => {
    const now = Math.floor((o.now ?? ctx.now()).getTime() / 1000);
    return new SignJWT({
      email: o.email ?? 'gamer@example.com',
      email_verified: o.emailVerified ?? true,
      given_name: 'Asha',
      family_name: 'Rao',
    })
      .setProtectedHeader({ alg: 'RS256', kid: o.kid ?? google.kid, typ: 'JWT' })
      .setIssuer(o.iss ?? 'https://accounts.google.com')
      .setAudience(o.aud ?? CLIENT_ID)
      .setSubject(o.sub ?? `1098765432${Date.now() % 100_000}${subCounter++}`)
      .setIssuedAt(now)
      .setExpirationTime(now + (o.expiresIn ?? 3600))
      .sign(o.key ?? google.privateKey);
  };
  const signIn = (token: string) => ctx.json('/authentication/google', { body: { idToken: token } });

  it('a token signed by a key of the JWKS, for our client id, signs in; the account gets the verified email', async () => {
    const sub = '111122223333444455556';
    const res = await signIn(await idToken({ sub, email: 'asha@example.com' }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      isNewUser: true,
      user: { email: 'asha@example.com', firstName: 'Asha' },
    });
    const [identity] = await ctx.deps.db
      .select()
      .from(schema.identities)
      .where(eq(schema.identities.userId, res.body.data.user.id));
    expect(identity).toMatchObject({
      provider: 'google',
      subject: sub,
      details: { email: 'asha@example.com' },
    });
    // Google also issues tokens with the bare issuer name.
    const again = await signIn(await idToken({ sub, iss: 'accounts.google.com' }));
    expect(again.body.data).toMatchObject({ isNewUser: false, user: { id: res.body.data.user.id } });
  });

  const refusals: [string, () => Promise<string>, string][] = [
    ['a wrong audience', () => idToken({ aud: 'someone-else.apps.googleusercontent.com' }), 'claims'],
    ['a wrong issuer', () => idToken({ iss: 'https://accounts.evil.example' }), 'claims'],
    ['an expired token', () => idToken({ now: new Date(ctx.now().getTime() - 2 * 3600_000) }), 'expired'],
    [
      'a bad signature (another key, same kid)',
      async () => idToken({ key: (await generateKeyPair('RS256')).privateKey }),
      'signature',
    ],
    ['an unknown kid', () => idToken({ kid: 'not-a-google-key' }), 'unknown-key'],
    ['an email Google has not verified', () => idToken({ emailVerified: false }), 'email-not-verified'],
    [
      'a token with alg none',
      async () => {
        const [, payload] = (await idToken()).split('.');
        return `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
      },
      'algorithm',
    ],
  ];
  for (const [name, make, reason] of refusals) {
    it(`${name} → 401 (${reason}), no user created`, async () => {
      const token = await make();
      const before = await snapshot(ctx);
      const res = await signIn(token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: GOOGLE_FAILED_MESSAGE, data: { reason } });
      expect(await snapshot(ctx)).toEqual(before);
    });
  }

  it('link Google to a phone account; a Google account of another Khel account is 409 and nothing changes', async () => {
    const web = await phoneSignIn(ctx);
    const sub = '777788889999000011112';
    const linked = await ctx.json('/social-auth/google', {
      body: { idToken: await idToken({ sub, email: 'linked@example.com' }) },
      headers: bearer(web.accessToken),
    });
    expect(linked.status).toBe(200);
    expect(linked.body.data.socialStatuses.google).toEqual({ isActive: true });
    expect(linked.body.data.user).toMatchObject({ id: web.user.id, email: 'linked@example.com' });

    const other = await phoneSignIn(ctx);
    const before = await snapshot(ctx);
    const res = await ctx.json('/social-auth/google', {
      body: { idToken: await idToken({ sub }) },
      headers: bearer(other.accessToken),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(alreadyLinkedMessage('google'));
    expect(await snapshot(ctx)).toEqual(before);
  });
});

describe('Google’s keys cannot be fetched', () => {
  it('a key server that answers 500, or a port nobody listens on: 503 with a clear message, not a 401 or a 500', async () => {
    const google = await fakeGoogle();
    google.setAvailable(false);
    const closed = await fakeGoogle();
    await closed.close();
    try {
      for (const jwksUrl of [google.jwksUrl, closed.jwksUrl]) {
        const ctx = await createTestContext('pglite', undefined, {
          GOOGLE_PROVIDER: 'google',
          GOOGLE_CLIENT_ID: CLIENT_ID,
          GOOGLE_JWKS_URL: jwksUrl,
        });
        try {
          const now = Math.floor(Date.now() / 1000);
          const token = await new SignJWT({ email: 'a@example.com', email_verified: true })
            .setProtectedHeader({ alg: 'RS256', kid: google.kid })
            .setIssuer('https://accounts.google.com')
            .setAudience(CLIENT_ID)
            .setSubject('1')
            .setIssuedAt(now)
            .setExpirationTime(now + 600)
            .sign(google.privateKey);
          const res = await ctx.json('/authentication/google', { body: { idToken: token } });
          expect(res.status, jwksUrl).toBe(503);
          expect(res.body).toMatchObject({ success: false, message: GOOGLE_UNAVAILABLE_MESSAGE });
          expect(await ctx.deps.db.select().from(schema.users)).toEqual([]);
        } finally {
          await ctx.close();
        }
      }
    } finally {
      await google.close();
    }
  });
});

describe('sandbox Google (the default outside production)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('GET /authentication/providers tells the client to use the sandbox page', async () => {
    const res = await ctx.json('/authentication/providers');
    expect(res.body.data.google).toEqual({
      enabled: true,
      mode: 'sandbox',
      clientId: expect.any(String),
      sandboxAuthorizeUrl: '/api/sandbox/google/authorize',
    });
  });

  it('the page issues an id token for the typed email, redirects back with it, and the API signs in with it', async () => {
    const redirectUri = 'http://localhost:5173/login?from=google';
    const page = await ctx.app.request(
      `/sandbox/google/authorize?redirect_uri=${encodeURIComponent(redirectUri)}&state=s-123`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Sandbox: not the real service');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self' http://localhost:5173");

    const posted = await ctx.app.request('/sandbox/google/authorize', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        redirect_uri: redirectUri,
        state: 's-123',
        email: 'Dev@Example.com',
        name: 'Dev Gamer',
      }),
    });
    expect(posted.status).toBe(303);
    const location = new URL(posted.headers.get('location')!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(redirectUri);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('provider')).toBe('google');
    expect(fragment.get('state')).toBe('s-123');

    const res = await ctx.json('/authentication/google', { body: { idToken: fragment.get('id_token') } });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      email: 'dev@example.com',
      firstName: 'Dev',
      lastName: 'Gamer',
    });

    const jwks = await ctx.app.request('/sandbox/google/jwks');
    expect(((await jwks.json()) as { keys: JWK[] }).keys).toEqual([
      expect.objectContaining({ kty: 'RSA', alg: 'RS256', kid: expect.any(String) }),
    ]);
  });

  it('redirect_uri must be one of our pages: another site gets a 400 page and no token (no open redirect)', async () => {
    for (const bad of [
      'https://evil.example/cb',
      'javascript:alert(1)',
      'http://localhost:5173@evil.example/',
    ]) {
      const page = await ctx.app.request(`/sandbox/google/authorize?redirect_uri=${encodeURIComponent(bad)}`);
      expect(page.status).toBe(400);
      const posted = await ctx.app.request('/sandbox/google/authorize', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ redirect_uri: bad, email: 'dev@example.com' }),
      });
      expect(posted.status).toBe(400);
      expect(posted.headers.get('location')).toBeNull();
    }
  });
});
