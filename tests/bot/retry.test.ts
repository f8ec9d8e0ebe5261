import { createServer } from 'node:net';
import { type BotHandle, createBot, createWebhookApp, startBot } from '@khel/bot';
import { type FakeTelegram, startUpdate } from '@khel/tests/fake-telegram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeTelegram, MINI_APP_URL, spyLogger, TOKEN } from './helpers.ts';

let fake: FakeTelegram | undefined;
let handle: BotHandle | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await handle?.stop();
  handle = undefined;
  await fake?.close();
  fake = undefined;
});

/** A loopback port nobody listens on (yet). */
async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** Lets real I/O (sockets) progress while timers are fake. */
async function untilTrue(check: () => boolean, turns = 2_000): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    if (check()) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('condition not met');
}

const warnMessages = (logger: ReturnType<typeof spyLogger>) =>
  logger.warn.mock.calls.map(([message]) => message);

describe('startBot when Telegram cannot be reached', () => {
  it('keeps retrying an unreachable API root (1 s, 2 s, 4 s …), logs each failure and connects once it is up', async () => {
    const port = await unusedPort();
    const logger = spyLogger();
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: `http://127.0.0.1:${port}`, logger });
    const delays: number[] = [];
    const sleep = async (ms: number) => {
      delays.push(ms);
      if (delays.length === 3) fake = await fakeTelegram({ port }); // Telegram comes back during the 3rd wait
    };

    expect(() => {
      handle = startBot(bot, { mode: 'polling', logger, retry: { sleep, random: () => 0 } });
    }).not.toThrow();
    await handle?.ready;

    expect(delays).toEqual([1_000, 2_000, 4_000]);
    expect(warnMessages(logger)).toEqual([
      'Telegram long polling failed; retrying in 1000 ms',
      'Telegram long polling failed; retrying in 2000 ms',
      'Telegram long polling failed; retrying in 4000 ms',
    ]);
    expect(logger.warn.mock.calls[0]?.[1]).toMatchObject({
      attempt: 1,
      error: expect.stringContaining('getMe'),
    });
    fake?.pushUpdate(startUpdate({ id: 51 }));
    await fake?.waitForSent(1, 51);
  });

  it('waits exactly the backoff between attempts on 5xx answers (fake timers)', async () => {
    fake = await fakeTelegram();
    fake.failNext('getMe', 3, { code: 502, description: 'Bad Gateway' });
    const logger = spyLogger();
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger });
    // Counts attempts the moment the bot makes the call, before any network I/O.
    let getMeAttempts = 0;
    bot.api.config.use((prev, method, payload, signal) => {
      if (method === 'getMe') getMeAttempts += 1;
      return prev(method, payload, signal);
    });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    handle = startBot(bot, { mode: 'polling', logger, retry: { random: () => 0 } });
    let ready = false;
    handle.ready.then(
      () => {
        ready = true;
      },
      () => {},
    );

    for (const [index, delay] of [1_000, 2_000, 4_000].entries()) {
      await untilTrue(() => logger.warn.mock.calls.length === index + 1);
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(getMeAttempts).toBe(index + 1); // not a millisecond early
      await vi.advanceTimersByTimeAsync(1);
      expect(getMeAttempts).toBe(index + 2);
    }
    await untilTrue(() => ready);

    expect(fake.callsTo('getMe').map((c) => c.status)).toEqual([502, 502, 502, 200]);
    expect(warnMessages(logger)).toEqual([
      'Telegram long polling failed; retrying in 1000 ms',
      'Telegram long polling failed; retrying in 2000 ms',
      'Telegram long polling failed; retrying in 4000 ms',
    ]);
    expect(logger.warn.mock.calls[2]?.[1]).toMatchObject({
      error: expect.stringContaining('502: Bad Gateway'),
    });
  });

  it('retries setWebhook in webhook mode the same way', async () => {
    fake = await fakeTelegram();
    fake.failNext('setWebhook', 2, { code: 500 });
    const logger = spyLogger();
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger });
    const delays: number[] = [];

    handle = startBot(bot, {
      mode: 'webhook',
      webhookUrl: 'https://khel.example/telegram/webhook',
      secretToken: 'hook_secret',
      logger,
      retry: { sleep: async (ms) => void delays.push(ms), random: () => 0 },
    });
    await handle.ready;

    expect(delays).toEqual([1_000, 2_000]);
    expect(fake.callsTo('setWebhook').map((c) => c.status)).toEqual([500, 500, 200]);
    expect(fake.webhook()).toEqual({
      url: 'https://khel.example/telegram/webhook',
      secretToken: 'hook_secret',
    });
  });

  it('honours retry_after when Telegram answers 429', async () => {
    fake = await fakeTelegram();
    fake.failNext('getMe', 1, { code: 429, retryAfter: 7 });
    const logger = spyLogger();
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger });
    const delays: number[] = [];

    handle = startBot(bot, {
      mode: 'polling',
      logger,
      retry: { sleep: async (ms) => void delays.push(ms), random: () => 0 },
    });
    await handle.ready;

    expect(delays).toEqual([7_000]);
  });

  it('gives up without throwing when Telegram rejects the token (401): ready rejects, the error is logged', async () => {
    fake = await fakeTelegram();
    const logger = spyLogger();
    const bot = createBot('7000000001:wrong-token', {
      miniAppUrl: MINI_APP_URL,
      apiRoot: fake.apiRoot,
      logger,
    });
    const delays: number[] = [];

    handle = startBot(bot, { mode: 'polling', logger, retry: { sleep: async (ms) => void delays.push(ms) } });

    await expect(handle.ready).rejects.toThrow(/401/);
    expect(delays).toEqual([]);
    expect(fake.callsTo('getMe')).toHaveLength(1);
    expect(logger.error).toHaveBeenCalledWith(
      'Telegram refused the bot (long polling); not retrying',
      expect.objectContaining({ error: expect.stringContaining('Unauthorized') }),
    );
  });

  it('does not loop or crash when polling is impossible because the bot already serves a webhook app', async () => {
    fake = await fakeTelegram();
    const logger = spyLogger();
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger });
    createWebhookApp(bot, { secretToken: 'hook_secret' });
    const delays: number[] = [];

    handle = startBot(bot, { mode: 'polling', logger, retry: { sleep: async (ms) => void delays.push(ms) } });

    await expect(handle.ready).rejects.toThrow(/webhooks/);
    expect(delays).toEqual([]);
    expect(logger.error).toHaveBeenCalledWith(
      'The bot cannot run (long polling); not retrying',
      expect.any(Object),
    );
  });

  it('stops while waiting to retry: stop() resolves promptly and ready rejects', async () => {
    const port = await unusedPort();
    const logger = spyLogger();
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: `http://127.0.0.1:${port}`, logger });
    const controller = new AbortController();
    // The test clock stands still: stop() can only resolve if the retry wait (about 1 s) is cut short, not waited out.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    handle = startBot(bot, { mode: 'polling', logger, signal: controller.signal });
    await untilTrue(() => logger.warn.mock.calls.length === 1);
    controller.abort();
    await handle.stop();

    await expect(handle.ready).rejects.toThrow('stopped before it connected');
    expect(logger.warn).toHaveBeenCalledTimes(1);
  });
});
