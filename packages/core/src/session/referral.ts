import type { SessionStore } from './session-store.ts';

/**
 * A referral code from an invite link (website `/?ref=<code>`, Mini App `startapp=ref_<code>`, which
 * the deep-link table opens as `/home?ref=<code>`), kept until the visitor has signed in, then applied
 * once (POST /referral/apply). Codes are 8 characters of A–Z and 2–9 (contract REFERRAL_CODE_PATTERN).
 */
export const PENDING_REFERRAL_KEY = 'pendingReferral';
const CODE = /^[A-Za-z2-9]{8}$/;

/** The code a URL's query carries, upper-cased, or null. */
export function referralCodeIn(search: string): string | null {
  const code = new URLSearchParams(search).get('ref')?.trim() ?? '';
  return CODE.test(code) ? code.toUpperCase() : null;
}

/** Keeps the invite's code for after sign-in (a later invite replaces an earlier one). */
export function rememberReferral(session: SessionStore, search: string): string | null {
  const code = referralCodeIn(search);
  if (code) session.set(PENDING_REFERRAL_KEY, code);
  return code;
}

export const pendingReferral = (session: SessionStore): string | null => session.get(PENDING_REFERRAL_KEY);
export const forgetReferral = (session: SessionStore) => session.remove(PENDING_REFERRAL_KEY);
