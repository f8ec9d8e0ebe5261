import type { ApiClient } from '@khel/core/client';
import { createSessionStore, memoryStorage, pendingReferral, rememberReferral } from '@khel/core/session';
import { describe, expect, it, vi } from 'vitest';
import { applyPendingReferral } from './apply-referral.ts';

const clientAnswering = (answer: unknown) => ({ request: vi.fn(async () => answer) }) as unknown as ApiClient;

describe('applyPendingReferral', () => {
  it('applies the kept code once the user is signed in, then forgets it', async () => {
    const session = createSessionStore(memoryStorage());
    rememberReferral(session, '?ref=ABCD2345');
    const client = clientAnswering({ success: true, status: 200, data: { applied: true }, message: 'OK' });
    expect(await applyPendingReferral(client, session)).toBe(false);
    session.setTokens({ accessToken: 'a.b.c' });
    expect(await applyPendingReferral(client, session)).toBe(true);
    expect(client.request).toHaveBeenCalledWith(expect.objectContaining({ path: '/referral/apply' }), {
      body: { code: 'ABCD2345' },
    });
    expect(pendingReferral(session)).toBeNull();
  });
  it('forgets a refused code, keeps one the network lost', async () => {
    const session = createSessionStore(memoryStorage());
    session.setTokens({ accessToken: 'a.b.c' });
    rememberReferral(session, '?ref=ABCD2345');
    await applyPendingReferral(
      clientAnswering({ success: false, status: 0, data: null, message: 'offline' }),
      session,
    );
    expect(pendingReferral(session)).toBe('ABCD2345');
    await applyPendingReferral(
      clientAnswering({
        success: false,
        status: 400,
        data: null,
        message: 'You cannot use your own referral code.',
      }),
      session,
    );
    expect(pendingReferral(session)).toBeNull();
  });
});
