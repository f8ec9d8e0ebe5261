/**
 * A notifier worker as its own process, for the test that kills one mid-batch (notifier.test.ts). It claims a
 * batch of 10 but may send only one message a minute, so when it is killed the rest of its batch is still leased.
 * Env: DATABASE_URL, TELEGRAM_API_ROOT, TELEGRAM_BOT_TOKEN.
 */
import { startNotifier } from '@khel/bot';
import { createDatabase } from '@khel/db';

function need(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

const database = createDatabase({ kind: 'postgres', url: need('DATABASE_URL'), max: 2 });
startNotifier({
  db: database.db,
  token: need('TELEGRAM_BOT_TOKEN'),
  apiRoot: need('TELEGRAM_API_ROOT'),
  botUsername: 'khel_test_bot',
  miniAppUrl: 'https://khel.example/tma/',
  logger: { info() {}, warn() {}, error() {} },
  messagesPerWindow: 1,
  windowMs: 60_000,
  perChatIntervalMs: 100,
  batchSize: 10,
  // One batch at a time: the test counts the rows this worker leaves leased.
  lanes: 1,
  leaseMs: 1_500,
  pollIntervalMs: 10,
});
