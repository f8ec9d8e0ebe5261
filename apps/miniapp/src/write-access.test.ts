import { describe, expect, it, vi } from 'vitest';
import {
  askWriteAccessAfterSignIn,
  telegramUserIdOf,
  WRITE_ACCESS_ASK_EVERY_MS,
  type WriteAccessDeps,
} from './write-access.ts';

function preferences() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
  };
}

const signedIn = Promise.resolve({ success: true as const, status: 200, data: {}, message: 'Signed in' });

function deps(overrides: Partial<WriteAccessDeps> = {}): WriteAccessDeps {
  return {
    allowsWriteToPm: false,
    telegramUserId: '7',
    signIn: signedIn,
    preferences: preferences(),
    now: () => 1_000_000,
    request: vi.fn(async () => 'allowed'),
    ...overrides,
  };
}

describe('asking Telegram to let the bot write (requestWriteAccess)', () => {
  it('asks a signed-in user whose init data say allows_write_to_pm is false, and remembers it', async () => {
    const d = deps();
    expect(await askWriteAccessAfterSignIn(d)).toBe('allowed');
    expect(d.request).toHaveBeenCalledTimes(1);
    expect(await askWriteAccessAfterSignIn(d)).toBe('asked-recently');
    expect(d.request).toHaveBeenCalledTimes(1);
  });

  it('never asks when the bot may write already, nor before the sign-in succeeded', async () => {
    for (const allowsWriteToPm of [true, null]) {
      const d = deps({ allowsWriteToPm });
      expect(await askWriteAccessAfterSignIn(d)).toBe('not-needed');
      expect(d.request).not.toHaveBeenCalled();
    }
    const refused = deps({
      signIn: Promise.resolve({ success: false as const, status: 401, data: null, message: 'no' }),
    });
    expect(await askWriteAccessAfterSignIn(refused)).toBe('signed-out');
    const lost = deps({ signIn: Promise.reject(new Error('offline')) });
    expect(await askWriteAccessAfterSignIn(lost)).toBe('signed-out');
    expect(refused.request).not.toHaveBeenCalled();
  });

  it('a user who cancelled is asked again a week later; another Telegram user on the device is asked at once', async () => {
    let now = 5_000_000;
    const prefs = preferences();
    const request = vi.fn(async () => 'cancelled');
    const d = deps({ preferences: prefs, request, now: () => now });
    expect(await askWriteAccessAfterSignIn(d)).toBe('cancelled');
    now += WRITE_ACCESS_ASK_EVERY_MS - 1;
    expect(await askWriteAccessAfterSignIn(d)).toBe('asked-recently');
    expect(await askWriteAccessAfterSignIn({ ...d, telegramUserId: '8' })).toBe('cancelled');
    now += 1;
    expect(await askWriteAccessAfterSignIn(d)).toBe('cancelled');
    expect(request).toHaveBeenCalledTimes(3);
  });

  it('a client that cannot ask leaves nothing remembered, so a newer one asks', async () => {
    const prefs = preferences();
    expect(await askWriteAccessAfterSignIn(deps({ preferences: prefs, request: async () => null }))).toBe(
      'unavailable',
    );
    const failing = deps({ preferences: prefs, request: async () => Promise.reject(new Error('busy')) });
    expect(await askWriteAccessAfterSignIn(failing)).toBe('unavailable');
    expect(prefs.map.size).toBe(0);
  });

  it('reads the Telegram user id of raw init data', () => {
    expect(telegramUserIdOf(`user=${encodeURIComponent('{"id":42}')}&hash=x`)).toBe('42');
    expect(telegramUserIdOf('user=%7Bbroken')).toBeNull();
    expect(telegramUserIdOf('hash=x')).toBeNull();
  });
});
