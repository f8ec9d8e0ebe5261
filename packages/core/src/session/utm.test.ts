import { describe, expect, it } from 'vitest';
import { createSessionStore } from './session-store.ts';
import { memoryStorage } from './storage.ts';
import { forgetUtmCode, pendingUtmCode, rememberUtmCode, UTM_ATTRIBUTION_KEY } from './utm.ts';

const DAY = 86_400_000;

describe('first-touch UTM code', () => {
  it('keeps the first code a visitor came with, through a sign-in; a later link does not replace it', () => {
    const session = createSessionStore(memoryStorage());
    const t0 = Date.parse('2026-11-01T00:00:00Z');
    expect(rememberUtmCode(session, '?utm_source=x&kutm=Ab3dEf7h', t0)).toBe('Ab3dEf7h');
    expect(rememberUtmCode(session, '?kutm=ZZZZZZZZ', t0 + DAY)).toBeNull();
    session.setTokens({ accessToken: 'a.b.c' });
    expect(pendingUtmCode(session, t0 + 2 * DAY)).toBe('Ab3dEf7h');
    forgetUtmCode(session);
    expect(pendingUtmCode(session)).toBeNull();
  });

  it('refuses codes that are not ours and forgets one after 30 days', () => {
    const session = createSessionStore(memoryStorage());
    const t0 = Date.parse('2026-11-01T00:00:00Z');
    for (const bad of ['?kutm=short', '?kutm=O0O0O0O0', '?kutm=abcdefg!', '?other=Ab3dEf7h', ''])
      expect(rememberUtmCode(session, bad, t0)).toBeNull();
    expect(rememberUtmCode(session, '?kutm=Ab3dEf7h', t0)).toBe('Ab3dEf7h');
    expect(pendingUtmCode(session, t0 + 30 * DAY + 1)).toBeNull();
    expect(session.get(UTM_ATTRIBUTION_KEY)).toBeNull();
    expect(rememberUtmCode(session, '?kutm=ZZZZZZZZ', t0 + 31 * DAY)).toBe('ZZZZZZZZ');
    session.set(UTM_ATTRIBUTION_KEY, '{"code":1}');
    expect(pendingUtmCode(session)).toBeNull();
  });
});
