import { timingSafeEqual } from 'node:crypto';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from '@khel/core/contract';
import { signData } from '@telegram-apps/init-data-node';
import { z } from 'zod';
import { AppError } from '../../lib/http.ts';
import type { TelegramIdentity } from './users.ts';

export type InitDataFailure = 'missing' | 'malformed' | 'signature' | 'expired' | 'future' | 'no-user';

/**
 * The signed `user` field. Read here rather than with the library's parser, which also demands
 * fields we do not use (and that older clients do not send), so a valid signature is never refused
 * over them.
 */
const initDataUserSchema = z.looseObject({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: z.string().max(256).optional(),
  last_name: z.string().max(256).optional(),
  username: z.string().max(256).optional(),
  photo_url: z.string().max(2048).optional(),
  language_code: z.string().max(35).optional(),
  /** Telegram's word that the user lets the bot message them (signed, so trusted). */
  allows_write_to_pm: z.boolean().optional(),
});

function readUser(raw: string | null) {
  if (raw === null) return null;
  try {
    const parsed = initDataUserSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Clock skew tolerated for an auth_date slightly ahead of ours. */
const FUTURE_SKEW_SECONDS = 60;

/**
 * Validates Mini App init data (DESIGN §7): HMAC-SHA256 over the sorted `key=value` lines with the
 * WebAppData key derived from the bot token, compared in constant time; `auth_date` must be within
 * `maxAgeSeconds`. Only signed fields are trusted. A signed user whose fields are not safe text
 * (@khel/core/contract text.ts) is a 400 (AppError), like such text in any request.
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
  const u = readUser(params.get('user'));
  if (!u) return { ok: false, reason: 'no-user' };
  // Signed, but holding text we cannot store (a NUL, a lone surrogate): bad input, as anywhere else.
  if (findUnsafeText(u)) throw new AppError(400, UNSAFE_TEXT_MESSAGE);
  return {
    ok: true,
    user: {
      id: u.id,
      firstName: u.first_name,
      lastName: u.last_name,
      username: u.username,
      photoUrl: u.photo_url,
      languageCode: u.language_code,
      allowsWriteToPm: u.allows_write_to_pm === true,
    },
    startParam: params.get('start_param') ?? undefined,
  };
}
