import { schema } from '@khel/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, signInitData, type TestContext } from '../../test-support.ts';
import { PHONE_VERIFIED_MESSAGE } from '../auth/auth.routes.ts';
import {
  bearer,
  freshPhone,
  freshTelegramId,
  identitiesOf,
  phoneSignIn,
  sendCode,
  snapshot,
  telegramSignIn,
} from '../auth/auth.test-support.ts';
import { alreadyLinkedMessage, LAST_METHOD_MESSAGE } from '../auth/identities.ts';
import { RETRY_LOGIN_AFTER_MS } from '../auth/otp.ts';

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());

describe.each(DB_KINDS)('one account per person: identities and linking on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const linkPhone = async (accessToken: string, phone: string) => {
    const otp = await sendCode(ctx, '/social-auth/phone/send', phone, bearer(accessToken));
    return ctx.json('/social-auth/phone/verify', { body: { phone, otp }, headers: bearer(accessToken) });
  };
  const userCount = async () => (await ctx.deps.db.select().from(schema.users)).length;

  it('every sign-in writes an identity: phone and Telegram each get one, on the account they created', async () => {
    const phone = freshPhone();
    const byPhone = await phoneSignIn(ctx, phone);
    expect(await identitiesOf(ctx, byPhone.user.id)).toEqual([`phone:${phone}`]);
    const id = freshTelegramId();
    const byTelegram = await telegramSignIn(ctx, id);
    expect(await identitiesOf(ctx, byTelegram.user.id)).toEqual([`telegram:${id}`]);
    expect(byTelegram.user).toMatchObject({ telegramId: String(id), telegramUsername: `tg_${id}` });
  });

  it('a Telegram user who verifies a phone gets it on their own account, not a new one', async () => {
    const tg = await telegramSignIn(ctx);
    const before = await userCount();
    const phone = freshPhone();
    const res = await linkPhone(tg.accessToken, phone);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PHONE_VERIFIED_MESSAGE);
    expect(res.body.data.user).toMatchObject({ id: tg.user.id, phoneNumber: phone });
    expect(await userCount()).toBe(before);
    expect(await identitiesOf(ctx, tg.user.id)).toEqual([`phone:${phone}`, `telegram:${tg.user.telegramId}`]);

    // Later, signing in by that phone (e.g. on the website) lands on the same person.
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const byPhone = await phoneSignIn(ctx, phone);
    expect(byPhone.user.id).toBe(tg.user.id);
    expect(byPhone.isNewUser).toBe(false);
    const profile = await ctx.json('/users/me/profile', { headers: bearer(byPhone.accessToken) });
    expect(profile.body.data).toMatchObject({ phone_number: phone, telegram_id: tg.user.telegramId });
  });

  it('the same through /authentication/verify with the session’s bearer token: new tokens, id token with the phone', async () => {
    const tg = await telegramSignIn(ctx);
    const phone = freshPhone();
    const otp = await sendCode(ctx, '/authentication/register', phone);
    const res = await ctx.json('/authentication/verify', {
      body: { phone, otp },
      headers: bearer(tg.accessToken),
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(PHONE_VERIFIED_MESSAGE);
    expect(res.body.data).toMatchObject({ isNewUser: false, user: { id: tg.user.id, phoneNumber: phone } });
    expect(decode(res.body.data.idToken)).toMatchObject({ userId: tg.user.id, phone });
  });

  it('a bearer token that is not valid on /authentication/verify is 401 and the code stays unused', async () => {
    const phone = freshPhone();
    const otp = await sendCode(ctx, '/authentication/register', phone);
    const res = await ctx.json('/authentication/verify', {
      body: { phone, otp },
      headers: bearer('not-a-token'),
    });
    expect(res.status).toBe(401);
    expect((await ctx.json('/authentication/verify', { body: { phone, otp } })).status).toBe(200);
  });

  it('a phone of another account: 409 "This phone number is already linked to another Khel account." and nothing changes', async () => {
    const phone = freshPhone();
    const owner = await phoneSignIn(ctx, phone);
    const tg = await telegramSignIn(ctx);
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const before = await snapshot(ctx);
    const res = await linkPhone(tg.accessToken, phone);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      success: false,
      status: 409,
      message: 'This phone number is already linked to another Khel account.',
      data: { reason: 'already-linked', provider: 'phone' },
    });
    expect(res.body.message).toBe(alreadyLinkedMessage('phone'));
    expect(await snapshot(ctx)).toEqual(before);
    expect(await identitiesOf(ctx, owner.user.id)).toEqual([`phone:${phone}`]);

    // The bearer form of /authentication/verify answers the same.
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const otp = await sendCode(ctx, '/authentication/register', phone);
    const viaVerify = await ctx.json('/authentication/verify', {
      body: { phone, otp },
      headers: bearer(tg.accessToken),
    });
    expect(viaVerify.status).toBe(409);
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('a Telegram account of another Khel account cannot be linked (409) and nothing changes', async () => {
    const id = freshTelegramId();
    await telegramSignIn(ctx, id);
    const other = await phoneSignIn(ctx);
    const before = await snapshot(ctx);
    const res = await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: signInitData({ id, first_name: 'Kiran' }, ctx.now()) },
      headers: bearer(other.accessToken),
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This Telegram account is already linked to another Khel account.');
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('a phone user links Telegram; the Mini App then signs in to the same account; linking twice is harmless', async () => {
    const web = await phoneSignIn(ctx);
    const id = freshTelegramId();
    const initDataRaw = signInitData({ id, first_name: 'Meera', username: 'meera_gg' }, ctx.now());
    const link = () =>
      ctx.json('/social-auth/link-telegram', { body: { initDataRaw }, headers: bearer(web.accessToken) });
    const res = await link();
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({
      id: web.user.id,
      telegramId: String(id),
      telegramUsername: 'meera_gg',
    });
    expect(res.body.data.socialStatuses.telegram).toEqual({ isActive: true });
    expect((await link()).status).toBe(200);
    const tg = await telegramSignIn(ctx, id);
    expect(tg.user.id).toBe(web.user.id);
    expect(tg.isNewUser).toBe(false);
  });

  // 400, not 401: on a bearer route a 401 would make the client refresh its (valid) session and retry.
  it('linking Telegram with tampered init data is 400 and changes nothing', async () => {
    const web = await phoneSignIn(ctx);
    const raw = signInitData({ id: freshTelegramId(), first_name: 'Meera' }, ctx.now());
    const before = await snapshot(ctx);
    const res = await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: raw.replace('Meera', 'Mira') },
      headers: bearer(web.accessToken),
    });
    expect(res.status).toBe(400);
    expect(res.body.data).toMatchObject({ reason: 'signature' });
    expect(await snapshot(ctx)).toEqual(before);
  });

  it('GET /social-auth/status: SPEC §3 socialStatuses keyed twitter, discord, google, wallet, steam, telegram, and the methods', async () => {
    const tg = await telegramSignIn(ctx);
    const res = await ctx.json('/social-auth/status', { headers: bearer(tg.accessToken) });
    expect(res.status).toBe(200);
    expect(res.body.data.socialStatuses).toEqual({
      twitter: { isActive: false },
      discord: { isActive: false },
      google: { isActive: false },
      wallet: { isActive: false },
      steam: { isActive: false },
      telegram: { isActive: true },
    });
    expect(res.body.data.methods).toEqual([
      expect.objectContaining({
        provider: 'telegram',
        subject: tg.user.telegramId,
        signIn: true,
        isActive: true,
      }),
    ]);
    expect((await ctx.json('/social-auth/status')).status).toBe(401);
  });

  it('disconnect refuses the last sign-in method (409) and changes nothing; with two, one can go', async () => {
    const phone = freshPhone();
    const web = await phoneSignIn(ctx, phone);
    const before = await snapshot(ctx);
    const last = await ctx.json('/social-auth/disconnect', {
      body: { provider: 'phone' },
      headers: bearer(web.accessToken),
    });
    expect(last.status).toBe(409);
    expect(last.body.message).toBe(LAST_METHOD_MESSAGE);
    expect(await snapshot(ctx)).toEqual(before);

    const id = freshTelegramId();
    await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: signInitData({ id, first_name: 'Ravi' }, ctx.now()) },
      headers: bearer(web.accessToken),
    });
    const res = await ctx.json('/social-auth/disconnect', {
      body: { provider: 'phone' },
      headers: bearer(web.accessToken),
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user.phoneNumber).toBeNull();
    expect(await identitiesOf(ctx, web.user.id)).toEqual([`telegram:${id}`]);
    // Now Telegram is the only way in, so it stays.
    const telegramLast = await ctx.json('/social-auth/disconnect', {
      body: { provider: 'telegram' },
      headers: bearer(web.accessToken),
    });
    expect(telegramLast.status).toBe(409);
    // The freed phone can make a new account, or be linked elsewhere.
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const again = await phoneSignIn(ctx, phone);
    expect(again.user.id).not.toBe(web.user.id);
    expect(again.isNewUser).toBe(true);
  });

  it('disconnecting a method that is not linked is 404', async () => {
    const web = await phoneSignIn(ctx);
    const res = await ctx.json('/social-auth/disconnect', {
      body: { provider: 'google' },
      headers: bearer(web.accessToken),
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('No Google account is linked to your account.');
  });

  it('two concurrent disconnects of an account’s two methods: one wins, the account keeps a way in', async () => {
    const web = await phoneSignIn(ctx);
    await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: signInitData({ id: freshTelegramId(), first_name: 'Ravi' }, ctx.now()) },
      headers: bearer(web.accessToken),
    });
    const results = await Promise.all(
      (['phone', 'telegram'] as const).map((provider) =>
        ctx.json('/social-auth/disconnect', { body: { provider }, headers: bearer(web.accessToken) }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await identitiesOf(ctx, web.user.id)).toHaveLength(1);
  });

  it('concurrent first sign-ins of one Telegram user create exactly one account', async () => {
    const id = freshTelegramId();
    const before = await userCount();
    const results = await Promise.all(Array.from({ length: 5 }, () => telegramSignIn(ctx, id)));
    expect(new Set(results.map((r) => r.user.id)).size).toBe(1);
    expect(results.filter((r) => r.isNewUser)).toHaveLength(1);
    expect(await userCount()).toBe(before + 1);
  });

  it('accounts made before identities existed are adopted: the phone signs in to them and cannot be linked elsewhere', async () => {
    const phone = freshPhone();
    const [legacy] = await ctx.deps.db
      .insert(schema.users)
      .values({ phoneNumber: phone, isVerified: true })
      .returning();
    const tg = await telegramSignIn(ctx);
    const refused = await linkPhone(tg.accessToken, phone);
    expect(refused.status).toBe(409);
    ctx.advance(RETRY_LOGIN_AFTER_MS);
    const signedIn = await phoneSignIn(ctx, phone);
    expect(signedIn.user.id).toBe(legacy!.id);
    expect(await identitiesOf(ctx, legacy!.id)).toEqual([`phone:${phone}`]);
  });

  it('linking needs a session: 401 without a bearer token', async () => {
    const res = await ctx.json('/social-auth/link-telegram', {
      body: { initDataRaw: signInitData({ id: freshTelegramId(), first_name: 'Ravi' }, ctx.now()) },
    });
    expect(res.status).toBe(401);
  });
});
