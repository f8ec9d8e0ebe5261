import {
  COUNTRY_CODE_MESSAGE,
  PREFERRED_PLATFORMS,
  PRODUCT_ROLES,
  UPDATE_PLATFORM_FAILED_MESSAGE,
  UPDATE_ROLE_FAILED_MESSAGE,
} from '@khel/core/contract';
import {
  FIRST_NAME_CHARACTERS_MESSAGE,
  FIRST_NAME_LENGTH_MESSAGE,
  FIRST_NAME_SPACING_MESSAGE,
} from '@khel/core/validation';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MS,
  EMAIL_MESSAGES,
  EMAIL_RESEND_AFTER_MS,
} from './email-verification.ts';
import { signedInUser, userRow } from './profile.test-support.ts';

let nameCounter = 0;
/** A fresh valid username (5–10 letters and digits) per call. */
const freshUsername = () =>
  `u${Date.now().toString(36).slice(-5)}${(nameCounter++).toString(36).padStart(3, '0')}`;
let mailCounter = 0;
const freshEmail = () => `gamer${Date.now()}${mailCounter++}@example.com`;

describe.each(DB_KINDS)('profile and account endpoints on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const lastEmailCode = async (email: string) => {
    const res = await ctx.json(`/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
    expect(res.body.data[0]).toMatchObject({ channel: 'email', to: email });
    const code = (res.body.data[0].body as string).match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code was mailed to ${email}`);
    return code;
  };

  describe('GET and PATCH /users/me/profile', () => {
    it('answers 401 without a token and for an unknown token', async () => {
      expect((await ctx.json('/users/me/profile')).status).toBe(401);
      expect(
        (await ctx.json('/users/me/profile', { headers: { authorization: 'Bearer nope' } })).status,
      ).toBe(401);
    });

    it('returns SPEC §3 profileData with the new fields', async () => {
      const { user, auth } = await signedInUser(ctx, { firstName: 'Arjun' });
      const res = await ctx.json('/users/me/profile', { headers: auth });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        id: user.id,
        phone_number: user.phoneNumber,
        first_name: 'Arjun',
        country: null,
        city: null,
        college: null,
        email_verified: false,
        product_role: null,
        preferred_platform: null,
        deletion_due_at: null,
      });
    });

    it('first name follows the SPEC §5 rule: 3 to 15 characters, letters and spaces only, no spacing', async () => {
      const { user, auth } = await signedInUser(ctx);
      const patch = (first_name: unknown) =>
        ctx.json('/users/me/profile', { method: 'PATCH', body: { first_name }, headers: auth });
      expect((await patch('Ab')).body.message).toBe(FIRST_NAME_LENGTH_MESSAGE);
      expect((await patch('A'.repeat(16))).body.message).toBe(FIRST_NAME_LENGTH_MESSAGE);
      expect((await patch('Arjun9')).body.message).toBe(FIRST_NAME_CHARACTERS_MESSAGE);
      expect((await patch(' Arjun')).body.message).toBe(FIRST_NAME_SPACING_MESSAGE);
      expect((await patch('Arjun  Kumar')).status).toBe(400);
      expect((await userRow(ctx, user.id)).firstName).toBeNull();

      const ok = await patch('Arjun Kumar');
      expect(ok.status).toBe(200);
      expect(ok.body.data.first_name).toBe('Arjun Kumar');
      expect((await patch('अर्जुन')).body.data.first_name).toBe('अर्जुन');
    });

    it('last name, country (ISO alpha-2), city and college; a listed city gets its listed spelling', async () => {
      const { auth } = await signedInUser(ctx);
      const res = await ctx.json('/users/me/profile', {
        method: 'PATCH',
        body: { last_name: "D'Souza", country: 'in', city: 'mumbai', college: 'iit bombay' },
        headers: auth,
      });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        last_name: "D'Souza",
        country: 'IN',
        city: 'Mumbai',
        college: 'IIT Bombay',
      });
      // An unlisted town is the user's own text.
      const own = await ctx.json('/users/me/profile', {
        method: 'PATCH',
        body: { city: 'Sangli' },
        headers: auth,
      });
      expect(own.body.data.city).toBe('Sangli');
      // A new country clears the old country's city and college.
      const moved = await ctx.json('/users/me/profile', {
        method: 'PATCH',
        body: { country: 'BR' },
        headers: auth,
      });
      expect(moved.body.data).toMatchObject({ country: 'BR', city: null, college: null });
      const cleared = await ctx.json('/users/me/profile', {
        method: 'PATCH',
        body: { last_name: null },
        headers: auth,
      });
      expect(cleared.body.data.last_name).toBeNull();
    });

    it('refuses a country code that is not a country, an empty patch and unknown fields', async () => {
      const { user, auth } = await signedInUser(ctx, { country: 'IN' });
      const notACountry = await ctx.json('/users/me/profile', {
        method: 'PATCH',
        body: { country: 'XX' },
        headers: auth,
      });
      expect(notACountry.status).toBe(400);
      expect(notACountry.body.message).toBe(COUNTRY_CODE_MESSAGE);
      expect((await ctx.json('/users/me/profile', { method: 'PATCH', body: {}, headers: auth })).status).toBe(
        400,
      );
      expect(
        (await ctx.json('/users/me/profile', { method: 'PATCH', body: { is_verified: true }, headers: auth }))
          .status,
      ).toBe(400);
      expect((await userRow(ctx, user.id)).country).toBe('IN');
    });
  });

  describe('lists', () => {
    it('GET /users/me/countries: about 250 countries, India and Brazil first, each with names in about 20 languages', async () => {
      const res = await ctx.json('/users/me/countries');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=86400');
      const list = res.body.data as { code: string; iso3: string; dial_code: string; names: object }[];
      expect(list.length).toBeGreaterThan(230);
      expect(list.slice(0, 2).map((c) => c.code)).toEqual(['IN', 'BR']);
      expect(list[0]).toMatchObject({ code: 'IN', iso3: 'IND', dial_code: '+91', flag: '🇮🇳' });
      expect(Object.keys(list[0]!.names).length).toBeGreaterThanOrEqual(20);
    });

    it('cities and colleges per country; unlisted countries get an empty list', async () => {
      const cities = await ctx.json('/users/me/cities?country=IN');
      expect(cities.body.data.items).toContain('Mumbai');
      const colleges = await ctx.json('/users/me/colleges?country=br');
      expect(colleges.body.data).toMatchObject({ country: 'BR' });
      expect(colleges.body.data.items).toContain('Universidade de São Paulo (USP)');
      expect((await ctx.json('/users/me/cities?country=FR')).body.data.items).toEqual([]);
      expect((await ctx.json('/users/me/cities')).status).toBe(400);
      expect((await ctx.json('/users/me/cities?country=IND')).status).toBe(400);
    });
  });

  describe('username', () => {
    it('verify-username says the SPEC §5 texts, exactly', async () => {
      const { auth } = await signedInUser(ctx);
      const check = (u: string) =>
        ctx.json(`/users/me/verify-username?username=${encodeURIComponent(u)}`, { headers: auth });
      expect((await check('ab cde')).body).toMatchObject({
        status: 400,
        message: 'Spaces are not allowed in the username',
      });
      expect((await check('abc_de')).body.message).toBe('Special characters are not allowed');
      expect((await check('abcd')).body.message).toBe('Username must be between 5 and 10 characters');
      expect((await check('abcdefghijk')).body.message).toBe('Username must be between 5 and 10 characters');
      const free = await check(freshUsername());
      expect(free.status).toBe(200);
      expect(free.body.data.available).toBe(true);
    });

    it('a name is unique ignoring case: "Username already taken!" with 409', async () => {
      const owner = await signedInUser(ctx);
      const other = await signedInUser(ctx);
      const name = freshUsername();
      const put = await ctx.json('/users/me/username', {
        method: 'PUT',
        body: { username: name },
        headers: owner.auth,
      });
      expect(put.status).toBe(200);
      expect(put.body.data.username).toBe(name);

      const upper = name.toUpperCase();
      const verify = await ctx.json(`/users/me/verify-username?username=${upper}`, { headers: other.auth });
      expect(verify.status).toBe(409);
      expect(verify.body.message).toBe('Username already taken!');
      const take = await ctx.json('/users/me/username', {
        method: 'PUT',
        body: { username: upper },
        headers: other.auth,
      });
      expect(take.status).toBe(409);
      expect(take.body.message).toBe('Username already taken!');
      expect((await userRow(ctx, other.user.id)).username).toBeNull();

      // Its owner may check it, or change its case.
      expect(
        (await ctx.json(`/users/me/verify-username?username=${upper}`, { headers: owner.auth })).status,
      ).toBe(200);
      const recased = await ctx.json('/users/me/username', {
        method: 'PUT',
        body: { username: upper },
        headers: owner.auth,
      });
      expect(recased.body.data.username).toBe(upper);
    });

    it('two accounts taking one name at once: exactly one wins, the other gets 409 "Username already taken!"', async () => {
      for (let round = 0; round < 3; round++) {
        const users = await Promise.all(Array.from({ length: 4 }, () => signedInUser(ctx)));
        const name = freshUsername();
        const answers = await Promise.all(
          users.map((u, i) =>
            ctx.json('/users/me/username', {
              method: 'PUT',
              body: { username: i % 2 ? name.toUpperCase() : name },
              headers: u.auth,
            }),
          ),
        );
        expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409]);
        for (const lost of answers.filter((a) => a.status === 409))
          expect(lost.body.message).toBe('Username already taken!');
      }
    });
  });

  describe('email with a code', () => {
    it('PUT /users/me/email mails a 6-digit code (sandbox outbox); POST verify-email confirms the address', async () => {
      const { user, auth } = await signedInUser(ctx);
      const email = freshEmail();
      const sent = await ctx.json('/users/me/email', {
        method: 'PUT',
        body: { email: ` ${email.toUpperCase()} ` },
        headers: auth,
      });
      expect(sent.status).toBe(200);
      expect(sent.body.data).toEqual({ email, expiresIn: 600, retryAfter: EMAIL_RESEND_AFTER_MS });
      // Not the account's email until confirmed.
      expect((await userRow(ctx, user.id)).email).toBeNull();
      const code = await lastEmailCode(email);
      expect(code).toMatch(/^\d{6}$/);
      // Only an HMAC is stored.
      const rows = await ctx.deps.db.query.emailCodes.findMany();
      expect(JSON.stringify(rows)).not.toContain(code);

      const ok = await ctx.json('/users/me/verify-email', { body: { code }, headers: auth });
      expect(ok.status).toBe(200);
      expect(ok.body.data).toEqual({ email, email_verified: true });
      expect((await ctx.json('/users/me/is_verified', { headers: auth })).body.data).toEqual({
        is_verified: true,
        phone_verified: true,
        email_verified: true,
      });
      // Single use.
      const again = await ctx.json('/users/me/verify-email', { body: { code }, headers: auth });
      expect(again.status).toBe(400);
      expect(again.body.message).toBe(EMAIL_MESSAGES.expired);
    });

    it('a code dies after 10 minutes', async () => {
      const { user, auth } = await signedInUser(ctx);
      const email = freshEmail();
      await ctx.json('/users/me/email', { method: 'PUT', body: { email }, headers: auth });
      const code = await lastEmailCode(email);
      ctx.advance(EMAIL_CODE_TTL_MS);
      const late = await ctx.json('/users/me/verify-email', { body: { code }, headers: auth });
      expect(late.status).toBe(400);
      expect(late.body.message).toBe(EMAIL_MESSAGES.expired);
      expect((await userRow(ctx, user.id)).email).toBeNull();
    });

    it('5 wrong tries kill the code, even the right one afterwards fails', async () => {
      const { user, auth } = await signedInUser(ctx);
      const email = freshEmail();
      await ctx.json('/users/me/email', { method: 'PUT', body: { email }, headers: auth });
      const code = await lastEmailCode(email);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 1; i < EMAIL_CODE_MAX_ATTEMPTS; i++) {
        const res = await ctx.json('/users/me/verify-email', { body: { code: wrong }, headers: auth });
        expect(res.status).toBe(400);
        expect(res.body.data).toMatchObject({ attemptsLeft: EMAIL_CODE_MAX_ATTEMPTS - i });
      }
      const fifth = await ctx.json('/users/me/verify-email', { body: { code: wrong }, headers: auth });
      expect(fifth.status).toBe(429);
      expect(fifth.body.message).toBe(EMAIL_MESSAGES.exhausted);
      const right = await ctx.json('/users/me/verify-email', { body: { code }, headers: auth });
      expect(right.status).toBe(400);
      expect((await userRow(ctx, user.id)).email).toBeNull();
    });

    it('a new code only after the resend wait, with Retry-After; an address verified elsewhere is refused', async () => {
      const first = await signedInUser(ctx);
      const email = freshEmail();
      expect(
        (await ctx.json('/users/me/email', { method: 'PUT', body: { email }, headers: first.auth })).status,
      ).toBe(200);
      const tooSoon = await ctx.json('/users/me/email', {
        method: 'PUT',
        body: { email },
        headers: first.auth,
      });
      expect(tooSoon.status).toBe(429);
      expect(tooSoon.body.message).toBe(EMAIL_MESSAGES.wait);
      expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
      await ctx.json('/users/me/verify-email', {
        body: { code: await lastEmailCode(email) },
        headers: first.auth,
      });

      const second = await signedInUser(ctx);
      const taken = await ctx.json('/users/me/email', {
        method: 'PUT',
        body: { email },
        headers: second.auth,
      });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(EMAIL_MESSAGES.inUse);
    });

    it('at most 5 codes an hour per account', async () => {
      const { auth } = await signedInUser(ctx);
      for (let i = 0; i < 5; i++) {
        expect(
          (await ctx.json('/users/me/email', { method: 'PUT', body: { email: freshEmail() }, headers: auth }))
            .status,
        ).toBe(200);
        ctx.advance(EMAIL_RESEND_AFTER_MS);
      }
      const sixth = await ctx.json('/users/me/email', {
        method: 'PUT',
        body: { email: freshEmail() },
        headers: auth,
      });
      expect(sixth.status).toBe(429);
      expect(sixth.body.message).toBe(EMAIL_MESSAGES.tooMany);
    });
  });

  describe('professions', () => {
    it('GET lists the SPEC §3 roles and platforms; PUT sets them', async () => {
      const { user, auth } = await signedInUser(ctx);
      const get = await ctx.json('/users/me/professions', { headers: auth });
      expect(get.body.data).toEqual({
        productRole: null,
        preferredPlatform: null,
        productRoles: [
          'Newbie',
          'Quester',
          'BugHunter',
          'EsportsAthlete',
          'DiscordModerator',
          'TournamentOperator',
          'TelegramAdmin',
          'Caster',
          'TCreator',
          'Crafter',
        ],
        preferredPlatforms: ['Browser', 'Android', 'Windows', 'IOS', 'PC', 'Mac'],
      });
      expect(get.body.data.productRoles).toEqual([...PRODUCT_ROLES]);
      expect(get.body.data.preferredPlatforms).toEqual([...PREFERRED_PLATFORMS]);

      const put = await ctx.json('/users/me/professions', {
        method: 'PUT',
        body: { productRole: 'BugHunter', preferredPlatform: 'Android' },
        headers: auth,
      });
      expect(put.body.data).toMatchObject({ productRole: 'BugHunter', preferredPlatform: 'Android' });
      const roleOnly = await ctx.json('/users/me/professions', {
        method: 'PUT',
        body: { productRole: 'Caster' },
        headers: auth,
      });
      expect(roleOnly.body.data).toMatchObject({ productRole: 'Caster', preferredPlatform: 'Android' });
      expect((await userRow(ctx, user.id)).productRole).toBe('Caster');
    });

    it("a role or platform outside the lists: 'Error updating Khel role' / 'Error updating platform'", async () => {
      const { user, auth } = await signedInUser(ctx);
      const role = await ctx.json('/users/me/professions', {
        method: 'PUT',
        body: { productRole: 'Admin' },
        headers: auth,
      });
      expect(role.status).toBe(400);
      expect(role.body.message).toBe('Error updating Khel role');
      expect(role.body.message).toBe(UPDATE_ROLE_FAILED_MESSAGE);
      const platform = await ctx.json('/users/me/professions', {
        method: 'PUT',
        body: { preferredPlatform: 'Xbox' },
        headers: auth,
      });
      expect(platform.status).toBe(400);
      expect(platform.body.message).toBe('Error updating platform');
      expect(platform.body.message).toBe(UPDATE_PLATFORM_FAILED_MESSAGE);
      const row = await userRow(ctx, user.id);
      expect([row.productRole, row.preferredPlatform]).toEqual([null, null]);
    });
  });

  it('GET /users/me/is_verified for an account without a verified phone or email', async () => {
    const { auth } = await signedInUser(ctx, {
      phoneNumber: null,
      telegramId: String(Date.now()),
      isVerified: false,
    });
    expect((await ctx.json('/users/me/is_verified', { headers: auth })).body.data).toEqual({
      is_verified: false,
      phone_verified: false,
      email_verified: false,
    });
  });
});
