import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_SETTINGS_EMPTY_MESSAGE,
  notificationsMessages,
  QUIET_HOURS_MESSAGE,
  TIME_ZONE_MESSAGE,
} from '@khel/core/contract';
import { openWebPushKeys } from '@khel/db';
import { webPushSubscriptions } from '@khel/db/schema';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestContext, DB_KINDS, type TestContext } from '../../test-support.ts';
import { signedInUser } from '../profile/profile.test-support.ts';

describe.each(DB_KINDS)('notification settings on %s', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('every kind is on until turned off, and the bot is not connected before /start', async () => {
    const u = await signedInUser(ctx);
    const res = await ctx.json('/users/me/notification-settings', { headers: u.auth });
    expect(res.body.data).toEqual({
      botConnected: false,
      botBlocked: false,
      settings: NOTIFICATION_KINDS.map((kind) => ({ kind, enabled: true })),
      muted: false,
      quietHours: null,
      // An Indian phone number: IST until the user picks a zone.
      timeZone: 'Asia/Kolkata',
      timeZoneChosen: false,
    });
    const saved = await ctx.json('/users/me/notification-settings', {
      method: 'PUT',
      body: { settings: [{ kind: 'quest_slots_low', enabled: false }] },
      headers: u.auth,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.settings).toContainEqual({ kind: 'quest_slots_low', enabled: false });
    const other = await signedInUser(ctx);
    const theirs = await ctx.json('/users/me/notification-settings', { headers: other.auth });
    expect(theirs.body.data.settings).toContainEqual({ kind: 'quest_slots_low', enabled: true });
  });

  it('mutes everything, sets quiet hours and a zone, each alone; the kinds keep their own switches', async () => {
    const u = await signedInUser(ctx, { phoneNumber: `+5511${String(Date.now()).slice(-9)}` });
    const put = (body: unknown) =>
      ctx.json('/users/me/notification-settings', { method: 'PUT', body, headers: u.auth });
    const muted = await put({ muted: true, quietHours: { start: '22:30', end: '07:00' } });
    expect(muted.status).toBe(200);
    expect(muted.body.data).toMatchObject({
      muted: true,
      quietHours: { start: '22:30', end: '07:00' },
      // A Brazilian phone number: Brasília time by default.
      timeZone: 'America/Sao_Paulo',
      timeZoneChosen: false,
    });
    expect(muted.body.data.settings.every((s: { enabled: boolean }) => s.enabled)).toBe(true);

    const zoned = await put({ timeZone: 'America/Manaus' });
    expect(zoned.body.data).toMatchObject({
      muted: true,
      quietHours: { start: '22:30', end: '07:00' },
      timeZone: 'America/Manaus',
      timeZoneChosen: true,
    });
    const back = await put({ muted: false, quietHours: null, timeZone: null });
    expect(back.body.data).toMatchObject({
      muted: false,
      quietHours: null,
      timeZone: 'America/Sao_Paulo',
      timeZoneChosen: false,
    });
  });

  it('refuses quiet hours that are not two different HH:MM, an unknown zone and an empty change', async () => {
    const u = await signedInUser(ctx);
    const before = (await ctx.json('/users/me/notification-settings', { headers: u.auth })).body.data;
    for (const [body, message] of [
      [{ quietHours: { start: '22:00', end: '22:00' } }, QUIET_HOURS_MESSAGE],
      [{ quietHours: { start: '25:00', end: '07:00' } }, QUIET_HOURS_MESSAGE],
      [{ quietHours: { start: '22:00' } }, undefined],
      [{ timeZone: 'Mars/Olympus' }, TIME_ZONE_MESSAGE],
      [{}, NOTIFICATION_SETTINGS_EMPTY_MESSAGE],
      [{ muted: 'yes' }, undefined],
    ] as const) {
      const res = await ctx.json('/users/me/notification-settings', { method: 'PUT', body, headers: u.auth });
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    expect((await ctx.json('/users/me/notification-settings', { headers: u.auth })).body.data).toEqual(
      before,
    );
  });

  it('refuses unknown kinds and needs a sign-in', async () => {
    const u = await signedInUser(ctx);
    const bad = await ctx.json('/users/me/notification-settings', {
      method: 'PUT',
      body: { settings: [{ kind: 'spam', enabled: true }] },
      headers: u.auth,
    });
    expect(bad.status).toBe(400);
    expect((await ctx.json('/users/me/notification-settings')).status).toBe(401);
  });
});

describe.each(DB_KINDS)("the website's Web Push subscriptions on %s", (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, inject('postgresAdminUrl'));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** A browser's PushSubscription JSON: a P-256 public key and a 16-byte auth secret. */
  function browserSubscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      endpoint,
      expirationTime: null,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
  }
  const rows = (endpoint: string) =>
    ctx.deps.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.endpoint, endpoint));

  it('gives the VAPID public key, stores a subscription with its keys sealed, and removes it', async () => {
    const key = await ctx.json('/notifications/web-push/public-key');
    expect(key.status).toBe(200);
    expect(Buffer.from(key.body.data.publicKey, 'base64url')).toHaveLength(65);

    const u = await signedInUser(ctx);
    const browser = browserSubscription();
    const on = await ctx.json('/users/me/web-push-subscriptions', {
      method: 'POST',
      body: browser,
      headers: u.auth,
    });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual({ subscribed: true });
    const [row] = await rows(browser.endpoint);
    expect(row!.userId).toBe(u.user.id);
    // The keys are secrets of the device: sealed, never stored as they came.
    expect(row!.keys).toMatch(/^v1:vapid-/);
    expect(row!.keys).not.toContain(browser.keys.p256dh);
    expect(row!.keys).not.toContain(browser.keys.auth);
    expect(openWebPushKeys(ctx.deps.webPush!.masterKey, browser.endpoint, row!.keys)).toEqual(browser.keys);

    // The same browser again under another account moves to it (one account per browser).
    const other = await signedInUser(ctx);
    await ctx.json('/users/me/web-push-subscriptions', {
      method: 'POST',
      body: browser,
      headers: other.auth,
    });
    expect((await rows(browser.endpoint)).map((r) => r.userId)).toEqual([other.user.id]);

    // Unsubscribing someone else's browser changes nothing; their own removes it.
    const notMine = await ctx.json('/users/me/web-push-subscriptions/unsubscribe', {
      method: 'POST',
      body: browser,
      headers: u.auth,
    });
    expect(notMine.body.data).toEqual({ subscribed: false });
    expect(await rows(browser.endpoint)).toHaveLength(1);
    const off = await ctx.json('/users/me/web-push-subscriptions/unsubscribe', {
      method: 'POST',
      body: browser,
      headers: other.auth,
    });
    expect(off.status).toBe(200);
    expect(await rows(browser.endpoint)).toEqual([]);
  });

  it('refuses an endpoint that is not https, keys of the wrong length and no sign-in, storing nothing', async () => {
    const u = await signedInUser(ctx);
    const subscribe = (body: unknown, headers: Record<string, string> = u.auth) =>
      ctx.json('/users/me/web-push-subscriptions', { method: 'POST', body, headers });
    const good = browserSubscription();
    const cases: Array<[unknown, string]> = [
      [{ ...good, endpoint: 'http://push.example/x' }, notificationsMessages.WEB_PUSH_SUBSCRIPTION],
      [{ ...good, endpoint: 'not a url' }, notificationsMessages.WEB_PUSH_SUBSCRIPTION],
      [
        { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } },
        notificationsMessages.WEB_PUSH_SUBSCRIPTION,
      ],
      [
        { ...good, keys: { ...good.keys, auth: randomBytes(12).toString('base64url') } },
        notificationsMessages.WEB_PUSH_SUBSCRIPTION,
      ],
      [
        { ...good, keys: { ...good.keys, p256dh: randomBytes(65).toString('base64url').replace(/^./, 'A') } },
        notificationsMessages.WEB_PUSH_SUBSCRIPTION,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await subscribe(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.success).toBe(false);
      expect(JSON.stringify(res.body)).toContain(message);
    }
    expect(
      await ctx.deps.db.select().from(webPushSubscriptions).where(eq(webPushSubscriptions.userId, u.user.id)),
    ).toEqual([]);
    expect((await subscribe(good, {})).status).toBe(401);
    expect(await rows(good.endpoint)).toEqual([]);
  });
});

describe('Web Push in production without VAPID keys', () => {
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

  it('is off: the key and subscribing answer 503, nothing is stored', async () => {
    expect(ctx.deps.webPush).toBeNull();
    const key = await ctx.json('/notifications/web-push/public-key');
    expect(key.status).toBe(503);
    expect(key.body.data).toMatchObject({ code: 'WEB_PUSH_UNAVAILABLE' });
    const u = await signedInUser(ctx);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const body = {
      endpoint: `https://fcm.googleapis.com/fcm/send/${randomUUID()}`,
      keys: {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
    };
    const on = await ctx.json('/users/me/web-push-subscriptions', { method: 'POST', body, headers: u.auth });
    expect(on.status).toBe(503);
    expect(await ctx.deps.db.select().from(webPushSubscriptions)).toEqual([]);
  });
});
