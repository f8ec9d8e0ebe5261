import { ALERT_DURATION_MS, PROFILE_RELOAD_AFTER_PHONE_VERIFIED_MS } from '@khel/core/domain';
import { QUEST_SIGN_IN_KEY } from '../../../lib/quest-sign-in.ts';

/**
 * SPEC §2 "Screen behaviour after sign-in" and SPEC §8 "Phone verification failure", as plain
 * functions over an environment (so the timings are tested with fake timers).
 */

export type SignInMethod = 'phone' | 'whatsapp' | 'google' | 'wallet';

export type PageKind = 'quests' | 'profile' | 'clan-chief' | 'other';

/** sessionStorage: the clan-chief registration data (SPEC §2 stores the verified phone in it). */
export const CLAN_CHIEF_REGISTRATION_KEY = 'khel.clanChiefRegistration';
/** sessionStorage: marker of a clan-chief registration in progress (cleared when verification fails). */
export const CLAN_CHIEF_FLOW_KEY = 'khel.clanChiefFlow';
/**
 * sessionStorage: written just before a quests page refreshes after a sign-in. The quests feature
 * reads it after the reload to send the user on (third-party client URL when a community-gaming
 * flow was open, else the quest details modal, SPEC §2); shared code, as both features read it.
 */
export { QUEST_SIGN_IN_KEY };

export type AfterSignInAlert = 'phoneVerified' | 'phoneAlreadyExists' | 'somethingWentWrong';

export interface AfterSignInEnv {
  pathname: string;
  /** The tab's sessionStorage (null when the browser refuses it). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  alert(text: AfterSignInAlert, tone: 'success' | 'error'): void;
  reload(): void;
  setTimeout(run: () => void, ms: number): unknown;
  now?: () => number;
}

const QUEST_PREFIXES = ['/k-quest', '/quest-details', '/offerwall'];

function matches(pathname: string, prefix: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === prefix || path.startsWith(`${prefix}/`);
}

export function pageKindOf(pathname: string): PageKind {
  if (QUEST_PREFIXES.some((p) => matches(pathname, p))) return 'quests';
  if (matches(pathname, '/profile')) return 'profile';
  if (matches(pathname, '/clan-chief')) return 'clan-chief';
  return 'other';
}

function safe(run: () => void) {
  try {
    run();
  } catch (error) {
    console.error('Could not keep the sign-in state', error);
  }
}

/**
 * A phone was verified (a phone or WhatsApp sign-in, or a phone linked to the account):
 * on /profile 'phone number successfully verified' shows and the page reloads after 4 s;
 * on /clan-chief the number goes into the clan-chief registration data.
 */
export function afterPhoneVerified(env: AfterSignInEnv, phone: string): void {
  const kind = pageKindOf(env.pathname);
  if (kind === 'profile') {
    env.alert('phoneVerified', 'success');
    env.setTimeout(() => env.reload(), PROFILE_RELOAD_AFTER_PHONE_VERIFIED_MS);
  } else if (kind === 'clan-chief') {
    safe(() => {
      const raw = env.storage?.getItem(CLAN_CHIEF_REGISTRATION_KEY);
      let data: Record<string, unknown> = {};
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : {};
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          data = parsed as Record<string, unknown>;
      } catch {
        // unreadable: start again
      }
      env.storage?.setItem(CLAN_CHIEF_REGISTRATION_KEY, JSON.stringify({ ...data, phoneNumber: phone }));
    });
  }
}

/**
 * Whether a failed phone verification ends the attempt (SPEC §8 alert, then reload) rather than
 * letting the user fix it in the form: 409 (the number belongs to another account), a server error
 * or no answer. A wrong, expired or used-up code, or a 429, stays in the form.
 */
export function isVerificationFailure(status: number): boolean {
  return status === 409 || status === 0 || status >= 500;
}

/**
 * SPEC §8: 'phone number already exists' on 409, otherwise 'Something went wrong, Please try again!',
 * then reload; on the clan-chief page only the ongoing-flow marker is cleared. The reload waits
 * for the alert to be read (SPEC §9 alert duration).
 */
export function afterPhoneVerificationFailed(env: AfterSignInEnv, status: number): void {
  env.alert(status === 409 ? 'phoneAlreadyExists' : 'somethingWentWrong', 'error');
  if (pageKindOf(env.pathname) === 'clan-chief') {
    safe(() => env.storage?.removeItem(CLAN_CHIEF_FLOW_KEY));
    return;
  }
  env.setTimeout(() => env.reload(), ALERT_DURATION_MS);
}

/** Any sign-in: the phone rules above, then on a quests page the page refreshes (SPEC §2). */
export function afterSignIn(
  env: AfterSignInEnv,
  outcome: { method: SignInMethod; phone?: string | null },
): void {
  if ((outcome.method === 'phone' || outcome.method === 'whatsapp') && outcome.phone) {
    afterPhoneVerified(env, outcome.phone);
  }
  if (pageKindOf(env.pathname) === 'quests') {
    const at = env.now?.() ?? Date.now();
    safe(() =>
      env.storage?.setItem(
        QUEST_SIGN_IN_KEY,
        JSON.stringify({ path: env.pathname, method: outcome.method, at }),
      ),
    );
    env.reload();
  }
}
