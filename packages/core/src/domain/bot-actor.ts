/**
 * How the Khel bot tells the API which Telegram user it acts for (routes with `auth: 'bot'`, e.g. the clan chief's
 * console): `Authorization: TelegramBot <telegramUserId>.<issuedAtSeconds>.<signature>`, the signature being
 * HMAC-SHA256 over `<telegramUserId>.<issuedAtSeconds>` with a key derived from the bot token
 * (HMAC-SHA256(key "KhelBotActor", data token)). Only a holder of the bot token can make one, as only Telegram's
 * servers and the bot can sign Mini App init data; the API then checks on its own side what that Telegram user may
 * do. An assertion is good for BOT_ACTOR_MAX_AGE_SECONDS either way of the server's clock. Web Crypto only, so it
 * runs in Node and in workers alike.
 */
export const BOT_ACTOR_SCHEME = 'TelegramBot';
export const BOT_ACTOR_MAX_AGE_SECONDS = 60;

const encoder = new TextEncoder();

async function hmac(key: Uint8Array | string, data: string): Promise<Uint8Array> {
  const raw = typeof key === 'string' ? encoder.encode(key) : key;
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    raw as Uint8Array<ArrayBuffer>,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(data)));
}

const toBase64Url = (bytes: Uint8Array): string => {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

async function signature(botToken: string, message: string): Promise<string> {
  const key = await hmac('KhelBotActor', botToken);
  return toBase64Url(await hmac(key, message));
}

/** The `Authorization` header value for acting as `telegramUserId` now. */
export async function botActorAuthorization(
  botToken: string,
  telegramUserId: number,
  now: Date = new Date(),
): Promise<string> {
  const message = `${telegramUserId}.${Math.floor(now.getTime() / 1000)}`;
  return `${BOT_ACTOR_SCHEME} ${message}.${await signature(botToken, message)}`;
}

/** Equal strings, compared in time that does not depend on where they differ. */
function constantTimeEqual(a: string, b: string): boolean {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x[i] ?? 0) ^ (y[i] ?? 0);
  return diff === 0;
}

const ASSERTION = /^TelegramBot\s+([1-9]\d{0,15})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/;

/** The Telegram user id of a valid, fresh assertion header, else null. */
export async function verifyBotActorAuthorization(
  header: string | undefined,
  botToken: string,
  now: Date = new Date(),
): Promise<number | null> {
  const match = ASSERTION.exec(header ?? '');
  if (!match) return null;
  const [, userId, issuedAt, given] = match as unknown as [string, string, string, string];
  const expected = await signature(botToken, `${userId}.${issuedAt}`);
  if (!constantTimeEqual(given, expected)) return null;
  const age = Math.floor(now.getTime() / 1000) - Number(issuedAt);
  if (Math.abs(age) > BOT_ACTOR_MAX_AGE_SECONDS) return null;
  const id = Number(userId);
  return Number.isSafeInteger(id) ? id : null;
}
