import { CLAN_COUNTRIES } from './clan-countries.ts';

/**
 * sessionStorage: the code sent for this tab's chief registration, so that a reload keeps its field and the
 * wait before a new one (the API refuses a new code for 180 s, SPEC §9, and a form that forgot the code it
 * asked for could only show that refusal).
 */
export const PENDING_CODE_KEY = 'khel.clanChiefCode';

export interface PendingCode {
  /** E.164. */
  phone: string;
  /** Epoch ms from which a new code may be asked. */
  resendAt: number;
  /** Epoch ms until which the code may be typed. */
  expiresAt: number;
}

/**
 * A code lives 10 minutes and a new one may be asked 3 minutes after it: when the API says to wait (a code
 * went to that phone less than 3 minutes ago), that code lives at least 7 minutes past the end of the wait.
 */
export const CODE_LIFE_AFTER_WAIT_MS = 7 * 60_000;

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The code still on its way or typable in this tab, or null (none, expired, or unreadable). */
export function readPendingCode(storage: Storage_ | null, now: number): PendingCode | null {
  try {
    const raw = storage?.getItem(PENDING_CODE_KEY);
    if (!raw) return null;
    const code = JSON.parse(raw) as Partial<PendingCode>;
    if (
      typeof code.phone !== 'string' ||
      typeof code.resendAt !== 'number' ||
      typeof code.expiresAt !== 'number'
    )
      return null;
    return code.expiresAt > now
      ? { phone: code.phone, resendAt: code.resendAt, expiresAt: code.expiresAt }
      : null;
  } catch {
    return null;
  }
}

/** Keeps (or, with null, forgets) the pending code; a browser that refuses storage only loses it on reload. */
export function keepPendingCode(storage: Storage_ | null, code: PendingCode | null): void {
  try {
    if (code) storage?.setItem(PENDING_CODE_KEY, JSON.stringify(code));
    else storage?.removeItem(PENDING_CODE_KEY);
  } catch {
    // storage refused: the form still works until a reload
  }
}

/** What a refused "send a code" means for the form. */
export type SendRefusal =
  /** A code already went to this phone (429 OTP_WAIT): its field, and the wait before a new one. */
  | { kind: 'code-on-its-way'; pending: PendingCode }
  /** Too many codes (429 OTP_TOO_MANY): no field, a countdown until a new one may be asked. */
  | { kind: 'wait'; until: number }
  | { kind: 'other' };

export function sendRefusalOf(
  error: { status?: number; messageCode?: string | undefined; data?: unknown } | null,
  phone: string,
  now: number,
): SendRefusal {
  const wait = (error?.data as { retryLoginAfter?: unknown } | null | undefined)?.retryLoginAfter;
  if (error?.status !== 429 || typeof wait !== 'number') return { kind: 'other' };
  if (error.messageCode === 'OTP_WAIT')
    return {
      kind: 'code-on-its-way',
      pending: { phone, resendAt: now + wait, expiresAt: now + wait + CODE_LIFE_AFTER_WAIT_MS },
    };
  return { kind: 'wait', until: now + wait };
}

/** E.164 split into one of the clan countries and the national number (null for another country). */
export function splitPhone(e164: string): { country: string; national: string } | null {
  const match = CLAN_COUNTRIES.find((c) => e164.startsWith(c.dialCode));
  return match ? { country: match.code, national: e164.slice(match.dialCode.length) } : null;
}
