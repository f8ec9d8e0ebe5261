import type { LoginRetryGate } from '@khel/core/session';

export interface LoginRetryView {
  /** A new code may be asked now. */
  canRequest: boolean;
  /** Milliseconds until it may (0 when it may now). */
  msLeft: number;
  /** The API answered 429: show the too-many-attempts state until the wait is over. */
  tooManyAttempts: boolean;
}

/** What the sign-in form shows about the resend wait (SPEC §4: 3 minutes; §9: 180 000 ms). */
export function readLoginRetry(gate: LoginRetryGate, now: number = Date.now()): LoginRetryView {
  const msLeft = gate.msUntilRetry(now);
  return { canRequest: msLeft === 0, msLeft, tooManyAttempts: msLeft > 0 && gate.isTooManyAttempts(now) };
}
