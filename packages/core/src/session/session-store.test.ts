import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeJwtPayload } from './id-token.ts';
import { KEPT_KEYS, STORAGE_KEYS } from './keys.ts';
import { createSessionStore } from './session-store.ts';
import { memoryStorage } from './storage.ts';

const jwt = (payload: unknown) =>
  `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.sig`;

let errorLog: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorLog = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  errorLog.mockRestore();
});

describe('tokens and sign-in state (SPEC §3, §6)', () => {
  it('a visitor has no tokens; storing tokens signs in', () => {
    const session = createSessionStore(memoryStorage());
    expect(session.isSignedIn()).toBe(false);
    session.setTokens({ accessToken: 'a', refreshToken: 'r', idToken: jwt({ sub: 'u1' }) });
    expect(session.isSignedIn()).toBe(true);
    expect(session.getAccessToken()).toBe('a');
    expect(session.getRefreshToken()).toBe('r');
    expect(session.get(STORAGE_KEYS.userId)).toBe('u1');
  });

  it('a refresh without an id token keeps the stored one and the login session id', () => {
    let n = 0;
    const session = createSessionStore(memoryStorage(), { randomId: () => `login-${++n}` });
    const idToken = jwt({ sub: 'u1' });
    session.setTokens({ accessToken: 'a1', refreshToken: 'r1', idToken });
    session.setTokens({ accessToken: 'a2', refreshToken: 'r2' });
    expect(session.getIdToken()).toBe(idToken);
    expect(session.getLoginSessionId()).toBe('login-1');
    session.endSession();
    session.setTokens({ accessToken: 'a3', refreshToken: 'r3' });
    expect(session.getLoginSessionId()).toBe('login-2');
  });

  it('never writes the refresh token when the API keeps it in an HttpOnly cookie', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage, { persistRefreshToken: false });
    session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
    expect(session.isSignedIn()).toBe(true);
  });
});

describe('decodeIdToken (SPEC §3 userId, email, phone)', () => {
  it('reads userId, email and phone from the payload without verifying', () => {
    const session = createSessionStore(memoryStorage());
    session.setTokens({
      accessToken: 'a',
      idToken: jwt({ sub: 'u-42', email: 'añil@example.in', phone_number: '+919876543210' }),
    });
    expect(session.decodeIdToken()).toEqual({
      userId: 'u-42',
      email: 'añil@example.in',
      phone: '+919876543210',
    });
    expect(errorLog).not.toHaveBeenCalled();
  });

  it('an empty token logs an error and returns empty (SPEC §5, §8)', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.idToken]: '' });
    expect(createSessionStore(storage).decodeIdToken()).toEqual({});
    expect(errorLog).toHaveBeenCalledTimes(1);
  });

  it.each(['not-a-jwt', 'a.%%%.c', `a.${Buffer.from('[1,2]').toString('base64url')}.c`])(
    'a malformed token (%s) logs an error and returns empty',
    (token) => {
      expect(decodeJwtPayload(token)).toEqual({});
      expect(errorLog).toHaveBeenCalledTimes(1);
    },
  );

  it('no stored token returns empty without logging', () => {
    expect(createSessionStore(memoryStorage()).decodeIdToken()).toEqual({});
    expect(errorLog).not.toHaveBeenCalled();
  });
});

describe('endSession (SPEC §4)', () => {
  it('keeps only location, IP, analytics session id and timestamp entries', () => {
    const storage = memoryStorage();
    const session = createSessionStore(storage);
    session.setTokens({ accessToken: 'a', refreshToken: 'r', idToken: jwt({ sub: 'u' }) });
    for (const key of Object.values(STORAGE_KEYS)) {
      if (storage.getItem(key) === null) storage.setItem(key, `value of ${key}`);
    }
    session.endSession();
    expect(storage.keys().sort()).toEqual(
      ['analyticSessionId', 'analyticSessionTimestamp', 'ipAddress', 'userLocationData'].sort(),
    );
    expect(storage.keys().sort()).toEqual([...KEPT_KEYS].sort());
    expect(session.isSignedIn()).toBe(false);
  });
});

describe('subscribe', () => {
  it('tells listeners about token changes and the end of the session until unsubscribed', () => {
    const session = createSessionStore(memoryStorage());
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.setTokens({ accessToken: 'a' });
    session.set(STORAGE_KEYS.walletAddress, '0x1');
    session.endSession();
    expect(listener.mock.calls.map(([c]) => c)).toEqual([
      { type: 'tokens' },
      { type: 'value', key: 'walletAddress' },
      { type: 'ended' },
    ]);
    unsubscribe();
    session.setTokens({ accessToken: 'b' });
    expect(listener).toHaveBeenCalledTimes(3);
  });

  it('stores JSON values', () => {
    const session = createSessionStore(memoryStorage());
    session.setJson(STORAGE_KEYS.userLocationData, { countryCode: '+55', countryName: 'Brazil' });
    expect(session.getJson(STORAGE_KEYS.userLocationData)).toEqual({
      countryCode: '+55',
      countryName: 'Brazil',
    });
  });
});
