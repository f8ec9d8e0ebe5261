import { createECDH, randomUUID } from 'node:crypto';
import { renderNotification } from '@khel/bot';
import { createWebPushNotifier, liveWebPushTransport, type WebPushNotifierOptions } from '@khel/bot/web-push';
import {
  type DatabaseHandle,
  saveWebPushSubscription,
  webPushMasterKey,
  writeNotificationPreferences,
} from '@khel/db';
import {
  notificationSettings,
  outbox,
  users,
  webPushDeliveries,
  webPushSubscriptions,
} from '@khel/db/schema';
import { type FakePushService, startFakePushService } from '@khel/tests/fake-push-service';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enqueue as enqueueNow, testDatabase } from './notifier-support.ts';

/**
 * The notifier's Web Push lane on PostgreSQL against the local push service (tests/fake-push-service), which
 * checks each push's VAPID JWT and decrypts its aes128gcm body with the subscription's private key: what a
 * website gamer's browser would show, in their language, once.
 */
const vapidPair = createECDH('prime256v1');
vapidPair.generateKeys();
const vapid = {
  publicKey: vapidPair.getPublicKey().toString('base64url'),
  privateKey: vapidPair.getPrivateKey().toString('base64url'),
};
const masterKey = webPushMasterKey(vapid);
const silent = { info() {}, warn() {}, error() {} };

let database: DatabaseHandle & { url: string };
let push: FakePushService;
/** The notifier's clock (the JWT is signed on the wall clock, which the push service checks it against). */
let now = Date.parse('2026-11-30T06:00:00Z');

beforeAll(async () => {
  database = await testDatabase();
  push = await startFakePushService({ vapidPublicKey: vapid.publicKey });
}, 60_000);
afterAll(async () => {
  await push?.close();
  await database?.close();
});
afterEach(async () => {
  await database.db.execute(
    sql`truncate outbox, web_push_subscriptions, notification_settings, notification_preferences cascade`,
  );
});

function lane(options: Partial<WebPushNotifierOptions> = {}) {
  return createWebPushNotifier({
    db: database.db,
    vapid,
    subject: 'mailto:push@khel.test',
    masterKey,
    transport: liveWebPushTransport({ fetch: push.fetch }),
    logger: silent,
    clock: () => now,
    leaseMs: 60_000,
    retryDelayMs: 5_000,
    ...options,
  });
}

/** A gamer who signed in on the website (no Telegram) in `language`, with `devices` browsers subscribed. */
async function websiteGamer(language: string, devices: number) {
  const id = randomUUID();
  await database.db.insert(users).values({ id, languageCode: language });
  const subscriptions = Array.from({ length: devices }, () => push.subscribe());
  for (const s of subscriptions)
    await saveWebPushSubscription(database.db, {
      userId: id,
      endpoint: s.json.endpoint,
      keys: s.json.keys,
      master: masterKey,
    });
  return { id, subscriptions };
}

/**
 * The rows due at the notifier's clock, not at the database's (`now()` by default): the clock is a fixed
 * morning, and rows made later in a real day were in its future, so nothing was claimed after 06:00 UTC.
 */
function enqueue(db: Parameters<typeof enqueueNow>[0], drafts: Parameters<typeof enqueueNow>[1]) {
  return enqueueNow(
    db,
    drafts.map((d) => ({ availableAt: new Date(now), ...d })),
  );
}

const QUEST = { questSlug: 'summer-cup', questTitle: 'Summer Cup', kcash: '50000' };
const CLAN = { clanId: randomUUID(), clanName: 'Night Owls' };

function pushesTo(subscriptionId: string) {
  return push
    .received()
    .filter((p) => p.subscriptionId === subscriptionId)
    .map((p) => JSON.parse(p.plaintext) as { title: string; body: string; url: string; tag: string });
}

describe('Web Push from the outbox', () => {
  it('a quest and a clan notification reach a website gamer in Hindi, once, with their website screens', async () => {
    const gamer = await websiteGamer('hi', 1);
    const device = gamer.subscriptions[0]!;
    await enqueue(database.db, [
      { userId: gamer.id, kind: 'quest_completed', payload: QUEST },
      { userId: gamer.id, kind: 'clan_request_approved', payload: CLAN },
    ]);
    // Telegram's lane holds both rows (a lease of its own, status pending): Web Push does not wait for it.
    await database.db.update(outbox).set({ lockedUntil: new Date(now + 3_600_000) });

    const first = await lane().runBatch();
    expect(first).toMatchObject({ claimed: 2, sent: 2 });
    const got = pushesTo(device.id);
    expect(got).toHaveLength(2);
    const [quest, clan] = [...got].sort((a, b) => a.tag.localeCompare(b.tag));
    expect(quest).toMatchObject({ title: 'Khel', url: '/quest-details/summer-cup' });
    expect(quest!.body).toContain('Summer Cup');
    // The Telegram lane's text of the same row, in the account's language.
    expect(quest!.body).toBe(renderNotification('quest_completed', QUEST, 'hi').text);
    expect(clan!.body).toBe(renderNotification('clan_request_approved', CLAN, 'hi').text);
    expect(clan).toMatchObject({ title: 'Khel', url: '/my-clan' });
    expect(clan!.body).toContain('Night Owls');
    expect(clan!.body).toMatch(/[\u0900-\u097F]/);
    expect(push.received().every((p) => p.claims.aud === push.origin && p.ttl > 0)).toBe(true);
    expect(push.refused()).toEqual([]);

    // Done: another batch sends nothing, and Telegram's own state was left alone.
    expect(await lane().runBatch()).toMatchObject({ claimed: 0 });
    expect(pushesTo(device.id)).toHaveLength(2);
    const rows = await database.db.select().from(outbox);
    expect(rows.map((r) => [r.status, r.pushStatus])).toEqual([
      ['pending', 'sent'],
      ['pending', 'sent'],
    ]);
  });

  it('in Portuguese; after a crash and a 429 only the devices still missing it get it', async () => {
    const gamer = await websiteGamer('pt-BR', 2);
    const [phone, laptop] = gamer.subscriptions as [
      (typeof gamer.subscriptions)[0],
      (typeof gamer.subscriptions)[0],
    ];
    await enqueue(database.db, [{ userId: gamer.id, kind: 'quest_completed', payload: QUEST }]);

    // The phone's push is accepted and recorded; the process dies while the laptop's is on its way (its push
    // service got it, the answer never came back: at least once, that one goes again).
    const crash = new AbortController();
    push.onPush = (p) => {
      if (p.subscriptionId === laptop.id) crash.abort();
    };
    await lane().runBatch(crash.signal);
    push.onPush = undefined;
    expect(pushesTo(phone.id)).toHaveLength(1);
    expect(pushesTo(laptop.id)).toHaveLength(1);
    const [row] = await database.db.select().from(outbox);
    expect(row!.pushStatus).toBe('pending');
    expect(await database.db.select().from(webPushDeliveries)).toHaveLength(1);

    // Taken again once the lease ends: not to the phone, which accepted it; the laptop's service says 429.
    now += 61_000;
    push.answer(laptop.id, 429);
    expect(await lane().runBatch()).toMatchObject({ claimed: 1, retried: 1 });
    expect(pushesTo(phone.id)).toHaveLength(1);
    // Backing off: not due yet.
    expect(await lane().runBatch()).toMatchObject({ claimed: 0 });

    now += 10_000;
    expect(await lane().runBatch()).toMatchObject({ claimed: 1, sent: 1 });
    const phoneGot = pushesTo(phone.id);
    const laptopGot = pushesTo(laptop.id);
    expect(phoneGot).toHaveLength(1);
    expect(laptopGot).toHaveLength(2);
    expect(laptopGot[1]).toEqual(phoneGot[0]);
    expect(phoneGot[0]!.body).toContain('Summer Cup');
    expect(phoneGot[0]!.body).toBe(renderNotification('quest_completed', QUEST, 'pt-BR').text);
    const deliveries = await database.db.select().from(webPushDeliveries);
    expect(deliveries).toHaveLength(2);
  });

  it('quiet hours (IST, as for Telegram) hold the push until they end, then it goes once', async () => {
    const gamer = await websiteGamer('hi', 1);
    // 11:30 in India on the lane's clock: inside 11:00–12:00.
    await writeNotificationPreferences(database.db, gamer.id, {
      quietHours: { start: 11 * 60, end: 12 * 60 },
    });
    await enqueue(database.db, [{ userId: gamer.id, kind: 'quest_completed', payload: QUEST }]);
    expect(await lane().runBatch()).toMatchObject({ claimed: 1, held: 1 });
    const [held] = await database.db.select().from(outbox);
    expect(held!.pushAvailableAt?.toISOString()).toBe(
      new Date(Date.parse('2026-11-30T06:30:00Z')).toISOString(),
    );
    expect(held!.pushAttempts).toBe(0);
    expect(pushesTo(gamer.subscriptions[0]!.id)).toEqual([]);
    now = Date.parse('2026-11-30T06:31:00Z');
    expect(await lane().runBatch()).toMatchObject({ claimed: 1, sent: 1 });
    expect(pushesTo(gamer.subscriptions[0]!.id)).toHaveLength(1);
  });

  it('a device that subscribed in the same millisecond as the row, microseconds before it, gets it', async () => {
    // PostgreSQL keeps microseconds, a JavaScript Date milliseconds: the row's time must not pass through one.
    const gamer = await websiteGamer('en', 1);
    await database.db
      .update(webPushSubscriptions)
      .set({ createdAt: sql`'2026-11-30T05:59:59.000100Z'::timestamptz` });
    await enqueue(database.db, [{ userId: gamer.id, kind: 'quest_completed', payload: QUEST }]);
    await database.db.update(outbox).set({ createdAt: sql`'2026-11-30T05:59:59.000900Z'::timestamptz` });
    expect(await lane().runBatch()).toMatchObject({ claimed: 1, sent: 1 });
    expect(pushesTo(gamer.subscriptions[0]!.id)).toHaveLength(1);
  });

  it('a 410 removes the subscription; a kind turned off is skipped', async () => {
    const gamer = await websiteGamer('hi', 1);
    const device = gamer.subscriptions[0]!;
    push.answer(device.id, 410);
    await enqueue(database.db, [{ userId: gamer.id, kind: 'quest_completed', payload: QUEST }]);
    expect(await lane().runBatch()).toMatchObject({ claimed: 1 });
    expect(await database.db.select().from(webPushSubscriptions)).toEqual([]);
    const [row] = await database.db.select().from(outbox);
    expect(row!.pushStatus).toBe('none');

    const other = await websiteGamer('en', 1);
    await database.db
      .insert(notificationSettings)
      .values({ userId: other.id, kind: 'clan_request_approved', enabled: false });
    await enqueue(database.db, [{ userId: other.id, kind: 'clan_request_approved', payload: CLAN }]);
    expect(await lane().runBatch()).toMatchObject({ claimed: 1, skipped: 1 });
    expect(pushesTo(other.subscriptions[0]!.id)).toEqual([]);
    const rows = await database.db.select().from(outbox).where(eq(outbox.userId, other.id));
    expect(rows[0]!.pushStatus).toBe('skipped');
  });
});
