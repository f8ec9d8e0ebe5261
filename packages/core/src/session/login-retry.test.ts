import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RETRY_LOGIN_AFTER_MS } from '../domain/constants.ts';
import { STORAGE_KEYS } from './keys.ts';
import { createLoginRetryGate, loginRetryGate } from './login-retry.ts';
import { createSessionStore } from './session-store.ts';
import { memoryStorage } from './storage.ts';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-03-01T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('login retry gate (SPEC §4, §9: 180 000 ms)', () => {
  it('the wait is 180 000 ms', () => {
    expect(RETRY_LOGIN_AFTER_MS).toBe(180_000);
  });

  it('after a code is sent, another may be asked only after 180 000 ms', () => {
    const storage = memoryStorage();
    const gate = createLoginRetryGate(storage);
    expect(gate.canRequestCode()).toBe(true);
    gate.codeSent();
    expect(storage.getItem(STORAGE_KEYS.retryLoginAfter)).toBe(String(Date.now() + 180_000));
    expect(gate.canRequestCode()).toBe(false);
    expect(gate.msUntilRetry()).toBe(180_000);
    vi.advanceTimersByTime(179_999);
    expect(gate.canRequestCode()).toBe(false);
    expect(gate.msUntilRetry()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(gate.canRequestCode()).toBe(true);
    expect(gate.msUntilRetry()).toBe(0);
    expect(storage.getItem(STORAGE_KEYS.retryLoginAfter)).toBeNull();
  });

  it('stores an absolute time, so a reload (new gate on the same storage) stays shut', () => {
    const storage = memoryStorage();
    createLoginRetryGate(storage).codeSent();
    vi.advanceTimersByTime(60_000);
    const afterReload = createLoginRetryGate(storage);
    expect(afterReload.msUntilRetry()).toBe(120_000);
  });

  it('takes explicit `now` values', () => {
    const gate = createLoginRetryGate(memoryStorage(), { now: () => 1_000 });
    gate.codeSent(undefined, 1_000);
    expect(gate.canRequestCode(180_999)).toBe(false);
    expect(gate.canRequestCode(181_000)).toBe(true);
  });

  it('429 raises the too-many-attempts flag, cleared when the wait passes', () => {
    const storage = memoryStorage();
    const gate = createLoginRetryGate(storage);
    gate.recordCodeResponse({ success: false, status: 429, data: null });
    expect(gate.isTooManyAttempts()).toBe(true);
    expect(gate.canRequestCode()).toBe(false);
    vi.advanceTimersByTime(RETRY_LOGIN_AFTER_MS);
    expect(gate.isTooManyAttempts()).toBe(false);
    expect(gate.canRequestCode()).toBe(true);
    expect(storage.getItem(STORAGE_KEYS.tooManyAttempts)).toBeNull();
  });

  it('a code killed by wrong tries opens the gate at once (the API lets a new one be asked)', () => {
    const storage = memoryStorage();
    const changes = vi.fn();
    const gate = createLoginRetryGate(storage, { onChange: changes });
    gate.codeSent();
    expect(gate.canRequestCode()).toBe(false);
    gate.codeExhausted();
    expect(gate.canRequestCode()).toBe(true);
    expect(gate.isTooManyAttempts()).toBe(false);
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it("uses the API's retryLoginAfter when a code was sent", () => {
    const gate = createLoginRetryGate(memoryStorage());
    gate.recordCodeResponse({ success: true, status: 201, data: { retryLoginAfter: 60_000 } });
    expect(gate.msUntilRetry()).toBe(60_000);
    expect(gate.isTooManyAttempts()).toBe(false);
  });

  it('a failed request other than 429 leaves the gate open', () => {
    const gate = createLoginRetryGate(memoryStorage());
    gate.recordCodeResponse({ success: false, status: 400, data: null });
    expect(gate.canRequestCode()).toBe(true);
  });

  it("a session's gate is made once, reads its storage and reports changes to its listeners", () => {
    const session = createSessionStore(memoryStorage());
    const listener = vi.fn();
    session.subscribe(listener);
    loginRetryGate(session).codeSent();
    expect(listener).toHaveBeenCalledWith({ type: 'login-retry' });
    expect(loginRetryGate(session).canRequestCode()).toBe(false);
    expect(loginRetryGate(session)).toBe(loginRetryGate(session));
  });
});
