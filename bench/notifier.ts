/**
 * Notifier messages per second against the fake Bot API at Telegram's real limits (1 message per chat and 30
 * overall in any second), as a ratio to Telegram's 30/s, and the 429s the limits gave (self-caused; goal 0).
 * `BENCH_NOTIFICATIONS` (300) rows to as many users on a throwaway PostgreSQL database; `BENCH_NOTIFIERS` (1)
 * workers, each given 30/N per second as in production. Prints; asserts nothing.
 */
import { randomUUID } from 'node:crypto';
import { startNotifier } from '@khel/bot';
import { createTestPostgresDatabase } from '@khel/db';
import { botChats, identities, outbox, users } from '@khel/db/schema';
import { startFakeTelegram } from '@khel/tests/fake-telegram';
import { eq, sql } from 'drizzle-orm';
import { ADMIN_URL, positive } from './support.ts';

const COUNT = Math.round(positive('BENCH_NOTIFICATIONS', 300));
const WORKERS = Math.round(positive('BENCH_NOTIFIERS', 1));
const TELEGRAM_PER_SECOND = 30;
const TOKEN = '7000000001:AAH-bench-token-for-the-fake-api';

const admin = new URL(ADMIN_URL);
if (!admin.searchParams.has('connect_timeout')) admin.searchParams.set('connect_timeout', '5');
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
try {
  database = await createTestPostgresDatabase(admin.toString());
} catch (err) {
  console.log(
    `notifier bench skipped: PostgreSQL is not reachable (${err instanceof Error ? err.message : err}); ` +
      'point BENCH_DATABASE_URL at a server.',
  );
  process.exit(0);
}

const fake = await startFakeTelegram({ token: TOKEN });
try {
  await database.migrate();
  const db = database.db;
  const people = Array.from({ length: COUNT }, (_, i) => ({ id: randomUUID(), chatId: 700_000_000 + i }));
  for (let i = 0; i < people.length; i += 500) {
    const part = people.slice(i, i + 500);
    await db.insert(users).values(part.map((p) => ({ id: p.id, telegramId: String(p.chatId) })));
    await db
      .insert(identities)
      .values(part.map((p) => ({ userId: p.id, provider: 'telegram' as const, subject: String(p.chatId) })));
    await db.insert(botChats).values(part.map((p) => ({ userId: p.id, chatId: p.chatId })));
    await db.insert(outbox).values(
      part.map((p) => ({
        kind: 'quest_completed' as const,
        userId: p.id,
        dedupeKey: `bench:${p.id}`,
        payload: { questSlug: 'summer-cup', questTitle: 'Summer Cup', kcash: '50000' },
      })),
    );
  }

  const quiet = { info() {}, warn() {}, error() {} };
  const started = performance.now();
  const notifiers = Array.from({ length: WORKERS }, () =>
    startNotifier({
      db,
      token: TOKEN,
      apiRoot: fake.apiRoot,
      botUsername: 'khel_test_bot',
      miniAppUrl: 'https://khel.example/tma/',
      messagesPerWindow: Math.max(1, Math.floor(TELEGRAM_PER_SECOND / WORKERS)),
      pollIntervalMs: 50,
      logger: quiet,
    }),
  );
  const pending = async () =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(outbox).where(eq(outbox.status, 'pending')))[0]
      ?.n ?? 0;
  while ((await pending()) > 0) await new Promise((resolve) => setTimeout(resolve, 100));
  const elapsedMs = performance.now() - started;
  await Promise.all(notifiers.map((n) => n.stop()));

  const sent = fake.sent();
  const times = fake
    .callsTo('sendMessage')
    .filter((c) => c.status === 200)
    .map((c) => c.at);
  // Sends go out in bursts of up to 30 a second: the rate counts from the first send until the window after the
  // last one closes (n messages over span + 1 s), which is what the limits allow at most.
  const span = (Math.max(...times) - Math.min(...times)) / 1000;
  const rate = sent.length / (span + 1);
  const duplicates = sent.length - new Set(sent.map((m) => m.chatId)).size;
  console.log(
    `notifier: ${COUNT} notifications to ${COUNT} users, ${WORKERS} worker(s), fake Bot API at Telegram's limits`,
  );
  console.log(
    `  ${rate.toFixed(1)} messages/s = ${(rate / TELEGRAM_PER_SECOND).toFixed(2)} × Telegram's ${TELEGRAM_PER_SECOND}/s (goal ≥ 0.9)`,
  );
  console.log(
    `  self-caused 429: ${fake.floodRefusals().length} (goal 0)   sent ${sent.length}   duplicates ${duplicates}   wall ${(elapsedMs / 1000).toFixed(1)} s`,
  );
} finally {
  await fake.close();
  await database.close();
}
