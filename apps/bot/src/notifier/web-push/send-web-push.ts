import { startParamToPath } from '@khel/core/deep-links';
import { type MasterKey, openWebPushKeys, type VapidKeys } from '@khel/db';
import { backoffDelay } from '../../backoff.ts';
import { type BotLogger, describeError } from '../../logger.ts';
import { renderNotification } from '../messages.ts';
import { type ClaimedNotification, isStale } from '../outbox-store.ts';
import type { WebPushTransport } from './transport.ts';
import {
  type DeviceRow,
  devicesToReach,
  finishPush,
  holdPushUntil,
  recordDelivery,
  removeDevice,
  retryPushLater,
} from './web-push-store.ts';

/** What a push carries; the website's service worker (apps/web/src/sw/sw.js) shows it and opens `url`. */
export interface WebPushPayload {
  title: string;
  body: string;
  /** The website path of the notification's screen (the deep-link table's, as the bot's button). */
  url: string;
  /** One per outbox row: a second delivery of the same row replaces the first on the device. */
  tag: string;
}

export interface WebPushDelivery {
  db: import('@khel/db').Database;
  vapid: VapidKeys;
  subject: string;
  /** Opens the subscriptions' sealed keys (`webPushMasterKey` of the VAPID key). */
  masterKey: MasterKey;
  transport: WebPushTransport;
  logger: BotLogger;
  clock: () => number;
  maxAttempts: number;
  retryDelayMs: number;
}

export type WebPushOutcome = 'sent' | 'skipped' | 'held' | 'retried' | 'failed';

/** The push of one outbox row: the Telegram text in the account's language, and its screen on the website. */
export function webPushPayload(n: Pick<ClaimedNotification, 'id' | 'kind' | 'payload' | 'languageCode'>) {
  const message = renderNotification(n.kind, n.payload, n.languageCode);
  return {
    title: 'Khel',
    body: fitBody(message.text),
    url: startParamToPath(message.startParam),
    tag: `khel-${n.id}`,
  } satisfies WebPushPayload;
}

/**
 * A push service takes 4 096 bytes (RFC 8030), encrypted: a body is kept to 3 000 bytes of UTF-8 (a long clan
 * announcement in Hindi would pass it), cut at a character and ended with an ellipsis.
 */
const MAX_BODY_BYTES = 3_000;
function fitBody(text: string): string {
  if (Buffer.byteLength(text) <= MAX_BODY_BYTES) return text;
  let cut = '';
  let bytes = 0;
  for (const char of text) {
    bytes += Buffer.byteLength(char);
    if (bytes > MAX_BODY_BYTES - 3) break;
    cut += char;
  }
  return `${cut}…`;
}

type DeviceResult = 'accepted' | 'gone' | 'retry' | 'refused';

/**
 * web-push, with the ASN.1 and JWT code it loads, read at the first push rather than at every start of the process
 * (about 15 ms of a 300 ms start: issue 23).
 */
type WebPushLibrary = typeof import('web-push');
let webPushLibrary: Promise<WebPushLibrary & { default?: WebPushLibrary }> | undefined;
/** The CommonJS module's exports (its `default` when imported from ECMAScript modules). */
const loadWebPush = async (): Promise<WebPushLibrary> => {
  webPushLibrary ??= import('web-push');
  const loaded = await webPushLibrary;
  return loaded.default ?? loaded;
};

/**
 * One outbox row to every device of its user that has not accepted it yet, under the same rules as the Telegram
 * lane (kinds off, mute, quiet hours, stale), then the row's push state. Each device's acceptance is recorded as
 * it comes (`web_push_deliveries`), so a retry (a 429 or 5xx of one device, or a crash) sends only to the others.
 */
export async function sendWebPush(
  d: WebPushDelivery,
  n: ClaimedNotification,
  signal?: AbortSignal,
): Promise<WebPushOutcome> {
  const { db } = d;
  if (!n.enabled || n.muted) {
    await finishPush(db, n, 'skipped');
    return 'skipped';
  }
  if (n.quietUntil) {
    await holdPushUntil(db, n, n.quietUntil);
    return 'held';
  }
  if (await isStale(db, n, new Date(d.clock()))) {
    await finishPush(db, n, 'skipped');
    return 'skipped';
  }
  const payload = JSON.stringify(webPushPayload(n));
  const devices = await devicesToReach(db, n);
  // One device after another (a gamer has a few): each acceptance is recorded before the next send.
  const results: Array<Awaited<ReturnType<typeof sendToDevice>>> = [];
  for (const device of devices) {
    if (signal?.aborted) return 'retried';
    results.push(await sendToDevice(d, n, device, payload, signal));
  }
  if (signal?.aborted) return 'retried';
  const retry = results.filter((r) => r.result === 'retry');
  if (retry.length > 0) {
    if (n.attempts >= d.maxAttempts) {
      await finishPush(db, n, 'failed');
      d.logger.error('A web push failed too often; given up', { outboxId: n.id });
      return 'failed';
    }
    const backoff = backoffDelay(n.attempts - 1, { initialDelayMs: d.retryDelayMs, maxDelayMs: 60 * 60_000 });
    const asked = Math.max(0, ...retry.map((r) => (r.retryAfterSeconds ?? 0) * 1000));
    await retryPushLater(db, n, new Date(d.clock() + Math.max(backoff, asked)));
    return 'retried';
  }
  const accepted = results.some((r) => r.result === 'accepted');
  const refused = results.some((r) => r.result === 'refused');
  await finishPush(db, n, refused ? 'failed' : accepted ? 'sent' : 'none');
  return refused ? 'failed' : accepted ? 'sent' : 'skipped';
}

async function sendToDevice(
  d: WebPushDelivery,
  n: ClaimedNotification,
  device: DeviceRow,
  payload: string,
  signal?: AbortSignal,
): Promise<{ result: DeviceResult; retryAfterSeconds?: number | null }> {
  let keys: { p256dh: string; auth: string };
  try {
    keys = openWebPushKeys(d.masterKey, device.endpoint, device.keys);
  } catch {
    // Sealed under another VAPID key: the browser subscribed to that key, so this subscription is dead too.
    await removeDevice(d.db, device.id);
    d.logger.warn('A web push subscription of another VAPID key was removed', { outboxId: n.id });
    return { result: 'gone' };
  }
  try {
    const webpush = await loadWebPush();
    const details = webpush.generateRequestDetails({ endpoint: device.endpoint, keys }, payload, {
      vapidDetails: { subject: d.subject, publicKey: d.vapid.publicKey, privateKey: d.vapid.privateKey },
      TTL: 24 * 60 * 60,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    });
    const headers = Object.fromEntries(Object.entries(details.headers).map(([k, v]) => [k, String(v)]));
    const answer = await d.transport.send(
      { endpoint: details.endpoint, headers, body: details.body as Buffer, plaintext: payload },
      signal,
    );
    if (answer.status >= 200 && answer.status < 300) {
      await recordDelivery(d.db, n, device.id, new Date(d.clock()));
      return { result: 'accepted' };
    }
    if (answer.status === 404 || answer.status === 410) {
      await removeDevice(d.db, device.id);
      d.logger.info('A web push subscription is gone; removed', { outboxId: n.id, status: answer.status });
      return { result: 'gone' };
    }
    if (answer.status === 429 || answer.status >= 500) {
      d.logger.warn('A push service asked to retry', { outboxId: n.id, status: answer.status });
      return { result: 'retry', retryAfterSeconds: answer.retryAfterSeconds };
    }
    d.logger.warn('A push service refused a web push; not retrying', {
      outboxId: n.id,
      status: answer.status,
    });
    return { result: 'refused' };
  } catch (error) {
    if (signal?.aborted) return { result: 'retry' };
    // Network trouble (never the keys or the endpoint in the log).
    d.logger.warn('Sending a web push failed; will retry', { outboxId: n.id, error: describeError(error) });
    return { result: 'retry' };
  }
}
