import { API_BASE_PATH } from '../contract/paths.ts';

/**
 * SPEC §7: paths exempt from the wallet pre-check, so a 422 there never opens the wallet-error modal.
 * Each entry matches the path itself and anything below it.
 */
export const WALLET_PRECHECK_EXEMPT_PATHS = [
  /** delete account */
  '/users/me/deletion-request',
  /** verify wallet */
  '/wallets/verify-wallet',
  /** clans */
  '/platform-clans',
  /** update social profile */
  '/users/me/social-profile',
  /** update steam social profile */
  '/social-auth/steam/profile',
] as const;

/** SPEC §8: on collect-earning paths a 422 message is thrown instead of shown in the modal. */
export const COLLECT_EARNING_SEGMENT = 'collect-earning';

/** SPEC §8: a 422 whose message begins with this is thrown instead of shown in the modal. */
export const QUEST_LOGIN_METHOD_PREFIX = 'Quest login method';

/** The path below the API base, without query or hash. */
export function apiPathOf(path: string): string {
  let p = path.replace(/[?#].*$/, '');
  if (/^https?:\/\//i.test(p)) p = new URL(p).pathname;
  if (p === API_BASE_PATH || p.startsWith(`${API_BASE_PATH}/`)) p = p.slice(API_BASE_PATH.length);
  return p.startsWith('/') ? p : `/${p}`;
}

export function isWalletPrecheckExempt(path: string): boolean {
  const p = apiPathOf(path);
  return WALLET_PRECHECK_EXEMPT_PATHS.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
}

export function isCollectEarningPath(path: string): boolean {
  return apiPathOf(path)
    .split('/')
    .some((segment) => segment === COLLECT_EARNING_SEGMENT || segment === `${COLLECT_EARNING_SEGMENT}s`);
}

export type PathParams = Record<string, string | number>;

/** Fills Hono-style `:name` segments; a missing parameter is a programming error and throws. */
export function fillPath(template: string, params: PathParams = {}): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '')
      throw new Error(`Missing path parameter "${name}" for ${template}`);
    return encodeURIComponent(String(value));
  });
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryInput = Record<string, QueryValue | readonly QueryValue[]>;

/** `?a=1&b=x` from an object; null and undefined are left out, arrays repeat the key. */
export function queryString(query: QueryInput | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const v of values) {
      if (v !== null && v !== undefined) search.append(key, String(v));
    }
  }
  const s = search.toString();
  return s ? `?${s}` : '';
}
