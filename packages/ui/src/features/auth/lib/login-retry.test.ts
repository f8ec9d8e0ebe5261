import { createSessionStore, loginRetryGate, memoryStorage } from '@khel/core/session';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readLoginRetry } from './login-retry.ts';

const sent = {
  success: true,
  status: 200,
  data: { phone: '+919876543210', retryLoginAfter: 180_000, expiresIn: 600 },
};

describe('resend gate (SPEC §4: 3 minutes, §9: 180 000 ms)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('after a code is sent, resending waits 180 000 ms', () => {
    const session = createSessionStore(memoryStorage());
    expect(readLoginRetry(loginRetryGate(session))).toEqual({
      canRequest: true,
      msLeft: 0,
      tooManyAttempts: false,
    });

    loginRetryGate(session).recordCodeResponse(sent);
    expect(readLoginRetry(loginRetryGate(session))).toEqual({
      canRequest: false,
      msLeft: 180_000,
      tooManyAttempts: false,
    });

    vi.advanceTimersByTime(179_999);
    expect(readLoginRetry(loginRetryGate(session)).canRequest).toBe(false);
    expect(readLoginRetry(loginRetryGate(session)).msLeft).toBe(1);

    vi.advanceTimersByTime(1);
    expect(readLoginRetry(loginRetryGate(session))).toEqual({
      canRequest: true,
      msLeft: 0,
      tooManyAttempts: false,
    });
  });

  it('a 429 shows the too-many-attempts state for the wait the API names, then clears', () => {
    const session = createSessionStore(memoryStorage());
    loginRetryGate(session).recordCodeResponse({
      success: false,
      status: 429,
      data: { retryLoginAfter: 90_000 },
    });
    expect(readLoginRetry(loginRetryGate(session))).toEqual({
      canRequest: false,
      msLeft: 90_000,
      tooManyAttempts: true,
    });

    vi.advanceTimersByTime(90_000);
    expect(readLoginRetry(loginRetryGate(session))).toEqual({
      canRequest: true,
      msLeft: 0,
      tooManyAttempts: false,
    });
  });

  it('a 429 without a wait falls back to 180 000 ms', () => {
    const session = createSessionStore(memoryStorage());
    loginRetryGate(session).recordCodeResponse({ success: false, status: 429, data: null });
    expect(readLoginRetry(loginRetryGate(session)).msLeft).toBe(180_000);
  });
});
