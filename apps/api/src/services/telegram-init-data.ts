import { timingSafeEqual } from 'node:crypto';
import { parse, signData } from '@telegram-apps/init-data-node';
import type { TelegramIdentity } from './users.ts';

export type InitDataFailure = 'missing' | 'malformed' | 'signature' | 'expired' | 'future' | 'no-user';

interface ParsedInitData {
  start_param?: string;
  user?: {
    id: number;
    first_name?: string;
    last_name?: string;
    username?: string;
    photo_url?: string;
    language_code?: string;
  };
}

/** Clock skew tolerated for an auth_date slightly ahead of ours. */
const FUTURE_SKEW_SECONDS = 60;

/**
 * Validates Mini App init data (DESIGN §7): HMAC-SHA256 over the sorted `key=value` lines with the
 * WebAppData key derived from the bot token, compared in constant time; `auth_date` must be within
 * `maxAgeSeconds`. Only signed fields are trusted.
 */
export function validateInitData(
  raw: string,
  botToken: string,
  maxAgeSeconds: number,
  now: Date,
):
  | { ok: true; user: TelegramIdentity; startParam: string | undefined }
  | { ok: false; reason: InitDataFailure } {
  if (!raw) return { ok: false, reason: 'missing' };
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(raw);
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const hashes = params.getAll('hash');
  if (hashes.length !== 1 || !/^[0-9a-f]{64}$/.test(hashes[0]!)) return { ok: false, reason: 'malformed' };
  const lines: string[] = [];
  const seen = new Set<string>();
  for (const [key, value] of params) {
    if (key === 'hash') continue;
    if (seen.has(key)) return { ok: false, reason: 'malformed' };
    seen.add(key);
    lines.push(`${key}=${value}`);
  }
  lines.sort();
  const expected = Buffer.from(signData(lines.join('\n'), botToken), 'hex');
  const actual = Buffer.from(hashes[0]!, 'hex');
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) {
    return { ok: false, reason: 'signature' };
  }
  const authDate = Number(params.get('auth_date'));
  if (!Number.isInteger(authDate) || authDate <= 0) return { ok: false, reason: 'malformed' };
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (authDate > nowSeconds + FUTURE_SKEW_SECONDS) return { ok: false, reason: 'future' };
  if (nowSeconds - authDate > maxAgeSeconds) return { ok: false, reason: 'expired' };
  let parsed: ParsedInitData;
  try {
    parsed = parse(params) as unknown as ParsedInitData;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const u = parsed.user;
  if (!u || !Number.isSafeInteger(u.id) || u.id <= 0) return { ok: false, reason: 'no-user' };
  return {
    ok: true,
    user: {
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      username: u.username,
      photoUrl: u.photo_url,
      languageCode: u.language_code,
    },
    startParam: parsed.start_param,
  };
}
