import { serve } from '@hono/node-server';
import { createDatabase } from '@khel/db';
import { Hono } from 'hono';
import { createBot } from './bot.ts';
import { BotConfigError, loadBotConfig } from './env.ts';
import { createKhelApi } from './khel-api.ts';
import { consoleLogger as logger } from './logger.ts';
import { startBot } from './run.ts';
import { createWebhookApp } from './webhook.ts';

// Standalone bot process: `pnpm --filter @khel/bot start`.
let config: ReturnType<typeof loadBotConfig>;
try {
  config = loadBotConfig();
} catch (error) {
  if (error instanceof BotConfigError) {
    logger.error(error.message);
    process.exit(1);
  }
  throw error;
}

// With DATABASE_URL, /start records who opened the bot and /settings works; the notifier is main-notifier.ts.
const database = config.databaseUrl
  ? createDatabase({
      kind: 'postgres',
      url: config.databaseUrl,
      max: 3,
      ...(config.databasePoolMode ? { poolMode: config.databasePoolMode } : {}),
    })
  : null;
if (!database) logger.warn('DATABASE_URL is not set: /start records no chats and /settings is unavailable');

const bot = createBot(config.token, {
  miniAppUrl: config.miniAppUrl,
  apiRoot: config.apiRoot,
  logger,
  ...(database ? { db: database.db } : {}),
  ...(config.miniAppShortName ? { miniAppShortName: config.miniAppShortName } : {}),
  // The clan chief's console and inline mode (POG cards) act through the API (KHEL_API_URL, else PUBLIC_URL + /api).
  khelApi: createKhelApi({ baseUrl: config.khelApiUrl, botToken: config.token }),
});
logger.info('Clan console and inline mode call the Khel API', { khelApiUrl: config.khelApiUrl });

let closeServer: () => Promise<void> = async () => {};

if (config.mode === 'webhook' && config.webhookUrl && config.webhookSecret) {
  const app = new Hono();
  app.get('/healthz', (c) => c.text('ok'));
  app.route(
    new URL(config.webhookUrl).pathname,
    createWebhookApp(bot, { secretToken: config.webhookSecret }),
  );
  const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
    logger.info(`Webhook server listening on port ${info.port}`);
  });
  closeServer = () => new Promise((resolve) => server.close(() => resolve()));
}

const handle = startBot(bot, {
  mode: config.mode,
  logger,
  ...(config.mode === 'webhook' ? { webhookUrl: config.webhookUrl, secretToken: config.webhookSecret } : {}),
});

handle.ready.catch(() => {
  logger.error('The bot could not start; check TELEGRAM_BOT_TOKEN and the webhook settings');
  process.exitCode = 1;
});

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`Received ${signal}, stopping the bot`);
    void Promise.all([handle.stop(), closeServer()])
      .then(() => database?.close())
      .then(() => process.exit());
  });
}
