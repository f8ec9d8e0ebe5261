import { API_BASE_PATH, type Source, UNKNOWN_LOCATION } from '@khel/core/contract';
import { countryOfLanguage, isValidE164, PHONE_INVALID_MESSAGE } from '@khel/core/validation';
import type { UserRow } from '@khel/db/schema';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { clientIp } from '../../lib/client-ip.ts';
import type { AppEnv } from '../../lib/context.ts';
import { AppError } from '../../lib/http.ts';
import { hitRateLimit } from '../../lib/rate-limit.ts';
import { bearerToken, UNAUTHORIZED_MESSAGE } from '../../lib/route.ts';
import { locateIp } from '../location/index.ts';
import { OTP_MESSAGES } from './otp.ts';
import { completeSignIn } from './sign-in.ts';
import { REFRESH_TOKEN_TTL_MS } from './tokens.ts';

/** The website's refresh token (SPEC §3: a cookie of 30 days), readable only by the API's auth paths. */
export const REFRESH_COOKIE = 'khel_refresh';
export const REFRESH_COOKIE_PATH = `${API_BASE_PATH}/authentication`;

function isHttps(c: Context<AppEnv>) {
  const { env } = c.get('deps');
  if (env.PUBLIC_URL?.startsWith('https:')) return true;
  if (env.TRUST_PROXY && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  return new URL(c.req.url).protocol === 'https:';
}

export function setRefreshCookie(c: Context<AppEnv>, refreshToken: string) {
  setCookie(c, REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    secure: isHttps(c),
    sameSite: 'Lax',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_MS / 1000,
  });
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE) || undefined;

export function clearRefreshCookie(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH, secure: isHttps(c), httpOnly: true });
}

/** The front door a request comes from: the `Source` header (SPEC §7), else `fallback`. */
export function sourceOf(c: Context<AppEnv>, fallback: Source, explicit?: Source): Source {
  if (explicit) return explicit;
  const header = c.req.header('source');
  return header === 'website' || header === 'telegram' ? header : fallback;
}

/**
 * Ends every sign-in (completeSignIn: first-sign-in hooks, then tokens) and, for the website, also
 * sets the refresh token in the HttpOnly cookie.
 */
export async function finishSignIn(c: Context<AppEnv>, user: UserRow, isNewUser: boolean, source: Source) {
  const result = await completeSignIn(c.get('deps'), user, isNewUser, source);
  if (source === 'website') setRefreshCookie(c, result.refreshToken);
  return result;
}

/**
 * Where an account made by this request is: the request's IP country (the location module, as the website places
 * its visitors), else the Telegram language's (`hi` → IN, `pt-BR` → BR), else null. Analytics count a sign-up
 * without a phone number in that country instead of Others.
 */
export function signupCountryOf(c: Context<AppEnv>, languageCode?: string | null): string | null {
  const located = locateIp(clientIp(c)).countryCodeISO2;
  if (located !== UNKNOWN_LOCATION && /^[A-Z]{2}$/.test(located)) return located;
  return countryOfLanguage(languageCode);
}

/** The user of an `Authorization: Bearer` access token when the request carries one; 401 when it is not valid. */
export async function optionalBearerUser(c: Context<AppEnv>): Promise<string | null> {
  if (!c.req.header('authorization')) return null;
  const token = bearerToken(c);
  const userId = token ? await c.get('deps').tokens.verifyAccessToken(token) : null;
  if (!userId) throw new AppError(401, UNAUTHORIZED_MESSAGE);
  return userId;
}

/** The contract checks the E.164 shape; here the number must also be valid for its country. */
export function validPhone(phone: string): string {
  if (!isValidE164(phone)) {
    throw new AppError(400, PHONE_INVALID_MESSAGE, {
      issues: [{ path: 'phone', message: PHONE_INVALID_MESSAGE }],
    });
  }
  return phone;
}

/** Per-IP cap on an endpoint that creates state (nonces, payloads, sandbox codes): 429 with Retry-After. */
export async function limitPerIp(c: Context<AppEnv>, name: string, limit: number, windowMs: number) {
  await limitOrRefuse(c, `${name}:ip:${clientIp(c)}`, limit, windowMs);
}

/** At most `limit` hits of `key` in a window (shared by every replica): past it, 429 with Retry-After. */
export async function limitOrRefuse(c: Context<AppEnv>, key: string, limit: number, windowMs: number) {
  const { db, clock } = c.get('deps');
  const hit = await hitRateLimit(db, key, limit, windowMs, clock());
  if (!hit.allowed) {
    throw new AppError(
      429,
      OTP_MESSAGES.tooMany,
      { retryAfter: hit.retryAfterMs },
      { 'Retry-After': String(Math.max(1, Math.ceil(hit.retryAfterMs / 1000))) },
    );
  }
}
