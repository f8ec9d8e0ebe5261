import { rememberBotStart, schema } from '@khel/db';
import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, lastOtp, signInitData, type TestContext } from '../../test-support.ts';
import { TELEGRAM_AUTH_FAILED_MESSAGE } from './auth.routes.ts';
import { OTP_MAX_ATTEMPTS, OTP_MESSAGES, RETRY_LOGIN_AFTER_MS } from './otp.ts';
import { REFRESH_FAILED_MESSAGE, REFRESH_REUSE_GRACE_MS } from './tokens.ts';

let phoneCounter = 0;
/** A fresh valid Indian mobile per test, so tests never share limits. */
const nextPhone = () =>
  `+91987${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter++).padStart(3, '0')}`;

describe.each(DB_KINDS)('authentication on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  // Each call comes from its own address unless a test says otherwise, so per-IP limits stay out of the way.
  let ipCounter = 0;
  const register = (phone: string, headers: Record<string, string> = {}) =>
    ctx.json('/authentication/register', {
      body: { phone },
      headers: {
        'x-forwarded-for': `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`,
        ...headers,
      },
    });
  const verify = (phone: string, otp: string) => ctx.json('/authentication/verify', { body: { phone, otp } });

  async function signIn(phone = nextPhone()) {
    expect((await register(phone)).status).toBe(200);
    const res = await verify(phone, await lastOtp(ctx, phone));
    expect(res.status).toBe(200);
    return res.body.data;
  }

  it('phone OTP: register sends a 6-digit code, verify returns tokens and the profile answers for that user', async () => {
    const phone = nextPhone();
    const sent = await register(phone);
    expect(sent.body).toMatchObject({
      success: true,
      status: 200,
      data: { phone, retryLoginAfter: 180_000, expiresIn: 600 },
    });
    const code = await lastOtp(ctx, phone);
    expect(code).toMatch(/^\d{6}$/);
    const res = await verify(phone, code);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ isNewUser: true, user: { phoneNumber: phone } });
    for (const t of ['accessToken', 'refreshToken', 'idToken'])
      expect(res.body.data[t]).toEqual(expect.any(String));
    const idClaims = JSON.parse(Buffer.from(res.body.data.idToken.split('.')[1], 'base64url').toString());
    expect(idClaims).toMatchObject({ userId: res.body.data.user.id, phone });

    const profile = await ctx.json('/users/me/profile', {
      headers: { authorization: `Bearer ${res.body.data.accessToken}` },
    });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      id: res.body.data.user.id,
      phone_number: phone,
      is_verified: true,
    });
  });

  it('phone OTP: signing in again finds the same account', async () => {
    const phone = nextPhone();
    const first = await signIn(phone);
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const second = await signIn(phone);
    expect(second.user.id).toBe(first.user.id);
    expect(second.isNewUser).toBe(false);
  });

  it('phone OTP: a code is single-use', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await lastOtp(ctx, phone);
    expect((await verify(phone, code)).status).toBe(200);
    const again = await verify(phone, code);
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, message: OTP_MESSAGES.expired });
  });

  it('phone OTP: a code is bound to the phone that asked for it', async () => {
    const a = nextPhone();
    const b = nextPhone();
    await register(a);
    await register(b);
    const res = await verify(b, await lastOtp(ctx, a));
    // Codes are random, so the two could collide once in a million runs; the other phone's code must not work.
    if ((await lastOtp(ctx, a)) !== (await lastOtp(ctx, b))) expect(res.status).toBe(400);
  });

  it('phone OTP: a code expires after 10 minutes', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await lastOtp(ctx, phone);
    ctx.advance(10 * 60 * 1000 + 1);
    const res = await verify(phone, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(OTP_MESSAGES.expired);
  });

  it(`phone OTP: ${OTP_MAX_ATTEMPTS} wrong tries kill the code, even the right code fails afterwards`, async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await lastOtp(ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i < OTP_MAX_ATTEMPTS; i++) {
      const res = await verify(phone, wrong);
      expect(res.status).toBe(400);
      expect(res.body.data).toMatchObject({ reason: 'invalid', attemptsLeft: OTP_MAX_ATTEMPTS - i });
    }
    const last = await verify(phone, wrong);
    expect(last.status).toBe(429);
    expect(last.body.message).toBe(OTP_MESSAGES.exhausted);
    expect((await verify(phone, code)).status).toBe(400);
  });

  it(`phone OTP: after ${OTP_MAX_ATTEMPTS} wrong tries a new code may be asked at once, and it works`, async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await lastOtp(ctx, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    let last: Awaited<ReturnType<typeof verify>> | undefined;
    for (let i = 0; i < OTP_MAX_ATTEMPTS; i++) last = await verify(phone, wrong);
    expect(last!.status).toBe(429);
    expect(last!.body.data).toEqual({ reason: 'exhausted', retryLoginAfter: 0, code: 'OTP_EXHAUSTED' });
    const again = await ctx.json('/authentication/resend', { body: { phone } });
    expect(again.status).toBe(200);
    const fresh = await lastOtp(ctx, phone);
    expect((await verify(phone, fresh)).status).toBe(200);
    // The ordinary wait holds again for the next code.
    expect((await register(phone)).status).toBe(429);
  });

  it('phone OTP: a new code only after retryLoginAfter (180 000 ms), with Retry-After', async () => {
    const phone = nextPhone();
    expect((await register(phone)).status).toBe(200);
    ctx.advance(RETRY_LOGIN_AFTER_MS - 1_000);
    const early = await register(phone);
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toBe('1');
    expect(early.body.message).toBe(OTP_MESSAGES.wait);
    ctx.advance(1_000);
    expect((await ctx.json('/authentication/resend', { body: { phone } })).status).toBe(200);
  });

  it('phone OTP: the newest code replaces earlier ones', async () => {
    const phone = nextPhone();
    await register(phone);
    const first = await lastOtp(ctx, phone);
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    await register(phone);
    const second = await lastOtp(ctx, phone);
    if (first !== second) expect((await verify(phone, first)).status).toBe(400);
    expect((await verify(phone, second)).status).toBe(200);
  });

  it('phone OTP: at most 5 codes per phone per hour', async () => {
    const phone = nextPhone();
    for (let i = 0; i < 5; i++) {
      expect((await register(phone)).status).toBe(200);
      ctx.advance(RETRY_LOGIN_AFTER_MS);
    }
    const sixth = await register(phone);
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toEqual(expect.stringMatching(/^\d+$/));
  });

  it('phone OTP: at most 20 codes per IP per hour', async () => {
    const ip = `203.0.113.${(phoneCounter % 200) + 1}`;
    for (let i = 0; i < 20; i++) {
      expect((await register(nextPhone(), { 'x-forwarded-for': ip })).status).toBe(200);
    }
    expect((await register(nextPhone(), { 'x-forwarded-for': ip })).status).toBe(429);
  });

  it('phone OTP: 20 concurrent requests for one phone send exactly one SMS', async () => {
    const phone = nextPhone();
    const results = await Promise.all(Array.from({ length: 20 }, () => register(phone)));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    const sent = await ctx.json(`/dev/outbox?to=${encodeURIComponent(phone)}&limit=100`);
    expect(sent.body.data).toHaveLength(1);
  });

  it('phone OTP: two concurrent verifications of one code sign in exactly once', async () => {
    const phone = nextPhone();
    await register(phone);
    const code = await lastOtp(ctx, phone);
    const results = await Promise.all([verify(phone, code), verify(phone, code), verify(phone, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400, 400]);
  });

  it('bad input: invalid phone, bad JSON and a malformed code are 400 envelopes that send nothing', async () => {
    const before = (await ctx.json('/dev/outbox?limit=100')).body.data.length;
    for (const phone of ['12345', '+91 98765', '+910000000000', '', 42]) {
      const res = await ctx.json('/authentication/register', { body: { phone } });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        success: false,
        status: 400,
        message: 'Please enter a valid phone number',
      });
    }
    const badJson = await ctx.json('/authentication/register', { body: '{"phone":' });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe('The request body must be valid JSON.');
    const badCode = await verify(nextPhone(), '12ab56');
    expect(badCode.status).toBe(400);
    expect(badCode.body.message).toBe('Please enter the 6-digit code');
    expect((await ctx.json('/dev/outbox?limit=100')).body.data.length).toBe(before);
  });

  it('refresh tokens rotate; reusing an old one revokes the family, so the newest fails too', async () => {
    const session = await signIn();
    const refresh = (token: string) =>
      ctx.json(`/authentication/token/refresh?refresh_token=${encodeURIComponent(token)}&source=website`);
    const first = await refresh(session.refreshToken);
    expect(first.status).toBe(200);
    expect(first.body.data.refreshToken).not.toBe(session.refreshToken);
    const profile = await ctx.json('/users/me/profile', {
      headers: { authorization: `Bearer ${first.body.data.accessToken}` },
    });
    expect(profile.status).toBe(200);

    ctx.advance(REFRESH_REUSE_GRACE_MS + 1);
    const reuse = await refresh(session.refreshToken);
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe(REFRESH_FAILED_MESSAGE);
    expect((await refresh(first.body.data.refreshToken)).status).toBe(400);
    expect((await refresh('not-a-token')).status).toBe(400);
  });

  const refreshWith = (token: string) =>
    ctx.json(`/authentication/token/refresh?refresh_token=${encodeURIComponent(token)}&source=website`);
  const bearer = (t: string) => ({ authorization: `Bearer ${t}` });

  it('four parallel refreshes of one token (two tabs, a retry) all succeed with one successor, and the session lives on', async () => {
    const session = await signIn();
    const results = await Promise.all(Array.from({ length: 4 }, () => refreshWith(session.refreshToken)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const successors = new Set(results.map((r) => r.body.data.refreshToken));
    expect(successors.size).toBe(1);
    const [successor] = [...successors] as string[];
    expect(successor).not.toBe(session.refreshToken);
    for (const r of results) {
      expect((await ctx.json('/users/me/profile', { headers: bearer(r.body.data.accessToken) })).status).toBe(
        200,
      );
    }
    const next = await refreshWith(successor!);
    expect(next.status).toBe(200);
    expect(
      (await ctx.json('/users/me/profile', { headers: bearer(next.body.data.accessToken) })).status,
    ).toBe(200);
  });

  it('a rotated token presented again after the grace window revokes the session, access tokens included', async () => {
    const session = await signIn();
    const first = await refreshWith(session.refreshToken);
    expect(first.status).toBe(200);
    ctx.advance(REFRESH_REUSE_GRACE_MS + 1_000);
    const reuse = await refreshWith(session.refreshToken);
    expect(reuse.status).toBe(400);
    expect(reuse.body.data).toMatchObject({ reason: 'reused' });
    expect((await refreshWith(first.body.data.refreshToken)).status).toBe(400);
    for (const token of [session.accessToken, first.body.data.accessToken]) {
      expect((await ctx.json('/users/me/profile', { headers: bearer(token) })).status).toBe(401);
    }
  });

  it('within the grace window, a repeat is refused once its successor has itself been used', async () => {
    const session = await signIn();
    const first = await refreshWith(session.refreshToken);
    expect((await refreshWith(first.body.data.refreshToken)).status).toBe(200);
    const late = await refreshWith(session.refreshToken);
    expect(late.status).toBe(400);
    expect(late.body.data).toMatchObject({ reason: 'reused' });
  });

  it('logout ends the session at once: the access token no longer reads the profile or moves money', async () => {
    const session = await signIn();
    const other = await signIn();
    expect((await ctx.json('/users/me/profile', { headers: bearer(session.accessToken) })).status).toBe(200);
    const out = await ctx.json('/authentication/logout', { body: { refreshToken: session.refreshToken } });
    expect(out.status).toBe(200);
    for (const res of [
      await ctx.json('/users/me/profile', { headers: bearer(session.accessToken) }),
      await ctx.json('/wallets/balance', { headers: bearer(session.accessToken) }),
      await ctx.json('/onramp/swap', {
        body: { amount: '1000000' },
        headers: { ...bearer(session.accessToken), 'idempotency-key': `logout-${Date.now()}` },
      }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, status: 401, data: { code: 'UNAUTHORIZED' } });
    }
    // Another sign-in of someone else is untouched.
    expect((await ctx.json('/users/me/profile', { headers: bearer(other.accessToken) })).status).toBe(200);
  });

  it('logout with only the Bearer token ends that session too; other sessions of the user live on', async () => {
    const phone = nextPhone();
    const a = await signIn(phone);
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const b = await signIn(phone);
    expect(b.user.id).toBe(a.user.id);
    const out = await ctx.json('/authentication/logout', { body: {}, headers: bearer(a.accessToken) });
    expect(out.status).toBe(200);
    expect((await ctx.json('/users/me/profile', { headers: bearer(a.accessToken) })).status).toBe(401);
    expect((await refreshWith(a.refreshToken)).status).toBe(400);
    expect((await ctx.json('/users/me/profile', { headers: bearer(b.accessToken) })).status).toBe(200);
  });

  it('an access token without exp, iat, sub or sid, or of another type, is 401 even when well signed', async () => {
    const session = await signIn();
    const userId = session.user.id as string;
    const { jwtPrivateKey, jwtKeyId } = ctx.deps.secrets;
    const now = Math.floor(ctx.now().getTime() / 1000);
    const sid = (decodeJwt(session.accessToken).sid as string) ?? '';
    const make = (
      claims: Record<string, unknown>,
      parts: { exp?: boolean; iat?: boolean; sub?: boolean },
    ) => {
      let jwt = new SignJWT({ typ: 'access', ...claims })
        .setProtectedHeader({ alg: 'ES256', kid: jwtKeyId })
        .setIssuer('khel')
        .setAudience('khel-api');
      if (parts.sub !== false) jwt = jwt.setSubject(userId);
      if (parts.iat !== false) jwt = jwt.setIssuedAt(now);
      if (parts.exp !== false) jwt = jwt.setExpirationTime(now + 600);
      return jwt.sign(jwtPrivateKey);
    };
    expect((await ctx.json('/users/me/profile', { headers: bearer(await make({ sid }, {})) })).status).toBe(
      200,
    );
    for (const token of [
      await make({ sid }, { exp: false }),
      await make({ sid }, { iat: false }),
      await make({ sid }, { sub: false }),
      await make({}, {}),
      await make({ sid, typ: 'id' }, {}),
    ]) {
      expect((await ctx.json('/users/me/profile', { headers: bearer(token) })).status).toBe(401);
    }
  });

  it('logout revokes the refresh token', async () => {
    const session = await signIn();
    const out = await ctx.json('/authentication/logout', { body: { refreshToken: session.refreshToken } });
    expect(out.status).toBe(200);
    const res = await ctx.json(`/authentication/token/refresh?refresh_token=${session.refreshToken}`);
    expect(res.status).toBe(400);
  });

  it('access tokens expire after 15 minutes; a missing or forged token is 401', async () => {
    const session = await signIn();
    const auth = (t: string) => ({ headers: { authorization: `Bearer ${t}` } });
    expect((await ctx.json('/users/me/profile')).status).toBe(401);
    expect((await ctx.json('/users/me/profile', auth(`${session.accessToken}x`))).status).toBe(401);
    // Used while valid (the server keeps its verified signature), then past its `exp`: refused still.
    expect((await ctx.json('/users/me/profile', auth(session.accessToken))).status).toBe(200);
    ctx.advance(15 * 60 * 1000 - 2_000);
    expect((await ctx.json('/users/me/profile', auth(session.accessToken))).status).toBe(200);
    ctx.advance(3_000);
    const expired = await ctx.json('/users/me/profile', auth(session.accessToken));
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ success: false, status: 401, data: { code: 'UNAUTHORIZED' } });
  });

  describe('Telegram init data', () => {
    const tg = (raw?: string) =>
      ctx.json('/authentication/telegram', {
        method: 'POST',
        headers: raw === undefined ? {} : { authorization: `tma ${raw}` },
      });
    const countUsers = async () => (await ctx.deps.db.query.users.findMany()).length;

    it('valid init data signs in, creating the user by Telegram id once', async () => {
      const id = 500_000_000 + phoneCounter++;
      const raw = signInitData({ id, first_name: 'Arjun', username: 'arjun_plays' }, ctx.now());
      const first = await tg(raw);
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({
        isNewUser: true,
        user: { telegramId: String(id), firstName: 'Arjun', telegramUsername: 'arjun_plays' },
      });
      const again = await tg(signInitData({ id, first_name: 'Arjun' }, ctx.now()));
      expect(again.body.data.user.id).toBe(first.body.data.user.id);
      expect(again.body.data.isNewUser).toBe(false);
    });

    it('a new account is placed by the Telegram language when the address says nothing (signup_country)', async () => {
      const placed: Record<string, string | null> = {};
      for (const language of ['hi', 'pt-br', 'en']) {
        const id = 700_000_000 + phoneCounter++;
        const res = await tg(signInitData({ id, first_name: 'Arjun', language_code: language }, ctx.now()));
        const [row] = await ctx.deps.db
          .select({ signupCountry: schema.users.signupCountry })
          .from(schema.users)
          .where(eq(schema.users.id, res.body.data.user.id));
        placed[language] = row!.signupCountry;
      }
      expect(placed).toEqual({ hi: 'IN', 'pt-br': 'BR', en: null });
    });

    it('a tampered field, a foreign token, a stale auth_date or no header is 401 and creates no user', async () => {
      const id = 600_000_000 + phoneCounter++;
      const good = signInitData({ id, first_name: 'Arjun' }, ctx.now());
      const tampered = good.replace(encodeURIComponent('"Arjun"'), encodeURIComponent('"Admin"'));
      expect(tampered).not.toBe(good);
      const foreign = signInitData(
        { id, first_name: 'Arjun' },
        ctx.now(),
        '7000000002:AAEAnotherBotTokenAltogether_987654',
      );
      const stale = signInitData(
        { id, first_name: 'Arjun' },
        new Date(ctx.now().getTime() - 24 * 3600_000 - 60_000),
      );
      const before = await countUsers();
      for (const raw of [tampered, foreign, stale, '', 'hash=abc', undefined]) {
        const res = await tg(raw);
        expect(res.status).toBe(401);
        expect(res.body).toMatchObject({ success: false, message: TELEGRAM_AUTH_FAILED_MESSAGE });
      }
      expect(await countUsers()).toBe(before);
    });

    it('reordering the fields still signs in (the check string is sorted)', async () => {
      const raw = signInitData({ id: 700_000_000 + phoneCounter++, first_name: 'Lia' }, ctx.now());
      const reordered = new URLSearchParams([...new URLSearchParams(raw)].reverse()).toString();
      expect((await tg(reordered)).status).toBe(200);
    });

    const chatOf = async (userId: string) =>
      (await ctx.deps.db.select().from(schema.botChats).where(eq(schema.botChats.userId, userId)))[0];

    it('a chat opened before the account existed (/start) becomes the new account’s, so pushes reach it', async () => {
      const id = 710_000_000 + phoneCounter++;
      // The bot's /start from a Telegram user Khel does not know yet.
      await rememberBotStart(ctx.deps.db, id, id);
      const res = await tg(signInitData({ id, first_name: 'Ravi', allows_write_to_pm: false }, ctx.now()));
      expect(res.status).toBe(200);
      expect(await chatOf(res.body.data.user.id)).toMatchObject({ chatId: id, blockedAt: null });
      const left = await ctx.deps.db
        .select()
        .from(schema.telegramBotStarts)
        .where(eq(schema.telegramBotStarts.telegramUserId, id));
      expect(left).toEqual([]);
    });

    it('allows_write_to_pm in the signed init data lets the bot write without /start; false leaves no chat', async () => {
      const allowed = 720_000_000 + phoneCounter++;
      const yes = await tg(
        signInitData({ id: allowed, first_name: 'Mia', allows_write_to_pm: true }, ctx.now()),
      );
      expect(await chatOf(yes.body.data.user.id)).toMatchObject({ chatId: allowed, blockedAt: null });
      const refused = 730_000_000 + phoneCounter++;
      const no = await tg(signInitData({ id: refused, first_name: 'Noor' }, ctx.now()));
      expect(await chatOf(no.body.data.user.id)).toBeUndefined();
      // A block the notifier saw on that chat stays: only /start clears it.
      await ctx.deps.db
        .update(schema.botChats)
        .set({ blockedAt: ctx.now() })
        .where(eq(schema.botChats.userId, yes.body.data.user.id));
      await tg(signInitData({ id: allowed, first_name: 'Mia', allows_write_to_pm: true }, ctx.now()));
      expect((await chatOf(yes.body.data.user.id))?.blockedAt).not.toBeNull();
    });
  });
});
