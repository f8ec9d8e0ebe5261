import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, startServer } from '@khel/api/server';
import type { DatabaseHandle } from '@khel/db';
import { botChats, outbox } from '@khel/db/schema';
import {
  buttonUrl,
  commandUpdate,
  type FakeTelegram,
  inlineButtons,
  startUpdate,
} from '@khel/tests/fake-telegram';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clanOf, player as clanPlayer } from './clan-support.ts';
import { fakeTelegram, TOKEN } from './helpers.ts';
import { seedUsers, testDatabase } from './notifier-support.ts';

/** The product as `npm start` runs it: one process with the API and the bot. */
describe('all-in-one server with the bot', () => {
  let server: RunningServer | undefined;
  let fake: FakeTelegram | undefined;
  let dataDir: string | undefined;
  let database: (DatabaseHandle & { url: string }) | undefined;
  afterEach(async () => {
    await server?.close();
    await fake?.close();
    await database?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    server = fake = dataDir = database = undefined;
  });

  const start = (env: Record<string, string>) => {
    dataDir = mkdtempSync(join(tmpdir(), 'khel-all-in-one-'));
    return startServer({
      port: 0,
      host: '127.0.0.1',
      isolatedEnv: true,
      env: { NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, TELEGRAM_BOT_TOKEN: TOKEN, ...env },
    });
  };

  it('runs the bot when TELEGRAM_BOT_TOKEN is set: /start earnings opens the Mini App earnings screen', async () => {
    fake = await fakeTelegram();
    server = await start({
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_MINIAPP_URL: 'https://khel.example/tma/',
    });
    fake.pushUpdate(startUpdate({ id: 31 }, 'earnings'));
    const [reply] = await fake.waitForSent(1, 31, 15_000);
    expect(buttonUrl(inlineButtons(reply)[0])).toBe('https://khel.example/tma/collect-earnings');
    // A first start on PGlite migrates and seeds every demo set: about 20 s on a busy 2-core machine.
  }, 90_000);

  it('keeps serving the API while Telegram cannot be reached', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    // On a migrated PostgreSQL copy: the first test already starts on a fresh PGlite folder (about 30 s).
    database = await testDatabase();
    server = await start({
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      TELEGRAM_API_ROOT: `http://127.0.0.1:${closedPort}`,
    });
    const res = await fetch(`${server.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true, data: { status: 'ok' } });
  }, 90_000);

  it('runs the notifier beside the bot: /start records the chat, then an outbox row reaches it with its button', async () => {
    database = await testDatabase();
    const [player] = await seedUsers(database.db, 1, { openedBot: false });
    fake = await fakeTelegram();
    server = await start({
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_MINIAPP_URL: 'https://khel.example/tma/',
    });
    fake.pushUpdate(startUpdate({ id: player!.chatId }));
    await fake.waitForSent(1, player!.chatId, 15_000);
    const { db } = database;
    await vi.waitFor(
      async () =>
        expect(
          (await db.select().from(botChats).where(eq(botChats.userId, player!.id))).length,
        ).toBeGreaterThan(0),
      { timeout: 15_000, interval: 50 },
    );
    await database.db.insert(outbox).values({
      kind: 'quest_completed',
      userId: player!.id,
      dedupeKey: 'all-in-one:1',
      payload: { questSlug: 'summer-cup', questTitle: 'Summer Cup' },
    });
    const [, notification] = await fake.waitForSent(2, player!.chatId, 15_000);
    expect(notification?.text).toContain('Summer Cup');
    expect(buttonUrl(inlineButtons(notification)[0])).toBe(
      'https://khel.example/tma/quest-details/summer-cup',
    );
  });

  it('the clan console reaches the API in process: /clan from a chief shows the clan, the actor header verified', async () => {
    database = await testDatabase();
    const chief = await clanPlayer(database.db);
    const clan = await clanOf(database.db, chief);
    fake = await fakeTelegram();
    server = await start({
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      TELEGRAM_API_ROOT: fake.apiRoot,
      TELEGRAM_MINIAPP_URL: 'https://khel.example/tma/',
    });
    fake.pushUpdate(commandUpdate({ from: { id: chief.telegramId }, command: 'clan' }));
    const [reply] = await fake.waitForSent(1, chief.telegramId, 15_000);
    expect(reply?.text).toContain(`👑 ${clan.name}`);
  });
});
