import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../client/api-client.ts';
import { envelope, fakeFetch } from '../client/fake-fetch.ts';
import { createSessionStore } from '../session/session-store.ts';
import { memoryStorage } from '../session/storage.ts';
import { createAnalyticsTransport } from './transport.ts';

function setup(status = 202) {
  const fetch = fakeFetch(() => envelope(status, status === 202 ? { stored: true } : null, 'nope'));
  const session = createSessionStore(memoryStorage());
  session.setTokens({ accessToken: 'secret-access' });
  const client = createApiClient({ baseUrl: 'https://khel.test/api', source: 'website', session, fetch });
  const logger = { error: vi.fn() };
  return { fetch, logger, send: createAnalyticsTransport(client, { logger }) };
}

describe('analytics transport (SPEC §7 analytics gateway)', () => {
  it('sends GET /analytics/event with eventName, eventId, game and account ids and details as JSON', async () => {
    const { fetch, send } = setup();
    const ok = await send({
      eventName: 'quest_opened',
      eventId: 'e-1',
      gameId: 'g-7',
      accountId: 'acc-3',
      fields: { userId: 'u1', screenWidth: '412' },
    });
    expect(ok).toBe(true);
    const call = fetch.calls[0]!;
    expect(call.init.method).toBe('GET');
    expect(call.url.pathname).toBe('/api/analytics/event');
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      eventName: 'quest_opened',
      eventId: 'e-1',
      gameId: 'g-7',
      accountId: 'acc-3',
      details: '{"userId":"u1","screenWidth":"412"}',
    });
    // A public route: the access token is not sent along.
    expect(call.init.headers.Authorization).toBeUndefined();
    // No screen waits on it: it goes at low Fetch Priority.
    expect(call.init.priority).toBe('low');
  });

  it('does not send empty data and logs an error (SPEC §5)', async () => {
    const { fetch, logger, send } = setup();
    expect(await send({ eventName: 'quest_opened', eventId: 'e-1', fields: {} })).toBe(false);
    expect(fetch.calls).toHaveLength(0);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('passes keepalive for events sent while the page goes away', async () => {
    const { fetch, send } = setup();
    await send({ eventName: 'session_end', eventId: 'e-2', fields: { a: 'b' }, keepalive: true });
    expect(fetch.calls[0]!.init.keepalive).toBe(true);
    // It must leave before the page does: no lower priority.
    expect(fetch.calls[0]!.init.priority).toBeUndefined();
  });

  it('reports a gateway failure as false and logs it', async () => {
    const { logger, send } = setup(400);
    expect(await send({ eventName: 'x', eventId: 'e-3', fields: { a: 'b' } })).toBe(false);
    expect(logger.error).toHaveBeenCalled();
  });
});
