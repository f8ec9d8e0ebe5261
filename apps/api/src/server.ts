import type { Env } from './env.ts';
import { closeEventStreams } from './lib/event-stream.ts';
import { startJobWorker } from './lib/jobs.ts';
import { localApiUrl, openLocalAdmin } from './modules/operators/local-admin.ts';
import { closeSharedCardRenderPool } from './modules/pog/card/card-render-pool.ts';
import {
  createRootApp,
  describeDatabase,
  listen,
  loadProcessEnv,
  modulePageHeads,
  mountFrontEnds,
  openRuntime,
  type ProcessOptions,
  requireDatabaseUrl,
  tlsFilesOf,
} from './runtime.ts';

export type StartServerOptions = ProcessOptions;

export interface RunningServer {
  url: string;
  port: number;
  env: Env;
  close(): Promise<void>;
}

/**
 * The all-in-one product (DESIGN §2): API at /api, website at /, Mini App at /tma/, the job worker,
 * and the bot when a token is configured. One process, PGlite under DATA_DIR unless DATABASE_URL is set.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = loadProcessEnv(options);
  // Read before anything opens: a certificate that cannot be read stops the start at once.
  const tls = tlsFilesOf(env);
  const runtime = await openRuntime(env, 'khel');
  const { deps, logger, database } = runtime;
  const root = createRootApp(deps);

  let stopBot: (() => Promise<void>) | undefined;
  let stopNotifier: (() => Promise<void>) | undefined;
  let botNote = 'bot: off (set TELEGRAM_BOT_TOKEN to run it)';
  if (env.TELEGRAM_BOT_TOKEN && env.BOT_ENABLED) {
    // grammY is loaded only when the bot runs in this process.
    const { createBot, createKhelApi, createWebhookApp, loadNotifierRate, startBot, startNotifier } =
      await import('@khel/bot');
    const rate = loadNotifierRate({
      NOTIFIER_MESSAGES_PER_SECOND: env.NOTIFIER_MESSAGES_PER_SECOND,
      NOTIFIER_PAID_BROADCAST: env.NOTIFIER_PAID_BROADCAST,
    });
    const miniAppUrl = env.TELEGRAM_MINIAPP_URL ?? `${env.PUBLIC_URL ?? `http://localhost:${env.PORT}`}/tma/`;
    const bot = createBot(env.TELEGRAM_BOT_TOKEN, {
      miniAppUrl,
      ...(env.TELEGRAM_MINIAPP_SHORT_NAME ? { miniAppShortName: env.TELEGRAM_MINIAPP_SHORT_NAME } : {}),
      db: deps.db,
      // The chief's console calls the API in process (no network hop): the same routes, checks and envelope.
      khelApi: createKhelApi({
        baseUrl: 'http://khel.internal/api',
        botToken: env.TELEGRAM_BOT_TOKEN,
        fetch: (url, init) => root.request(url, init),
        clock: deps.clock,
      }),
      ...(env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT } : {}),
    });
    // The outbox notifier runs beside the bot here; split mode runs it as start:notifier.
    const notifier = startNotifier({
      db: deps.db,
      token: env.TELEGRAM_BOT_TOKEN,
      miniAppUrl,
      ...(env.TELEGRAM_MINIAPP_SHORT_NAME ? { miniAppShortName: env.TELEGRAM_MINIAPP_SHORT_NAME } : {}),
      logger: logger.child({ component: 'notifier' }),
      messagesPerWindow: rate.notifierMessagesPerSecond,
      paidBroadcast: rate.notifierPaidBroadcast,
      ...(env.TELEGRAM_API_ROOT ? { apiRoot: env.TELEGRAM_API_ROOT } : {}),
    });
    stopNotifier = notifier.stop;
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
      botNote = `bot: webhook at /telegram/webhook (${env.TELEGRAM_WEBHOOK_URL}), notifier on`;
    } else {
      const handle = startBot(bot, { mode: 'polling' });
      stopBot = handle.stop;
      botNote = 'bot: long polling, notifier on';
    }
  }

  // The notifier's Web Push lane (the website's devices) runs whether or not a Telegram bot is configured.
  let stopWebPush: (() => Promise<void>) | undefined;
  if (env.WEB_PUSH_ENABLED && deps.webPush) {
    const { liveWebPushTransport, sandboxWebPushTransport, startWebPushNotifier } = await import(
      '@khel/bot/web-push'
    );
    const webPush = deps.webPush;
    stopWebPush = startWebPushNotifier({
      db: deps.db,
      vapid: webPush.vapid,
      subject: webPush.subject,
      masterKey: webPush.masterKey,
      transport: webPush.provider === 'live' ? liveWebPushTransport() : sandboxWebPushTransport(deps.db),
      logger: logger.child({ component: 'web-push' }),
    }).stop;
  }

  mountFrontEnds(root, env, logger, { headFor: modulePageHeads(deps) });
  const server = await listen(root.fetch, env.PORT, env.HOST, tls);
  // The job worker's first claims run once the process answers, not while it starts (issue 23: start-up).
  const jobWorker = env.JOB_WORKER_ENABLED ? startJobWorker(deps) : undefined;
  const { url } = server;
  // This process holds the PGlite folder: the operator CLI asks it instead (operators/local-admin.ts).
  const closeLocalAdmin =
    database.kind === 'pglite'
      ? openLocalAdmin(deps.env.DATA_DIR, localApiUrl(env.HOST, server.port, tls ? 'https' : 'http'))
      : undefined;
  logger.info('khel started', {
    website: `${url}/`,
    miniApp: `${url}/tma/`,
    api: `${url}/api/`,
    openapi: `${url}/api/openapi.json`,
    docs: `${url}/api/docs`,
    database: describeDatabase(runtime),
    bot: botNote,
  });

  return {
    url,
    port: server.port,
    env,
    async close() {
      closeLocalAdmin?.();
      await stopBot?.();
      await stopNotifier?.();
      await stopWebPush?.();
      await jobWorker?.stop();
      closeEventStreams();
      await server.close();
      await closeSharedCardRenderPool();
      await database.close();
      logger.info('khel api stopped');
    },
  };
}

/**
 * Split mode (DESIGN §2), the API alone: /api (and the front-end builds unless SERVE_FRONT_ENDS=false)
 * on PostgreSQL, with no job worker and no bot (start:worker and start:bot run those). Any number of
 * these may run behind a load balancer: everything they share lives in the database.
 */
export async function startApiServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const env = loadProcessEnv(options);
  // Read before anything opens: a certificate that cannot be read stops the start at once.
  const tls = tlsFilesOf(env);
  requireDatabaseUrl(env, 'The API process (start:api)');
  const runtime = await openRuntime(env, 'khel-api');
  const { deps, logger, database } = runtime;

  const root = createRootApp(deps);
  if (env.SERVE_FRONT_ENDS) mountFrontEnds(root, env, logger, { headFor: modulePageHeads(deps) });
  let server: Awaited<ReturnType<typeof listen>>;
  try {
    server = await listen(root.fetch, env.PORT, env.HOST, tls);
  } catch (error) {
    await database.close();
    throw error;
  }
  const { url } = server;
  logger.info('khel api started', {
    url,
    api: `${url}/api/`,
    frontEnds: env.SERVE_FRONT_ENDS ? `${url}/ and ${url}/tma/` : 'off (SERVE_FRONT_ENDS=false)',
    database: describeDatabase(runtime),
    jobWorker: 'off (start:worker runs the jobs)',
    bot: 'off (start:bot runs it)',
  });

  return {
    url,
    port: server.port,
    env,
    async close() {
      closeEventStreams();
      await server.close();
      await closeSharedCardRenderPool();
      await database.close();
      logger.info('khel api stopped');
    },
  };
}
