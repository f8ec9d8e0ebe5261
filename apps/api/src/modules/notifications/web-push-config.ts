import { createECDH } from 'node:crypto';
import { join } from 'node:path';
import { type MasterKey, type VapidKeys, webPushMasterKey } from '@khel/db';
import type { Env } from '../../env.ts';
import { readDevKeyFile, writeDevKeyFileOnce } from '../../lib/dev-key-file.ts';

/** What Web Push needs on the server: the VAPID key pair, its subject, and the key that seals subscriptions' keys. */
export interface WebPushConfig {
  vapid: VapidKeys;
  subject: string;
  /** Derived from the VAPID private key (`webPushMasterKey` of @khel/db). */
  masterKey: MasterKey;
  /** Who carries pushes: the sandbox (outside production by default) or the browsers' push services. */
  provider: 'sandbox' | 'live';
}

/** A fresh VAPID key pair (P-256), base64url as browsers and push services take them. */
export function generateVapidKeys(): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
  };
}

/** The public key that belongs to a private key (a configured pair that does not match is refused at start). */
function publicKeyOf(privateKey: string): string {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
  return ecdh.getPublicKey().toString('base64url');
}

/**
 * WEB_PUSH_VAPID_PUBLIC_KEY, WEB_PUSH_VAPID_PRIVATE_KEY and WEB_PUSH_SUBJECT (in production: all three, or no
 * keys at all and Web Push is off: null), else a development pair generated once under
 * DATA_DIR/keys/web-push-vapid.json (mode 0600), shared by the processes using the folder, like the other
 * development secrets.
 */
export function loadWebPushConfig(env: Env): WebPushConfig | null {
  const production = env.NODE_ENV === 'production';
  let vapid: VapidKeys;
  if (env.WEB_PUSH_VAPID_PUBLIC_KEY && env.WEB_PUSH_VAPID_PRIVATE_KEY) {
    vapid = { publicKey: env.WEB_PUSH_VAPID_PUBLIC_KEY, privateKey: env.WEB_PUSH_VAPID_PRIVATE_KEY };
    if (publicKeyOf(vapid.privateKey) !== Buffer.from(vapid.publicKey, 'base64url').toString('base64url'))
      throw new Error('WEB_PUSH_VAPID_PUBLIC_KEY is not the public key of WEB_PUSH_VAPID_PRIVATE_KEY');
  } else if (env.WEB_PUSH_VAPID_PUBLIC_KEY || env.WEB_PUSH_VAPID_PRIVATE_KEY) {
    throw new Error('Set both WEB_PUSH_VAPID_PUBLIC_KEY and WEB_PUSH_VAPID_PRIVATE_KEY, or neither');
  } else if (production) {
    // Not configured: Web Push is off (its routes answer 503, no lane runs), as other providers are until set.
    return null;
  } else {
    const file = join(env.DATA_DIR, 'keys', 'web-push-vapid.json');
    vapid = JSON.parse(
      readDevKeyFile(file) ?? writeDevKeyFileOnce(file, JSON.stringify(generateVapidKeys(), null, 2)),
    ) as VapidKeys;
  }
  if (production && !env.WEB_PUSH_SUBJECT) throw new Error('WEB_PUSH_SUBJECT must be set in production');
  const provider = env.WEB_PUSH_PROVIDER ?? (production ? 'live' : 'sandbox');
  if (production && provider === 'sandbox')
    throw new Error('WEB_PUSH_PROVIDER=sandbox is not allowed in production');
  return {
    provider,
    vapid,
    subject: env.WEB_PUSH_SUBJECT ?? 'mailto:push@khel.invalid',
    masterKey: webPushMasterKey(vapid),
  };
}
