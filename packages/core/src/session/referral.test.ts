import { describe, expect, it } from 'vitest';
import { forgetReferral, pendingReferral, referralCodeIn, rememberReferral } from './referral.ts';
import { createSessionStore } from './session-store.ts';
import { memoryStorage } from './storage.ts';

describe('pending referral', () => {
  it('reads a code from ?ref= and nothing else', () => {
    expect(referralCodeIn('?ref=abcd2345')).toBe('ABCD2345');
    expect(referralCodeIn('?ref=ABCD234')).toBeNull();
    expect(referralCodeIn('?ref=ABCD2340')).toBeNull();
    expect(referralCodeIn('?x=1')).toBeNull();
  });
  it('keeps the code until it is forgotten, through a sign-in', () => {
    const session = createSessionStore(memoryStorage());
    expect(rememberReferral(session, '?ref=WXYZ2345')).toBe('WXYZ2345');
    session.setTokens({ accessToken: 'a.b.c' });
    expect(pendingReferral(session)).toBe('WXYZ2345');
    forgetReferral(session);
    expect(pendingReferral(session)).toBeNull();
  });
});
