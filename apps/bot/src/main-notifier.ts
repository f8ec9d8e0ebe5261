import { createDatabase, webPushMasterKey } from '@khel/db';
import { BotConfigError, loadBotConfig, loadWebPushSettings, type WebPushSettings } from './env.ts';
import { consoleLogger as logger } from './logger.ts';
import { startNotifier } from './notifier/notifier.ts';
import { liveWebPushTransport, sandboxWebPushTransport } from './notifier/web-push/transport.ts';
import { startWebPushNotifier } from './notifier/web-push/web-push-notifier.ts';

// Split mode, the notifier alone: `pnpm --filter @khel/bot start:notifier`. Any number may run against one
// PostgreSQL database (claims are FOR UPDATE SKIP LOCKED with a lease); give each 1/N of the rate
// (NOTIFIER_MESSAGES_PER_SECOND: 30/N, or up to 1000/N with NOTIFIER_PAID_BROADCAST=true).
let config: ReturnType<typeof loadBotConfig>;
let webPush: WebPushSettings | null;
try {
  config = loadBotConfig();
  webPush = loadWebPushSettings();
  if (!config.databaseUrl) throw new BotConfigError(['DATABASE_URL is required by the notifier']);
} catch (error) {
  if (error instanceof BotConfigError) {
    logger.error(error.message);
    process.exit(1);
  }
  throw error;
}

// Claims (one per lane), bulk sent-marks and the per-row writes of failures share the pool.
const database = createDatabase({
  kind: 'postgres',
  url: config.databaseUrl as string,
  max: 8,
  ...(config.databasePoolMode ? { poolMode: config.databasePoolMode } : {}),
});
const notifier = startNotifier({
  db: database.db,
  token: config.token,
  apiRoot: config.apiRoot,
  miniAppUrl: config.miniAppUrl,
  ...(config.miniAppShortName ? { miniAppShortName: config.miniAppShortName } : {}),
  messagesPerWindow: config.notifierMessagesPerSecond,
  paidBroadcast: config.notifierPaidBroadcast,
  logger,
});
// The Web Push lane (the website's devices), when the VAPID keys are set: the same outbox, its own lease.
const webPushLane = webPush
  ? startWebPushNotifier({
      db: database.db,
      vapid: webPush.vapid,
      subject: webPush.subject,
      masterKey: webPushMasterKey(webPush.vapid),
      transport: webPush.provider === 'live' ? liveWebPushTransport() : sandboxWebPushTransport(database.db),
      logger,
    })
  : null;
logger.info('Notifier started', {
  messagesPerSecond: config.notifierMessagesPerSecond,
  paidBroadcast: config.notifierPaidBroadcast,
  webPush: webPush ? webPush.provider : 'off (set WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY)',
});

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info(`Received ${signal}, stopping the notifier`);
    void Promise.all([notifier.stop(), webPushLane?.stop()])
      .then(() => database.close())
      .then(() => process.exit());
  });
}
