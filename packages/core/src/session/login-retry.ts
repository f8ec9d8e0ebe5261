import { RETRY_LOGIN_AFTER_MS } from '../domain/constants.ts';
import { STORAGE_KEYS } from './keys.ts';
import type { KeyValueStorage } from './storage.ts';

/**
 * SPEC §2/§4: asking for another sign-in code is gated by retryLoginAfter (3 minutes, SPEC §9: 180 000 ms),
 * and a too-many-attempts flag is raised when the API answers 429. Both are stored, so a reload does not
 * reopen the gate.
 */
export interface LoginRetryGate {
  /** Call after a code was sent; `waitMs` is the API's `retryLoginAfter` when it gives one. */
  codeSent(waitMs?: number, now?: number): void;
  /** Call when the API answered 429: raises the flag and keeps the gate shut for `waitMs`. */
  markTooManyAttempts(waitMs?: number, now?: number): void;
  /** Call when the API says the code died of wrong tries: a new one may be asked at once. */
  codeExhausted(): void;
  /** Feeds the answer of a register/resend call to the gate (2xx → codeSent, 429 → too many attempts). */
  recordCodeResponse(result: { success: boolean; status: number; data?: unknown }, now?: number): void;
  canRequestCode(now?: number): boolean;
  /** 0 once a new code may be asked. */
  msUntilRetry(now?: number): number;
  /** True while the 429 wait runs; cleared once it has passed. */
  isTooManyAttempts(now?: number): boolean;
  /** Absolute time (ms) when asking again is allowed, or null when it is allowed now. */
  retryAt(now?: number): number | null;
}

export function createLoginRetryGate(
  storage: KeyValueStorage,
  options: { now?: () => number; onChange?: () => void } = {},
): LoginRetryGate {
  const clock = options.now ?? (() => Date.now());
  const changed = () => options.onChange?.();

  const storedRetryAt = (): number | null => {
    const raw = storage.getItem(STORAGE_KEYS.retryLoginAfter);
    if (raw === null) return null;
    const at = Number(raw);
    return Number.isFinite(at) ? at : null;
  };

  const setRetryAt = (at: number) => {
    storage.setItem(STORAGE_KEYS.retryLoginAfter, String(at));
  };

  // Clears the stored wait and the flag once the wait has passed.
  const retryAt = (now = clock()): number | null => {
    const at = storedRetryAt();
    if (at !== null && at > now) return at;
    const hadState = at !== null || storage.getItem(STORAGE_KEYS.tooManyAttempts) !== null;
    if (hadState) {
      storage.removeItem(STORAGE_KEYS.retryLoginAfter);
      storage.removeItem(STORAGE_KEYS.tooManyAttempts);
      changed();
    }
    return null;
  };

  const gate: LoginRetryGate = {
    codeSent(waitMs = RETRY_LOGIN_AFTER_MS, now = clock()) {
      setRetryAt(now + waitMs);
      changed();
    },
    markTooManyAttempts(waitMs = RETRY_LOGIN_AFTER_MS, now = clock()) {
      setRetryAt(Math.max(storedRetryAt() ?? 0, now + waitMs));
      storage.setItem(STORAGE_KEYS.tooManyAttempts, 'true');
      changed();
    },
    codeExhausted() {
      storage.removeItem(STORAGE_KEYS.retryLoginAfter);
      storage.removeItem(STORAGE_KEYS.tooManyAttempts);
      changed();
    },
    recordCodeResponse(result, now = clock()) {
      if (result.status === 429) {
        gate.markTooManyAttempts(retryAfterFrom(result.data), now);
      } else if (result.success) {
        gate.codeSent(retryAfterFrom(result.data), now);
      }
    },
    canRequestCode: (now = clock()) => retryAt(now) === null,
    msUntilRetry(now = clock()) {
      const at = retryAt(now);
      return at === null ? 0 : at - now;
    },
    isTooManyAttempts: (now = clock()) =>
      retryAt(now) !== null && storage.getItem(STORAGE_KEYS.tooManyAttempts) === 'true',
    retryAt,
  };
  return gate;
}

function retryAfterFrom(data: unknown): number | undefined {
  if (data && typeof data === 'object' && 'retryLoginAfter' in data) {
    const ms = (data as { retryLoginAfter: unknown }).retryLoginAfter;
    if (typeof ms === 'number' && Number.isFinite(ms) && ms > 0) return ms;
  }
  return undefined;
}

const gates = new WeakMap<object, LoginRetryGate>();

/** The session's sign-in code gate, made on first use and kept with it (its state is in the session's storage). */
export function loginRetryGate(session: {
  readonly storage: KeyValueStorage;
  readonly now: () => number;
  announce(change: { type: 'login-retry' }): void;
}): LoginRetryGate {
  let gate = gates.get(session);
  if (!gate) {
    gate = createLoginRetryGate(session.storage, {
      now: session.now,
      onChange: () => session.announce({ type: 'login-retry' }),
    });
    gates.set(session, gate);
  }
  return gate;
}
