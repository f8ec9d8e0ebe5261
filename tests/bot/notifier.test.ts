import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  NOTIFICATION_TEXTS,
  type NotifierHandle,
  type NotifierOptions,
  notifierApi,
  startNotifier,
} from '@khel/bot';
import { type DatabaseHandle, writeNotificationPreferences } from '@khel/db';
import { botChats, dailyClaims, notificationSettings, outbox } from '@khel/db/schema';
import { buttonUrl, type FakeTelegram, inlineButtons } from '@khel/tests/fake-telegram';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BOT_USERNAME, fakeTelegram, MINI_APP_URL, TOKEN } from './helpers.ts';
import { enqueue, outboxRows, seedUsers, testDatabase } from './notifier-support.ts';

/**
 * The outbox notifier against the fake Bot API, on PostgreSQL. Telegram's limits (1 message/s per chat, 30/s
 * overall) are enforced by the fake; these tests shrink the window to 100 ms on both sides (30 per 100 ms, 1 per
 * chat per 100 ms), the same rules ten times faster.
 */
const WINDOW_MS = 100;

let database: DatabaseHandle & { url: string };
let fake: FakeTelegram;
const running: NotifierHandle[] = [];

beforeAll(async () => {
  database = await testDatabase();
}, 60_000);
afterAll(async () => {
  await database?.close();
});
afterEach(async () => {
  for (const notifier of running.splice(0)) await notifier.stop();
  await fake?.close();
  await database.db.execute(
    sql`truncate outbox, web_push_deliveries, notification_settings, notification_preferences, bot_chats`,
  );
});

async function fakeWithFastLimits() {
  fake = await fakeTelegram({ limits: { perChat: 1, global: 30, windowMs: WINDOW_MS } });
  return fake;
}

function notifier(options: Partial<NotifierOptions> = {}): NotifierHandle {
  const handle = startNotifier({
    db: database.db,
    token: TOKEN,
    apiRoot: fake.apiRoot,
    botUsername: BOT_USERNAME,
    miniAppUrl: MINI_APP_URL,
    logger: { info() {}, warn() {}, error() {} },
    messagesPerWindow: 30,
    windowMs: WINDOW_MS,
    perChatIntervalMs: WINDOW_MS,
    pollIntervalMs: 10,
    leaseMs: 5_000,
    ...options,
  });
  running.push(handle);
  return handle;
}

/**
 * Waits until the outbox rows satisfy `predicate`. The timeout only keeps a broken notifier from hanging the
 * run: it is far above what the sends take (1 000 rows at the fast limits: a few seconds alone, 837 done after
 * 20 s once on a machine loaded by a whole bot suite and two typechecks).
 */
async function waitForStatuses(
  predicate: (rows: Awaited<ReturnType<typeof outboxRows>>) => boolean,
  timeoutMs = 90_000,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await outboxRows(database.db);
    if (predicate(rows)) return rows;
    if (Date.now() > deadline)
      throw new Error(`outbox not settled within ${timeoutMs} ms: ${JSON.stringify(countBy(rows))}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const allSettled = (rows: Awaited<ReturnType<typeof outboxRows>>) =>
  rows.every((r) => r.status !== 'pending');

function countBy(rows: Array<{ status: string }>) {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

describe('the outbox notifier', () => {
  it('sends 1 000 notifications to 1 000 users, each once, without a single 429 from the flood limits', async () => {
    await fakeWithFastLimits();
    const people = await seedUsers(database.db, 1_000);
    await enqueue(
      database.db,
      people.map((p) => ({ userId: p.id })),
    );

    notifier();
    const rows = await waitForStatuses(allSettled);

    expect(countBy(rows)).toEqual({ sent: 1_000 });
    expect(fake.floodRefusals()).toEqual([]);
    expect(fake.callsTo('sendMessage').filter((c) => c.status !== 200)).toEqual([]);
    const chats = new Set(fake.sent().map((m) => m.chatId));
    expect(chats.size).toBe(1_000);
    expect(fake.sent()).toHaveLength(1_000);
  }, 120_000);

  it("writes in the user's language with a button that opens the Mini App screen of the deep-link table", async () => {
    await fakeWithFastLimits();
    const [hindi] = await seedUsers(database.db, 1, { languageCode: 'hi' });
    const [brazilian] = await seedUsers(database.db, 1, { languageCode: 'pt-BR' });
    await enqueue(database.db, [
      { userId: hindi!.id, payload: { questSlug: 'summer-cup', questTitle: 'Summer Cup', kcash: '50000' } },
      {
        userId: brazilian!.id,
        kind: 'earning_expiring',
        payload: { title: 'Daily bonus', kcash: '1500000' },
      },
    ]);

    notifier();
    await waitForStatuses(allSettled);

    const [toHindi] = fake.sent(hindi!.chatId);
    expect(toHindi?.text).toBe(
      NOTIFICATION_TEXTS.hi.quest_completed({
        title: 'Summer Cup',
        kcash: '50',
        kpoints: null,
        slotsLeft: '',
        hub: '',
        doc: '',
        ok: false,
      } as never).text,
    );
    expect(inlineButtons(toHindi)).toEqual([
      { text: 'क्वेस्ट देखें', web_app: { url: 'https://khel.example/tma/quest-details/summer-cup' } },
    ]);
    const [toBrazilian] = fake.sent(brazilian!.chatId);
    expect(toBrazilian?.text).toContain('1.500 K-Cash');
    expect(buttonUrl(inlineButtons(toBrazilian)[0])).toBe('https://khel.example/tma/collect-earnings');
  });

  it('skips users who never opened the bot or turned the kind off, without calling Telegram', async () => {
    await fakeWithFastLimits();
    const [stranger] = await seedUsers(database.db, 1, { openedBot: false });
    const [quiet] = await seedUsers(database.db, 1);
    await database.db
      .insert(notificationSettings)
      .values({ userId: quiet!.id, kind: 'quest_completed', enabled: false });
    await enqueue(database.db, [
      { userId: stranger!.id },
      { userId: quiet!.id },
      { userId: quiet!.id, kind: 'reward_ready' },
    ]);

    notifier();
    const rows = await waitForStatuses(allSettled);

    expect(rows.map((r) => r.status)).toEqual(['skipped', 'skipped', 'sent']);
    expect(fake.sent().map((m) => m.chatId)).toEqual([quiet!.chatId]);
  });

  it('skips a streak reminder whose day was claimed meanwhile or is over, and sends the others', async () => {
    const now = Date.UTC(2026, 2, 5, 14, 45);
    fake = await fakeTelegram({ limits: { perChat: 1, global: 30, windowMs: WINDOW_MS }, now: () => now });
    const [claimed, late, waiting] = await seedUsers(database.db, 3);
    const day = '2026-03-05';
    const reminder = (userId: string, endsAt: string) => ({
      userId,
      kind: 'daily_streak_reminder' as const,
      payload: { streak: 4, day, endsAt },
      availableAt: new Date(now),
    });
    await database.db.insert(dailyClaims).values({ userId: claimed!.id, day, streak: 5, amount: 30n });
    await enqueue(database.db, [
      reminder(claimed!.id, '2026-03-05T18:30:00.000Z'),
      reminder(late!.id, '2026-03-05T14:45:00.000Z'),
      reminder(waiting!.id, '2026-03-05T18:30:00.000Z'),
    ]);

    notifier({ clock: () => now });
    const rows = await waitForStatuses(allSettled);

    expect(rows.map((r) => [r.userId, r.status])).toEqual([
      [claimed!.id, 'skipped'],
      [late!.id, 'skipped'],
      [waiting!.id, 'sent'],
    ]);
    expect(fake.sent().map((m) => m.chatId)).toEqual([waiting!.chatId]);
    expect(fake.sent()[0]?.text).toContain('4-day streak');
  });

  it('mute all skips; quiet hours (the user’s local time) hold a row until they end, then it goes once', async () => {
    // 18:00 UTC: 23:30 in India, 15:00 in Brasília. One test clock for the notifier and the fake.
    let now = Date.UTC(2026, 2, 5, 18, 0);
    fake = await fakeTelegram({ limits: { perChat: 1, global: 30, windowMs: WINDOW_MS }, now: () => now });
    const [muted, sleeper, brazilian] = await seedUsers(database.db, 3);
    const night = { start: 22 * 60, end: 8 * 60 };
    await writeNotificationPreferences(database.db, muted!.id, { muted: true });
    // No zone chosen and nothing known of where they are: IST.
    await writeNotificationPreferences(database.db, sleeper!.id, { quietHours: night });
    await writeNotificationPreferences(database.db, brazilian!.id, {
      quietHours: night,
      timeZone: 'America/Sao_Paulo',
    });
    const due = new Date(now);
    await enqueue(database.db, [
      { userId: muted!.id, availableAt: due },
      { userId: sleeper!.id, availableAt: due },
      { userId: brazilian!.id, availableAt: due },
    ]);

    notifier({ clock: () => now });
    const held = await waitForStatuses(
      (rows) =>
        rows.filter((r) => r.status !== 'pending').length === 2 &&
        rows.some((r) => r.lastError === 'quiet hours'),
    );
    expect(held.map((r) => [r.userId, r.status])).toEqual([
      [muted!.id, 'skipped'],
      [sleeper!.id, 'pending'],
      [brazilian!.id, 'sent'],
    ]);
    const waiting = held[1]!;
    // 08:00 IST the next morning; not leased and no attempt counted.
    expect(waiting.availableAt).toEqual(new Date(Date.UTC(2026, 2, 6, 2, 30)));
    expect([waiting.lockedUntil, waiting.attempts]).toEqual([null, 0]);
    expect(fake.sent().map((m) => m.chatId)).toEqual([brazilian!.chatId]);

    now = Date.UTC(2026, 2, 6, 2, 30);
    const rows = await waitForStatuses(allSettled);
    expect(rows.map((r) => r.status)).toEqual(['skipped', 'sent', 'sent']);
    expect(rows[1]!.attempts).toBe(1);
    expect(fake.sent(sleeper!.chatId)).toHaveLength(1);
    expect(fake.sent(muted!.chatId)).toEqual([]);
  });

  it('marks a user who blocked the bot (403) and skips their notifications', async () => {
    await fakeWithFastLimits();
    const [blocker, fan] = await seedUsers(database.db, 2);
    fake.blockUser(blocker!.chatId);
    await enqueue(database.db, [{ userId: blocker!.id }, { userId: fan!.id }]);

    notifier();
    await waitForStatuses(allSettled);

    const [chat] = await database.db.select().from(botChats).where(eq(botChats.userId, blocker!.id));
    expect(chat?.blockedAt).toBeInstanceOf(Date);
    const rows = await outboxRows(database.db);
    expect(rows.map((r) => [r.userId, r.status])).toEqual([
      [blocker!.id, 'skipped'],
      [fan!.id, 'sent'],
    ]);
    // Later notifications for the blocked user are skipped without another call.
    const callsBefore = fake.callsTo('sendMessage').length;
    await enqueue(database.db, [{ userId: blocker!.id }]);
    await waitForStatuses((all) => all.length === 3 && allSettled(all));
    expect(fake.callsTo('sendMessage')).toHaveLength(callsBefore);
  });

  it('honours a 429 retry_after of an hour for that chat only: nothing reaches it before, other chats go on', async () => {
    // One clock for the fake and the notifier, which the test moves on: the hour cannot pass by itself.
    let skipped = 0;
    const now = () => Date.now() + skipped;
    fake = await fakeTelegram({ limits: { perChat: 1, global: 30, windowMs: WINDOW_MS }, now });
    const [slowed, ...others] = await seedUsers(database.db, 5);
    fake.failNextSendTo(slowed!.chatId, 1, { code: 429, retryAfter: 3_600 });
    await enqueue(database.db, [
      { userId: slowed!.id },
      { userId: slowed!.id },
      ...others.map((p) => ({ userId: p.id })),
    ]);

    notifier({ clock: now });
    const refused = (await fake.waitFor(() =>
      fake
        .callsTo('sendMessage')
        .find((c) => Number(c.params.chat_id) === slowed!.chatId && c.status === 429),
    )) as { at: number };
    // The other chats go on while that one waits.
    const sentMeanwhile = await fake.waitForSent(4, undefined, 20_000);
    expect(new Set(sentMeanwhile.map((m) => m.chatId))).toEqual(new Set(others.map((p) => p.chatId)));
    await waitForStatuses((rows) => rows.filter((r) => r.status === 'sent').length === 4);
    expect(fake.sent(slowed!.chatId)).toEqual([]);

    skipped += 3_600_000;
    const toSlowed = await fake.waitForSent(2, slowed!.chatId, 20_000);
    const sendsToSlowed = fake
      .callsTo('sendMessage')
      .filter((c) => Number(c.params.chat_id) === slowed!.chatId && c.at > refused.at);
    expect(toSlowed).toHaveLength(2);
    expect(sendsToSlowed).toHaveLength(2);
    for (const call of sendsToSlowed) expect(call.at - refused.at).toBeGreaterThanOrEqual(3_600_000);
    expect(fake.floodRefusals()).toEqual([]);
  });

  it('paid broadcasts: sends carry allow_paid_broadcast only when the operator set it, and go past the free limit', async () => {
    // The free limit shrunk to 3 and the paid one to 30 per window: a notifier paced at 30 per window needs the flag.
    fake = await fakeTelegram({ limits: { perChat: 1, global: 3, paidGlobal: 30, windowMs: WINDOW_MS } });
    const people = await seedUsers(database.db, 60);
    await enqueue(
      database.db,
      people.map((p) => ({ userId: p.id })),
    );
    notifier({ paidBroadcast: true, messagesPerWindow: 30 });
    await waitForStatuses(allSettled);
    expect(fake.sent()).toHaveLength(60);
    const calls = fake.callsTo('sendMessage');
    expect(calls.every((c) => c.params.allow_paid_broadcast === true)).toBe(true);
    expect(fake.paidBroadcasts()).toEqual({ messages: 60, stars: 6 });
    expect(fake.floodRefusals()).toEqual([]);
    for (const notifierHandle of running.splice(0)) await notifierHandle.stop();
    // The paid sends still fill the fake's current window, which free sends share: a new notifier starting
    // inside it would be refused (rightly) by the free limit. Wait until that window is over.
    const lastPaid = calls.at(-1)!.at;
    await fake.waitFor(() => Date.now() >= lastPaid + WINDOW_MS, 20_000);

    // Without the setting: no flag, and the notifier keeps to the free rate it was given.
    const more = await seedUsers(database.db, 6);
    await enqueue(
      database.db,
      more.map((p) => ({ userId: p.id })),
    );
    notifier({ messagesPerWindow: 3 });
    await waitForStatuses(allSettled);
    const free = fake.callsTo('sendMessage').slice(calls.length);
    expect(free).toHaveLength(6);
    expect(free.every((c) => !('allow_paid_broadcast' in c.params))).toBe(true);
    expect(fake.paidBroadcasts().messages).toBe(60);
    expect(fake.floodRefusals()).toEqual([]);
  });

  it('two workers on one database send each notification once', async () => {
    await fakeWithFastLimits();
    const singles = await seedUsers(database.db, 300);
    const regulars = await seedUsers(database.db, 20);
    await enqueue(database.db, [
      ...singles.map((p) => ({ userId: p.id })),
      ...regulars.flatMap((p) => [{ userId: p.id }, { userId: p.id }, { userId: p.id }]),
    ]);

    // Telegram's overall limit is shared: each of the two workers takes half.
    notifier({ messagesPerWindow: 15 });
    notifier({ messagesPerWindow: 15 });
    const rows = await waitForStatuses(allSettled);

    expect(countBy(rows)).toEqual({ sent: 360 });
    const texts = fake.sent().map((m) => m.text);
    expect(texts).toHaveLength(360);
    expect(new Set(texts).size).toBe(360);
    expect(fake.floodRefusals()).toEqual([]);
  });

  it('a worker killed mid-batch loses nothing: its rows are sent once by another after the lease', async () => {
    await fakeWithFastLimits();
    const people = await seedUsers(database.db, 40);
    await enqueue(
      database.db,
      people.map((p) => ({ userId: p.id })),
    );

    // Worker A claims 10 rows and hangs on sending them (as a process frozen before its requests left).
    const frozenApi = notifierApi(TOKEN, fake.apiRoot);
    frozenApi.config.use((prev, method, payload, signal) =>
      method === 'sendMessage'
        ? new Promise((_, reject) => signal?.addEventListener('abort', () => reject(new Error('killed'))))
        : prev(method, payload, signal),
    );
    const a = notifier({ api: frozenApi, batchSize: 10, lanes: 1, leaseMs: 800 });
    const claimed = await waitForStatuses(
      (rows) => rows.filter((r) => r.lockedUntil !== null).length === 10,
      5_000,
    );
    const claimedIds = claimed.filter((r) => r.lockedUntil !== null).map((r) => r.id);
    a.kill();
    running.splice(running.indexOf(a), 1);

    notifier({ leaseMs: 800 });
    const rows = await waitForStatuses(allSettled);

    expect(countBy(rows)).toEqual({ sent: 40 });
    expect(fake.sent()).toHaveLength(40);
    expect(new Set(fake.sent().map((m) => m.chatId)).size).toBe(40);
    // A's rows were taken again (a second attempt) once its lease had run out.
    const retaken = await database.db.select().from(outbox).where(sql`${outbox.id} in ${claimedIds}`);
    expect(retaken.every((r) => r.attempts === 2)).toBe(true);
  });

  it('a notifier process killed (SIGKILL) mid-batch loses nothing and sends nothing twice', async () => {
    await fakeWithFastLimits();
    const people = await seedUsers(database.db, 40);
    await enqueue(
      database.db,
      people.map((p) => ({ userId: p.id })),
    );

    // The child claims 10 rows, sends one, and waits a minute before the next: killed, it leaves 9 leased.
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('./notifier-worker.ts', import.meta.url))],
      {
        cwd: fileURLToPath(new URL('..', import.meta.url)),
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          TELEGRAM_API_ROOT: fake.apiRoot,
          TELEGRAM_BOT_TOKEN: TOKEN,
        },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const claimed = await waitForStatuses(
        (rows) =>
          rows.filter((r) => r.status === 'sent').length === 1 &&
          rows.filter((r) => r.attempts === 1).length === 10,
        20_000,
      );
      child.kill('SIGKILL');
      await exited;
      const leftLeased = claimed.filter((r) => r.status === 'pending' && r.attempts === 1).map((r) => r.id);
      expect(leftLeased).toHaveLength(9);

      notifier();
      const rows = await waitForStatuses(allSettled);
      expect(countBy(rows)).toEqual({ sent: 40 });
      expect(fake.sent()).toHaveLength(40);
      expect(new Set(fake.sent().map((m) => m.chatId)).size).toBe(40);
      expect(rows.filter((r) => leftLeased.includes(r.id)).every((r) => r.attempts === 2)).toBe(true);
    } finally {
      child.kill('SIGKILL');
    }
  });
});
