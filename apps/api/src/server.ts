import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createBot, createWebhookApp, startBot } from '@khel/bot';
import { databaseFromEnv } from '@khel/db';
import { Hono } from 'hono';
import { createApp } from './app.ts';
import { createDeps } from './deps.ts';
import { type Env, loadEnv } from './env.ts';
import { closeEventStreams } from './lib/event-stream.ts';
import { envelope } from './lib/http.ts';
import { createLogger } from './lib/logger.ts';
import { startJobWorker } from './services/jobs.ts';
import { mountStaticSite } from './static.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const TELEGRAM_FRAME_ANCESTORS = "'self' https://web.telegram.org https://*.telegram.org";

export interface StartServerOptions {
  port?: number;
  host?: string;
  /** Overrides on top of process.env (tests pass their own). */
  env?: Record<string, string | undefined>;
  /** Ignore process.env entirely (tests). */
  isolatedEnv?: boolean;
}

export interface RunningServer {
  url: string;
  port: number;
  env: Env;
  close(): Promise<void>;
}

/**
 * The all-in-one product (DESIGN §2): API at /api, website at /, Mini App at /tma/, and the bot
 * when a token is configured. One process, PGlite under DATA_DIR unless DATABASE_URL is set.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = loadEnv({
    ...(options.isolatedEnv ? {} : process.env),
    ...options.env,
    ...(options.port !== undefined ? { PORT: String(options.port) } : {}),
    ...(options.host !== undefined ? { HOST: options.host } : {}),
  });
  const logger = createLogger(env.LOG_LEVEL, { service: 'khel' });
  const dataDir = resolve(env.DATA_DIR);
  const database = databaseFromEnv({ DATABASE_URL: env.DATABASE_URL, dataDir: resolve(dataDir, 'pglite') });
  const deps = await createDeps({ ...env, DATA_DIR: dataDir }, database, { logger });
  const jobWorker = env.JOB_WORKER_ENABLED ? startJobWorker(deps) : undefined;

  const root = new Hono();
  root.route('/api', createApp(deps));
  root.all('/api/*', (c) => envelope(c, 404, null, 'Not found'));

  let stopBot: (() => Promise<void>) | undefined;
  let botNote = 'bot: off (set TELEGRAM_BOT_TOKEN to run it)';
  if (env.TELEGRAM_BOT_TOKEN && env.BOT_ENABLED) {
    const miniAppUrl = env.TELEGRAM_MINIAPP_URL ?? `${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/tma/`;
    const bot = createBot(env.TELEGRAM_BOT_TOKEN, {
      miniAppUrl,
      ...(env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT } : {}),
    });
    if (env.TELEGRAM_WEBHOOK_URL) {
      if (!env.TELEGRAM_WEBHOOK_SECRET)
        throw new Error('TELEGRAM_WEBHOOK_SECRET is required in webhook mode');
      root.route('/telegram/webhook', createWebhookApp(bot, { secretToken: env.TELEGRAM_WEBHOOK_SECRET }));
      const handle = startBot(bot, {
        mode: 'webhook',
        webhookUrl: env.TELEGRAM_WEBHOOK_URL,
        secretToken: env.TELEGRAM_WEBHOOK_SECRET,
      });
      stopBot = handle.stop;
      botNote = `bot: webhook at /telegram/webhook (${env.TELEGRAM_WEBHOOK_URL})`;
    } else {
      const handle = startBot(bot, { mode: 'polling' });
      stopBot = handle.stop;
      botNote = 'bot: long polling';
    }
  }

  mountStaticSite(
    root,
    {
      prefix: '/tma',
      dist: env.MINIAPP_DIST ?? resolve(repoRoot, 'apps/miniapp/dist'),
      frameAncestors: TELEGRAM_FRAME_ANCESTORS,
    },
    (m) => logger.warn(m),
  );
  mountStaticSite(
    root,
    { prefix: '', dist: env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist'), frameAncestors: '*' },
    (m) => logger.warn(m),
  );

  const server = await new Promise<ReturnType<typeof serve>>((ready) => {
    const s = serve({ fetch: root.fetch, port: env.PORT, hostname: env.HOST }, () => ready(s));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const shown = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const url = `http://${shown}:${port}`;
  logger.info('khel started', {
    website: `${url}/`,
    miniApp: `${url}/tma/`,
    api: `${url}/api/`,
    openapi: `${url}/api/openapi.json`,
    docs: `${url}/api/docs`,
    database:
      database.kind === 'pglite' ? `PGlite at ${resolve(dataDir, 'pglite')}` : 'PostgreSQL (DATABASE_URL)',
    bot: botNote,
  });

  return {
    url,
    port,
    env,
    async close() {
      await stopBot?.();
      await jobWorker?.stop();
      closeEventStreams();
      await new Promise<void>((done) => server.close(() => done()));
      await database.close();
    },
  };
}
