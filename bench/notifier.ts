/**
 * The notifier at launch scale (issue 23), on a throwaway PostgreSQL database. Prints; asserts nothing.
 *
 * 1. **Queue**: `BENCH_FANOUT` (100 000) followers who opened the bot hear that a campaign is live. The API's fan-out
 *    (`enqueueFanOut`: one `insert … select … on conflict do nothing` into `outbox`) is timed against a bare
 *    `insert … select … from generate_series` of as many rows into a table with no index, in the same run; then the
 *    same fan-out again (every key known: writes nothing); and, for the before, the row-per-loop way
 *    (`enqueueNotification` once per recipient) on `BENCH_LOOP_ROWS` (5 000) rows, extrapolated.
 * 2. **Send**: the notifier as its own process (`apps/bot/src/main-notifier.ts`, as `pnpm start:notifier` runs it)
 *    drains that outbox against the fake Bot API at Telegram's real limits (1 message per chat and 30 overall a
 *    second, 1 000 with `allow_paid_broadcast`), at 30/s and then with paid broadcasts at 1 000/s, each for a fixed
 *    window of `BENCH_SEND_SECONDS` (10) after a first second of warm-up, not all 100 000. It prints the messages
 *    sent per second as a ratio to the configured rate, and the sends the fake refused (429, self-caused; goal 0).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { enqueueFanOut, enqueueNotification } from '@khel/api/modules/notifications/outbox.ts';
import { createTestPostgresDatabase } from '@khel/db';
import { botChats, outbox, users } from '@khel/db/schema';
import { startFakeTelegram } from '@khel/tests/fake-telegram';
import { eq, like, sql } from 'drizzle-orm';
import { ADMIN_URL, positive } from './support.ts';

const FANOUT = Math.round(positive('BENCH_FANOUT', 100_000));
const LOOP_ROWS = Math.round(positive('BENCH_LOOP_ROWS', 5_000));
const SEND_SECONDS = positive('BENCH_SEND_SECONDS', 10);
const WARMUP_MS = 1_000;
const TOKEN = '7000000001:AAH-bench-token-for-the-fake-api';
const RATES = [
  { label: 'free, 30/s', perSecond: 30, paid: false },
  { label: 'paid broadcast, 1 000/s', perSecond: 1_000, paid: true },
];

const admin = new URL(ADMIN_URL);
if (!admin.searchParams.has('connect_timeout')) admin.searchParams.set('connect_timeout', '5');
let database: Awaited<ReturnType<typeof createTestPostgresDatabase>>;
try {
  database = await createTestPostgresDatabase(admin.toString(), { migrated: true });
} catch (err) {
  console.log(
    `notifier bench skipped: PostgreSQL is not reachable (${err instanceof Error ? err.message : err}); ` +
      'point BENCH_DATABASE_URL at a server.',
  );
  process.exit(0);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

const fake = await startFakeTelegram({ token: TOKEN });
try {
  await database.migrate();
  const db = database.db;

  // Followers: users who opened the bot (one private chat each), made set-based as well.
  await db.execute(sql`
    insert into ${users} (id, telegram_id)
    select gen_random_uuid(), (700000000 + i)::text from generate_series(1, ${FANOUT}) i`);
  await db.execute(sql`
    insert into ${botChats} (user_id, chat_id) select id, telegram_id::bigint from ${users}`);
  await db.execute(sql`analyze`);

  // 1. Queue.
  await db.execute(
    sql`create table bench_bare (id bigserial, kind text, user_id uuid, dedupe_key text, payload jsonb)`,
  );
  const payload = {
    campaignId: 'bench',
    campaignSlug: 'launch-cup',
    campaignTitle: 'Launch Cup',
    kcash: null,
  };
  const [, bareMs] = await timed(() =>
    db.execute(sql`
      insert into bench_bare (kind, user_id, dedupe_key, payload)
      select 'campaign_live', gen_random_uuid(), 'campaign-live:bench:' || i, ${JSON.stringify(payload)}::jsonb
      from generate_series(1, ${FANOUT}) i`),
  );
  const fanOut = () =>
    db.transaction((tx) =>
      enqueueFanOut(tx, {
        kind: 'campaign_live',
        recipients: sql`select user_id from ${botChats}`,
        dedupeKeyPrefix: 'campaign-live:bench:',
        payload,
      }),
    );
  const [written, fanOutMs] = await timed(fanOut);
  const [again, againMs] = await timed(fanOut);
  // Before: one statement per recipient, as the loops did (on a few rows, then extrapolated).
  const loopUsers = await db.select({ id: users.id }).from(users).limit(LOOP_ROWS);
  const [, loopMs] = await timed(() =>
    db.transaction(async (tx) => {
      for (const u of loopUsers)
        await enqueueNotification(tx, {
          kind: 'campaign_live',
          userId: u.id,
          dedupeKey: `campaign-live:loop:${u.id}`,
          payload,
        });
    }),
  );
  await db.delete(outbox).where(like(outbox.dedupeKey, 'campaign-live:loop:%'));
  const loopPerRow = loopMs / LOOP_ROWS;

  console.log(`notifier: a fan-out to ${FANOUT.toLocaleString('en')} followers, on PostgreSQL`);
  console.log(
    `  set-based fan-out (insert … select … on conflict do nothing): ${seconds(fanOutMs)} for ${written} rows ` +
      `= ${(fanOutMs / bareMs).toFixed(2)} × a bare insert … select generate_series (${seconds(bareMs)}) (goal ≤ 10 s)`,
  );
  console.log(`  the same fan-out again (every key known): ${seconds(againMs)}, ${again} rows written`);
  console.log(
    `  before, a row per loop iteration: ${(1000 / loopPerRow).toFixed(0)} rows/s over ${LOOP_ROWS} rows ` +
      `= ${seconds(loopPerRow * FANOUT)} for ${FANOUT.toLocaleString('en')} (${((loopPerRow * FANOUT) / fanOutMs).toFixed(1)} × the fan-out)`,
  );

  // 2. Send, the notifier as its own process, at each configured rate for a fixed window.
  console.log(
    `  sending against the fake Bot API at Telegram's limits, ${SEND_SECONDS} s after ${WARMUP_MS / 1000} s of warm-up:`,
  );
  const root = fileURLToPath(new URL('..', import.meta.url));
  for (const rate of RATES) {
    const callsBefore = fake.callsTo('sendMessage').length;
    const refusedBefore = fake.floodRefusals().length;
    const paidBefore = fake.paidBroadcasts();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/bot/src/main-notifier.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        TELEGRAM_BOT_TOKEN: TOKEN,
        TELEGRAM_API_ROOT: fake.apiRoot,
        TELEGRAM_MINIAPP_URL: 'https://khel.example/tma/',
        NOTIFIER_MESSAGES_PER_SECOND: String(rate.perSecond),
        NOTIFIER_PAID_BROADCAST: String(rate.paid),
      },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const first = await fake.waitFor(
      () =>
        fake
          .callsTo('sendMessage')
          .slice(callsBefore)
          .find((c) => c.status === 200),
      60_000,
    );
    const from = first.at + WARMUP_MS;
    const to = from + SEND_SECONDS * 1000;
    while (Date.now() < to + 500) await new Promise((resolve) => setTimeout(resolve, 100));
    child.kill('SIGTERM');
    await exited;
    const calls = fake.callsTo('sendMessage').slice(callsBefore);
    const inWindow = calls.filter((c) => c.status === 200 && c.at >= from && c.at < to).length;
    const sentRate = inWindow / SEND_SECONDS;
    const perSecond = Array.from(
      { length: Math.ceil(SEND_SECONDS) },
      (_, i) =>
        calls.filter((c) => c.status === 200 && c.at >= from + i * 1000 && c.at < from + (i + 1) * 1000)
          .length,
    );
    const paid = fake.paidBroadcasts();
    const flagged = calls.filter((c) => c.params.allow_paid_broadcast === true).length;
    console.log(
      `    ${rate.label.padEnd(24)} ${sentRate.toFixed(1).padStart(7)} messages/s = ${(sentRate / rate.perSecond).toFixed(2)} × configured ` +
        `(goal ≥ 0.9)   self-caused 429: ${fake.floodRefusals().length - refusedBefore}   ` +
        `sends with allow_paid_broadcast: ${flagged} (${(paid.stars - paidBefore.stars).toFixed(1)} Stars)`,
    );
    console.log(`      each second: ${perSecond.join(' ')}`);
  }
  const left = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outbox)
    .where(eq(outbox.status, 'pending'));
  console.log(`  still pending when stopped: ${left[0]?.n ?? 0} (the windows are fixed; not all are sent)`);
} finally {
  await fake.close();
  await database.close();
}
