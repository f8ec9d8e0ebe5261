import { createHash, hkdfSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { DecryptionError, envelopeDecrypt, envelopeEncrypt, type MasterKey } from './envelope-crypto.ts';
import { webPushSubscriptions } from './schema/notifications.ts';

/** A browser's PushSubscription keys (base64url): its P-256 public key and its 16-byte auth secret. */
export interface WebPushKeys {
  p256dh: string;
  auth: string;
}

/** The VAPID key pair (base64url: the 65-byte uncompressed public key, the 32-byte private scalar). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The master key that seals subscriptions' keys, derived (HKDF-SHA-256) from the VAPID private key. Both the API
 * (which stores a subscription) and the notifier (which encrypts each push with its keys) hold the VAPID key
 * already, so no other secret reaches the notifier (not the wallets' master key); and a subscription lives
 * exactly as long as its VAPID key (the browser bound it to the public key: a new VAPID key means every browser
 * subscribes again), so rotating the VAPID key retires the sealed keys with it. The id names the public key.
 */
export function webPushMasterKey(vapid: VapidKeys): MasterKey {
  const ikm = Buffer.from(vapid.privateKey, 'base64url');
  const key = Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'khel:web-push-keys:v1', 32));
  const id = `vapid-${createHash('sha256').update(vapid.publicKey).digest('hex').slice(0, 12)}`;
  return { id, key };
}

/** Bound into both layers: keys copied onto another endpoint's row do not open. */
const context = (endpoint: string) => `web-push-subscription:${endpoint}`;

export function sealWebPushKeys(master: MasterKey, endpoint: string, keys: WebPushKeys): string {
  const plaintext = Buffer.from(JSON.stringify({ p256dh: keys.p256dh, auth: keys.auth }), 'utf8');
  try {
    const sealed = envelopeEncrypt(master, plaintext, context(endpoint));
    return `v1:${sealed.masterKeyId}:${sealed.encryptedDataKey.toString('base64url')}:${sealed.ciphertext.toString('base64url')}`;
  } finally {
    plaintext.fill(0);
  }
}

/** Throws DecryptionError for a record of another master key (another VAPID key), endpoint, or any tampering. */
export function openWebPushKeys(master: MasterKey, endpoint: string, text: string): WebPushKeys {
  const [version, masterKeyId, dataKey, ciphertext, ...rest] = text.split(':');
  if (version !== 'v1' || !masterKeyId || !dataKey || !ciphertext || rest.length > 0)
    throw new DecryptionError('Not a Web Push key record');
  const plaintext = envelopeDecrypt(
    master,
    {
      masterKeyId,
      encryptedDataKey: Buffer.from(dataKey, 'base64url'),
      ciphertext: Buffer.from(ciphertext, 'base64url'),
    },
    context(endpoint),
  );
  try {
    const keys = JSON.parse(plaintext.toString('utf8')) as WebPushKeys;
    if (typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string')
      throw new DecryptionError('Not a Web Push key record');
    return keys;
  } finally {
    plaintext.fill(0);
  }
}

/**
 * Stores a browser's subscription for `userId`. A browser that subscribes again (same endpoint) keeps one row:
 * its keys are replaced, and it moves to `userId` when another account had it (one browser, one account at a
 * time, so a shared computer never shows the previous person's notifications); a moved row counts from now.
 * `created_at` is the database's clock, as the outbox's is: a device gets the notifications written after it
 * subscribed.
 */
export async function saveWebPushSubscription(
  db: Database,
  input: { userId: string; endpoint: string; keys: WebPushKeys; master: MasterKey },
) {
  const keys = sealWebPushKeys(input.master, input.endpoint, input.keys);
  const [row] = await db
    .insert(webPushSubscriptions)
    .values({ userId: input.userId, endpoint: input.endpoint, keys })
    .onConflictDoUpdate({
      target: webPushSubscriptions.endpoint,
      set: {
        keys,
        createdAt: sql`case when ${webPushSubscriptions.userId} = excluded.user_id then ${webPushSubscriptions.createdAt} else now() end`,
        userId: sql`excluded.user_id`,
      },
    })
    .returning({ id: webPushSubscriptions.id });
  return row!;
}

/** Removes the signed-in user's subscription of this endpoint; false when they had none. */
export async function deleteWebPushSubscription(db: Database, userId: string, endpoint: string) {
  const gone = await db
    .delete(webPushSubscriptions)
    .where(and(eq(webPushSubscriptions.userId, userId), eq(webPushSubscriptions.endpoint, endpoint)))
    .returning({ id: webPushSubscriptions.id });
  return gone.length > 0;
}
