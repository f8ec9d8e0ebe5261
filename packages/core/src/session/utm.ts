import { UTM_ATTRIBUTION_TTL_DAYS, UTM_CODE_PARAM, UTM_CODE_PATTERN } from '../contract/utm-codes.ts';
import type { SessionStore } from './session-store.ts';

/**
 * First-touch UTM attribution: the first short link a visitor came through (`?kutm=<code>` on the page
 * the link redirected to) is kept for 30 days; a later link does not replace it. Once the visitor has
 * an account it is sent once (POST /utm/attribution) and forgotten.
 */
export const UTM_ATTRIBUTION_KEY = 'utmAttribution';
const TTL_MS = UTM_ATTRIBUTION_TTL_DAYS * 86_400_000;

interface StoredUtm {
  code: string;
  at: number;
}

/** The kept code, or null (none, or expired: then it is dropped). */
export function pendingUtmCode(session: SessionStore, now = Date.now()): string | null {
  const stored = session.getJson<StoredUtm>(UTM_ATTRIBUTION_KEY);
  if (!stored) return null;
  if (
    typeof stored.code !== 'string' ||
    typeof stored.at !== 'number' ||
    now - stored.at > TTL_MS ||
    !UTM_CODE_PATTERN.test(stored.code)
  ) {
    session.remove(UTM_ATTRIBUTION_KEY);
    return null;
  }
  return stored.code;
}

/** Keeps the code of the address's `?kutm=` unless an earlier, unexpired one is kept. */
export function rememberUtmCode(session: SessionStore, search: string, now = Date.now()): string | null {
  const code = new URLSearchParams(search).get(UTM_CODE_PARAM) ?? '';
  if (!UTM_CODE_PATTERN.test(code) || pendingUtmCode(session, now)) return null;
  session.setJson(UTM_ATTRIBUTION_KEY, { code, at: now } satisfies StoredUtm);
  return code;
}

export const forgetUtmCode = (session: SessionStore) => session.remove(UTM_ATTRIBUTION_KEY);
