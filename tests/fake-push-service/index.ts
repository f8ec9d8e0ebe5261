import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service for tests: plays what FCM or Mozilla's autopush do with a Web Push (RFC 8030), so the
 * notifier's real path (web-push's VAPID header and aes128gcm encryption, our transport) is checked end to end.
 *
 * - `subscribe()` makes a browser's subscription: a P-256 key pair and a 16-byte auth secret the test holds, and
 *   an endpoint `<origin>/push/<id>` (the origin is the public one the notifier sees, https by default; the
 *   test's fetch takes it to this server).
 * - Each POST is checked as a push service checks it: `Authorization: vapid t=<JWT>, k=<key>` with an ES256 JWT
 *   signed by the VAPID private key of `k` (which must be the key the subscription was made with), whose `aud` is
 *   the endpoint's origin, `exp` in the future and at most 24 h away, and `sub` a mailto: or https URL; a `TTL`;
 *   `Content-Encoding: aes128gcm`. A failed check answers 401 or 400 and records nothing.
 * - The body is DECRYPTED with the subscription's private key and auth secret (RFC 8291 key derivation, RFC 8188
 *   record), and the plaintext recorded with the headers.
 * - Answers 201, or what the test queued for that subscription (`answer(id, 410)`, `answer(id, 429, 404)`).
 */

export interface TestSubscription {
  id: string;
  /** The PushSubscription JSON a browser would hand the website. */
  json: { endpoint: string; keys: { p256dh: string; auth: string } };
}

export interface ReceivedPush {
  subscriptionId: string;
  /** The decrypted payload, as text. */
  plaintext: string;
  ttl: number;
  urgency: string | null;
  /** The JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
}

export interface FakePushService {
  /** Where this server listens (http://127.0.0.1:<port>). */
  url: string;
  /** The origin endpoints name (the JWT's audience). */
  origin: string;
  /** A fetch that sends requests for `origin` to this server, everything else to the network. */
  fetch: typeof fetch;
  subscribe(): TestSubscription;
  /** Queue the next answers for a subscription (after them: 201). */
  answer(subscriptionId: string, ...statuses: number[]): void;
  /** Called with each accepted push before it is answered (a test may abort the sender here). */
  onPush?: (push: ReceivedPush) => void;
  received(): ReceivedPush[];
  /** Requests refused by a check, with the reason. */
  refused(): Array<{ path: string; status: number; reason: string }>;
  close(): Promise<void>;
}

interface Held {
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Checks the VAPID JWT (RFC 8292) against the key in `k`; throws with the reason. */
function checkVapid(
  header: string | undefined,
  audience: string,
  vapidPublicKey: string,
  nowSeconds: number,
) {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) throw new Error('no vapid Authorization');
  const [, h, p, s, k] = match as unknown as [string, string, string, string, string];
  if (k !== vapidPublicKey) throw new Error('k is not the key the subscription was made with');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString('utf8')) as { alg?: string; typ?: string };
  if (head.alg !== 'ES256') throw new Error(`alg ${head.alg}`);
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) throw new Error('k is not an uncompressed P-256 point');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${p}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) throw new Error('bad signature');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (claims.aud !== audience) throw new Error(`aud ${claims.aud} is not ${audience}`);
  if (!(claims.exp > nowSeconds && claims.exp <= nowSeconds + 24 * 60 * 60)) throw new Error('exp');
  if (!/^(mailto:.+|https:\/\/.+)$/.test(claims.sub)) throw new Error('sub');
  return claims;
}

/** RFC 8291 + RFC 8188: one aes128gcm record, to the subscription's private key and auth secret. */
export function decryptAes128gcm(body: Buffer, held: Held): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65) throw new Error('keyid is not a P-256 public key');
  if (ciphertext.length > recordSize) throw new Error('more than one record');
  const shared = held.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), held.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, held.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export async function startFakePushService(options: {
  /** The VAPID public key subscriptions are made with (the notifier's). */
  vapidPublicKey: string;
  /** The origin endpoints name; default https://push.khel.test. */
  origin?: string;
  /** Seconds since the epoch for the JWT's exp check; default the wall clock (the JWT is signed with it). */
  nowSeconds?: () => number;
}): Promise<FakePushService> {
  const origin = options.origin ?? 'https://push.khel.test';
  const nowSeconds = options.nowSeconds ?? (() => Math.floor(Date.now() / 1000));
  const held = new Map<string, Held>();
  const queued = new Map<string, number[]>();
  const received: ReceivedPush[] = [];
  const refused: Array<{ path: string; status: number; reason: string }> = [];
  let next = 1;
  let service: FakePushService;

  const server = createServer(async (req, res) => {
    const path = req.url ?? '/';
    const reply = (status: number, reason?: string) => {
      if (reason) refused.push({ path, status, reason });
      res.writeHead(status, { 'content-type': 'text/plain' });
      res.end(reason ?? '');
    };
    const body = await readBody(req);
    const id = /^\/push\/([\w-]+)$/.exec(path)?.[1];
    const subscription = id ? held.get(id) : undefined;
    if (req.method !== 'POST' || !id) return reply(404, 'no such endpoint');
    let claims: ReceivedPush['claims'];
    try {
      claims = checkVapid(req.headers.authorization, origin, options.vapidPublicKey, nowSeconds());
    } catch (error) {
      return reply(401, (error as Error).message);
    }
    const ttl = Number(req.headers.ttl);
    if (!Number.isInteger(ttl) || ttl < 0) return reply(400, 'no TTL');
    if (req.headers['content-encoding'] !== 'aes128gcm') return reply(400, 'not aes128gcm');
    if (body.length > 4096) return reply(413, 'payload too large');
    const answer = queued.get(id)?.shift();
    if (!subscription) return reply(410);
    let plaintext: string;
    try {
      plaintext = decryptAes128gcm(body, subscription);
    } catch (error) {
      return reply(400, `cannot decrypt: ${(error as Error).message}`);
    }
    if (answer !== undefined && answer !== 201) {
      if (answer === 410 || answer === 404) held.delete(id);
      res.writeHead(answer, answer === 429 ? { 'retry-after': '1' } : {});
      return res.end();
    }
    const push: ReceivedPush = {
      subscriptionId: id,
      plaintext,
      ttl,
      urgency: (req.headers.urgency as string | undefined) ?? null,
      claims,
    };
    received.push(push);
    service.onPush?.(push);
    res.writeHead(201, { location: `${origin}/message/${received.length}` });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  service = {
    url,
    origin,
    fetch: (input, init) => {
      const target = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      return fetch(target.startsWith(`${origin}/`) ? url + target.slice(origin.length) : target, init);
    },
    subscribe() {
      const id = `s${next++}-${randomBytes(4).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      held.set(id, { ecdh, auth });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        },
      };
    },
    answer(subscriptionId, ...statuses) {
      queued.set(subscriptionId, [...(queued.get(subscriptionId) ?? []), ...statuses]);
    },
    received: () => [...received],
    refused: () => [...refused],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return service;
}
