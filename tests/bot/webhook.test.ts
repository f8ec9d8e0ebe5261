import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type BotHandle, createBot, createWebhookApp, startBot } from '@khel/bot';
import { buttonUrl, type FakeTelegram, inlineButtons, startUpdate } from '@khel/tests/fake-telegram';
import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeTelegram, MINI_APP_URL, spyLogger, TOKEN } from './helpers.ts';

const SECRET = 'wh_Secret-0123456789abcdef';
const WRONG_SAME_LENGTH = 'wh_Secret-0123456789abcdeX';

let fake: FakeTelegram;
let server: Server | undefined;
let handle: BotHandle | undefined;

beforeEach(async () => {
  fake = await fakeTelegram();
});
afterEach(async () => {
  await handle?.stop();
  handle = undefined;
  if (server) await new Promise<void>((resolve) => server?.close(() => resolve()));
  server = undefined;
  await fake.close();
});

/** The API server mounts the webhook app under a path; the tests do the same. */
function apiServerApp() {
  const logger = spyLogger();
  const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger });
  const app = new Hono();
  app.route('/telegram/webhook', createWebhookApp(bot, { secretToken: SECRET }));
  return { app, bot, logger };
}

const updateBody = (userId: number, payload?: string) =>
  JSON.stringify({ ...startUpdate({ id: userId }, payload), update_id: 1000 + userId });

describe('webhook mode', () => {
  it('registers the webhook with its secret, takes Telegram’s POST with that secret (200) and replies', async () => {
    const { app, bot, logger } = apiServerApp();
    const port = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) =>
        resolve(info.port),
      ) as Server;
    });
    const webhookUrl = `http://127.0.0.1:${port}/telegram/webhook`;

    handle = startBot(bot, { mode: 'webhook', webhookUrl, secretToken: SECRET, logger });
    await handle.ready;
    expect(fake.webhook()).toEqual({ url: webhookUrl, secretToken: SECRET });

    fake.pushUpdate(startUpdate({ id: 31 }, 'quest_summer-cup'));
    const [message] = await fake.waitForSent(1, 31);
    const [delivery] = await fake.waitFor(() => fake.deliveries.length === 1 && fake.deliveries);

    expect(delivery?.status).toBe(200);
    expect(buttonUrl(inlineButtons(message)[0])).toBe('https://khel.example/tma/quest-details/summer-cup');
  });

  it('answers 200 to a request carrying the right secret and handles the update', async () => {
    const { app } = apiServerApp();

    const response = await app.request('/telegram/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
      body: updateBody(32, 'earnings'),
    });

    expect(response.status).toBe(200);
    expect(buttonUrl(inlineButtons(fake.sent(32)[0])[0])).toBe('https://khel.example/tma/collect-earnings');
  });

  it.each([
    ['no secret header', undefined],
    ['a wrong secret of the same length', WRONG_SAME_LENGTH],
    ['a wrong secret of another length', 'short'],
    ['an empty secret', ''],
  ])('answers 403 to %s before any handler runs (no Telegram call at all)', async (_case, secret) => {
    const { app } = apiServerApp();
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (secret !== undefined) headers['X-Telegram-Bot-Api-Secret-Token'] = secret;

    const response = await app.request('/telegram/webhook', {
      method: 'POST',
      headers,
      body: updateBody(33),
    });

    expect(response.status).toBe(403);
    expect(fake.callsTo('sendMessage')).toEqual([]);
    // grammY itself would call getMe before checking the secret; our check runs first.
    expect(fake.calls).toEqual([]);
  });

  it('answers 400 to a body that is not an update, even with the right secret', async () => {
    const { app } = apiServerApp();
    const post = (body: string) =>
      app.request('/telegram/webhook', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Telegram-Bot-Api-Secret-Token': SECRET },
        body,
      });

    expect((await post('{not json')).status).toBe(400);
    expect((await post('{"message":{}}')).status).toBe(400);
    expect(fake.calls).toEqual([]);
  });

  it('refuses to build a webhook app or start webhook mode without a valid secret', () => {
    const bot = createBot(TOKEN, { miniAppUrl: MINI_APP_URL, apiRoot: fake.apiRoot, logger: spyLogger() });

    expect(() => createWebhookApp(bot, { secretToken: 'has spaces' })).toThrow(/secretToken/);
    expect(() => startBot(bot, { mode: 'webhook', webhookUrl: 'https://khel.example/tg' })).toThrow(
      /secretToken/,
    );
  });
});
