import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute, routes } from '../contract/index.ts';
import { KEPT_KEYS, STORAGE_KEYS } from '../session/keys.ts';
import { createSessionStore } from '../session/session-store.ts';
import { memoryStorage } from '../session/storage.ts';
import { type ApiClientOptions, createApiClient, isWalletNotFound } from './api-client.ts';
import { ApiError } from './api-error.ts';
import { envelope, type FakeHandler, fakeFetch } from './fake-fetch.ts';
import { WALLET_PRECHECK_EXEMPT_PATHS } from './paths.ts';

const BASE = 'https://khel.test/api';
const REFRESH_PATH = '/api/authentication/token/refresh';

const profile = {
  id: '3f1d6c2e-8a47-4f0b-9c1e-2b7d5a9e4c10',
  phone_number: '+919876543210',
  email: null,
  username: 'gamer01',
  first_name: null,
  last_name: null,
  telegram_id: null,
  telegram_username: null,
  photo_url: null,
  language_code: 'en',
  is_verified: true,
  created_at: '2025-01-01T00:00:00.000Z',
};

function setup(handler: FakeHandler, extra: Partial<ApiClientOptions> = {}) {
  const storage = memoryStorage();
  const session = createSessionStore(storage);
  session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const fetch = fakeFetch(handler);
  const logger = { error: vi.fn() };
  const client = createApiClient({ baseUrl: BASE, source: 'website', session, fetch, logger, ...extra });
  return { client, session, storage, fetch, logger };
}

const bearer = (call: { init: { headers: Record<string, string> } }) => call.init.headers.Authorization;

afterEach(() => {
  vi.useRealTimers();
});

describe('request headers and bodies (SPEC §7)', () => {
  it.each(['website', 'telegram'] as const)('sends Source: %s and credentials include', async (source) => {
    const { client, fetch } = setup(() => envelope(200, profile), { source });
    await client.request(routes.profile);
    const call = fetch.calls[0]!;
    expect(call.init.headers.Source).toBe(source);
    expect(call.init.credentials).toBe('include');
    expect(call.init.headers.Accept).toBe('application/json');
    expect(call.url.href).toBe(`${BASE}/users/me/profile`);
  });

  it('sends the bearer token on authenticated routes and none on public routes', async () => {
    const { client, fetch } = setup(() => envelope(200, { status: 'ok' }));
    await client.request(routes.profile);
    await client.request(routes.register, { body: { phone: '+919876543210' } });
    expect(bearer(fetch.calls[0]!)).toBe('Bearer access-1');
    expect(bearer(fetch.calls[1]!)).toBeUndefined();
  });

  it('sends JSON bodies with Content-Type application/json', async () => {
    const { client, fetch } = setup(() =>
      envelope(201, { phone: '+919876543210', retryLoginAfter: 180_000, expiresIn: 300 }),
    );
    const res = await client.request(routes.register, { body: { phone: '+919876543210' } });
    const call = fetch.calls[0]!;
    expect(call.init.method).toBe('POST');
    expect(call.init.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(call.init.body as string)).toEqual({ phone: '+919876543210' });
    expect(res).toEqual({
      success: true,
      status: 201,
      data: { phone: '+919876543210', retryLoginAfter: 180_000, expiresIn: 300 },
      message: '',
    });
  });

  it('sends uploads as multipart without setting a Content-Type by hand', async () => {
    const upload = defineRoute({
      method: 'POST',
      path: '/users/me/profile-picture',
      summary: 'test upload',
      tag: 'Test',
      auth: 'bearer',
      multipart: true,
      response: z.object({ url: z.string() }),
    });
    const { client, fetch } = setup(() => envelope(200, { url: 'https://cdn.test/a.jpg' }));
    const form = new FormData();
    form.append('file', new Blob(['jpeg-bytes'], { type: 'image/jpeg' }), 'a.jpg');
    const res = await client.request(upload, { formData: form });
    const call = fetch.calls[0]!;
    expect(call.init.body).toBe(form);
    expect(call.init.headers['Content-Type']).toBeUndefined();
    expect(res.success && res.data.url).toBe('https://cdn.test/a.jpg');
  });

  it('fills path parameters and builds the query, leaving out null and undefined', async () => {
    const clan = defineRoute({
      method: 'GET',
      path: '/platform-clans/:clanId/members',
      summary: 'test',
      tag: 'Test',
      auth: 'bearer',
      query: z.object({ page: z.number(), search: z.string().optional() }),
      response: z.array(z.string()),
    });
    const { client, fetch } = setup(() => envelope(200, []));
    await client.request(clan, { params: { clanId: 'a b' }, query: { page: 2, search: undefined } });
    expect(fetch.calls[0]!.url.href).toBe(`${BASE}/platform-clans/a%20b/members?page=2`);
    await expect(client.request(clan, { query: { page: 1 } })).rejects.toThrow(/clanId/);
  });

  it('sends `tma <initData>` on Telegram sign-in routes', async () => {
    const { client, fetch } = setup(() => envelope(401, null, 'Invalid init data'), {
      source: 'telegram',
      telegramInitData: () => 'query_id=1&hash=abc',
    });
    const res = await client.request(routes.telegram);
    expect(bearer(fetch.calls[0]!)).toBe('tma query_id=1&hash=abc');
    // A 401 here is a failed sign-in, not an expired access token: no refresh.
    expect(fetch.calls).toHaveLength(1);
    expect(res.status).toBe(401);
  });
});

describe('normalised outcome (SPEC §7, §8)', () => {
  it("turns a network failure into { success:false, status:0, data:null, message:'API Failure!' }", async () => {
    const { client, logger } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.request(routes.profile)).resolves.toEqual({
      success: false,
      status: 0,
      data: null,
      message: 'API Failure!',
    });
    expect(logger.error).toHaveBeenCalled();
  });

  it("turns a non-JSON answer into 'API Failure!' with the HTTP status", async () => {
    const { client } = setup(() => ({ status: 502, body: '<html>Bad gateway</html>' }));
    await expect(client.request(routes.profile)).resolves.toEqual({
      success: false,
      status: 502,
      data: null,
      message: 'API Failure!',
    });
  });

  it('passes a server error envelope through', async () => {
    const { client } = setup(() =>
      envelope(400, { issues: [{ path: 'phone', message: 'bad' }] }, 'Invalid phone'),
    );
    const res = await client.request(routes.register, { body: { phone: '+91' } });
    expect(res).toEqual({
      success: false,
      status: 400,
      data: { issues: [{ path: 'phone', message: 'bad' }] },
      message: 'Invalid phone',
    });
  });

  it("turns data that does not match the route's schema into 'An error occurred while fetching data.. Please try again!'", async () => {
    const { client, logger } = setup(() => envelope(200, { ...profile, id: 42 }));
    const res = await client.request(routes.profile);
    expect(res).toEqual({
      success: false,
      status: 200,
      data: null,
      message: 'An error occurred while fetching data.. Please try again!',
    });
    const issues = logger.error.mock.calls[0]![1] as { path: unknown[] }[];
    expect(issues[0]!.path).toEqual(['id']);
  });

  it('rejects when the caller aborts, so query libraries see a cancellation', async () => {
    const controller = new AbortController();
    const { client } = setup(() => {
      controller.abort();
      throw new DOMException('aborted', 'AbortError');
    });
    await expect(client.request(routes.profile, { signal: controller.signal })).rejects.toThrow('aborted');
  });
});

describe('401: one single-flight refresh (SPEC §4, §8)', () => {
  // The server accepts only the newest access token; refresh rotates access-1 → access-2.
  function rotatingServer(refreshAnswer: () => ReturnType<FakeHandler>) {
    let refreshCalls = 0;
    const handler: FakeHandler = (call) => {
      if (call.url.pathname === REFRESH_PATH) {
        refreshCalls++;
        return refreshAnswer();
      }
      const delayMs = Number(call.url.searchParams.get('delay') ?? 0);
      return bearer(call) === 'Bearer access-2'
        ? { ...envelope(200, profile), delayMs }
        : { ...envelope(401, null, 'Token expired'), delayMs };
    };
    return { handler, refreshCalls: () => refreshCalls };
  }

  it('N=10 parallel 401s make exactly 1 refresh call and 10 successful retries', async () => {
    const server = rotatingServer(() => ({
      ...envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
      delayMs: 5,
    }));
    const { client, session, fetch } = setup(server.handler);
    // Staggered 401s: some arrive while the refresh runs, some after it finished.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.send('GET', '/users/me/profile', { query: { delay: i * 2 } }),
      ),
    );
    expect(server.refreshCalls()).toBe(1);
    expect(results.every((r) => r.success && r.status === 200)).toBe(true);
    const retries = fetch.calls.filter(
      (c) => c.url.pathname !== REFRESH_PATH && bearer(c) === 'Bearer access-2',
    );
    expect(retries).toHaveLength(10);
    expect(session.getAccessToken()).toBe('access-2');
    expect(session.getRefreshToken()).toBe('refresh-2');
  });

  it('two tabs sharing storage and a cross-tab lock spend the refresh token once', async () => {
    const server = rotatingServer(() => ({
      ...envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
      delayMs: 5,
    }));
    const storage = memoryStorage();
    const tabSession = () => createSessionStore(storage);
    tabSession().setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    let queue: Promise<unknown> = Promise.resolve();
    const lock: NonNullable<ApiClientOptions['crossTabLock']> = (_name, run) => {
      const result = queue.then(run);
      queue = result.catch(() => undefined);
      return result;
    };
    const fetch = fakeFetch(server.handler);
    const tab = () =>
      createApiClient({ baseUrl: BASE, source: 'website', session: tabSession(), fetch, crossTabLock: lock });
    const [a, b] = await Promise.all([
      tab().send('GET', '/users/me/profile'),
      tab().send('GET', '/users/me/profile'),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(server.refreshCalls()).toBe(1);
    expect(storage.getItem(STORAGE_KEYS.refreshToken)).toBe('refresh-2');
  });

  it('without a cross-tab lock, each tab refreshes on its own (what the lock prevents)', async () => {
    const server = rotatingServer(() => ({
      ...envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
      delayMs: 5,
    }));
    const storage = memoryStorage();
    createSessionStore(storage).setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const fetch = fakeFetch(server.handler);
    const noLock: NonNullable<ApiClientOptions['crossTabLock']> = (_name, run) => run();
    const tab = () =>
      createApiClient({
        baseUrl: BASE,
        source: 'website',
        session: createSessionStore(storage),
        fetch,
        crossTabLock: noLock,
      });
    await Promise.all([tab().send('GET', '/users/me/profile'), tab().send('GET', '/users/me/profile')]);
    expect(server.refreshCalls()).toBe(2);
  });

  it('sends refresh_token and source in the refresh query', async () => {
    const server = rotatingServer(() =>
      envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    const { client, fetch } = setup(server.handler, { source: 'telegram' });
    await client.request(routes.profile);
    const refreshCall = fetch.calls.find((c) => c.url.pathname === REFRESH_PATH)!;
    expect(refreshCall.init.method).toBe('GET');
    expect(refreshCall.init.credentials).toBe('include');
    expect(refreshCall.url.searchParams.get('refresh_token')).toBe('refresh-1');
    expect(refreshCall.url.searchParams.get('source')).toBe('telegram');
  });

  it('relies on the HttpOnly cookie when it holds no refresh token', async () => {
    const server = rotatingServer(() =>
      envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    const storage = memoryStorage();
    const session = createSessionStore(storage, { persistRefreshToken: false });
    session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(session.getRefreshToken()).toBeNull();
    const fetch = fakeFetch(server.handler);
    const client = createApiClient({ baseUrl: BASE, source: 'website', session, fetch });
    const res = await client.request(routes.profile);
    expect(res.success).toBe(true);
    const refreshCall = fetch.calls.find((c) => c.url.pathname === REFRESH_PATH)!;
    expect(refreshCall.url.searchParams.has('refresh_token')).toBe(false);
    expect(refreshCall.url.searchParams.get('source')).toBe('website');
    expect(session.getRefreshToken()).toBeNull();
  });

  it.each([
    ['no access token', { refreshToken: 'refresh-2' }],
    ['an empty refresh token', { accessToken: 'access-2', refreshToken: '' }],
    ['an id token that is not a string', { accessToken: 'access-2', refreshToken: 'refresh-2', idToken: 7 }],
    ['no object', 'access-2'],
  ])('keeps the tokens it had when the refresh answer has %s (authRoutes.refresh)', async (_, answer) => {
    const server = rotatingServer(() => envelope(200, answer));
    const { client, session, logger } = setup(server.handler);
    const res = await client.request(routes.profile);
    expect(res.status).toBe(401);
    expect(session.getAccessToken()).toBe('access-1');
    expect(logger.error).toHaveBeenCalledWith(
      'Token refresh answer does not match the contract',
      expect.any(String),
    );
  });

  it('refreshes on 401 for a multipart upload and sends the same form again, with no JSON Content-Type', async () => {
    const upload = defineRoute({
      method: 'POST',
      path: '/pog/mint/selfie',
      summary: 'test upload',
      tag: 'Test',
      auth: 'bearer',
      multipart: true,
      // As in the contract: the body schema documents the form's fields; the call sends the form.
      body: z.object({ file: z.any() }),
      response: z.object({ state: z.string() }),
    });
    const server = rotatingServer(() =>
      envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' }),
    );
    const { client, fetch } = setup((call) =>
      call.url.pathname === '/api/pog/mint/selfie' && bearer(call) === 'Bearer access-2'
        ? envelope(200, { state: 'Minting' })
        : server.handler(call),
    );
    const form = new FormData();
    form.append('file', new Blob(['jpeg-bytes'], { type: 'image/jpeg' }), 'selfie.jpg');
    const res = await client.request(upload, { formData: form });
    expect(res).toEqual({ success: true, status: 200, data: { state: 'Minting' }, message: '' });
    expect(server.refreshCalls()).toBe(1);
    const uploads = fetch.calls.filter((c) => c.url.pathname === '/api/pog/mint/selfie');
    expect(uploads.map(bearer)).toEqual(['Bearer access-1', 'Bearer access-2']);
    for (const call of uploads) {
      expect(call.init.body).toBe(form);
      expect(call.init.headers['Content-Type']).toBeUndefined();
    }
  });

  it('returns a retried request that 401s again as it is, without a second refresh', async () => {
    let refreshCalls = 0;
    const { client, fetch } = setup((call) => {
      if (call.url.pathname === REFRESH_PATH) {
        refreshCalls++;
        return envelope(200, { accessToken: 'access-2', refreshToken: 'refresh-2' });
      }
      return envelope(401, null, 'Still not allowed');
    });
    const res = await client.request(routes.profile);
    expect(res).toEqual({ success: false, status: 401, data: null, message: 'Still not allowed' });
    expect(refreshCalls).toBe(1);
    expect(fetch.calls).toHaveLength(3);
  });

  it('does not refresh for a visitor without a token', async () => {
    const { client, session, fetch } = setup(() => envelope(401, null, 'Sign in'));
    session.endSession();
    await client.request(routes.profile);
    expect(fetch.calls).toHaveLength(1);
    expect(bearer(fetch.calls[0]!)).toBeUndefined();
  });

  it('refresh answered 400 ends the session, keeps only the kept keys, and logs out after exactly 1000 ms', async () => {
    vi.useFakeTimers();
    const onSessionEnded = vi.fn();
    const server = rotatingServer(() => envelope(400, null, 'Refresh token reused'));
    const { client, storage } = setup(server.handler, { onSessionEnded });
    storage.setItem(STORAGE_KEYS.userLocationData, '{"countryCode":"+91","countryName":"India"}');
    storage.setItem(STORAGE_KEYS.ipAddress, '203.0.113.7');
    storage.setItem(STORAGE_KEYS.analyticSessionId, 'analytics-1');
    storage.setItem(STORAGE_KEYS.analyticSessionTimestamp, '1700000000000');
    storage.setItem(STORAGE_KEYS.walletAddress, '0xabc');
    storage.setItem(STORAGE_KEYS.userClan, '{"id":"c1"}');

    const res = await client.request(routes.profile);
    expect(res.status).toBe(401);
    expect(storage.keys().sort()).toEqual([...KEPT_KEYS].sort());
    expect(onSessionEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(999);
    expect(onSessionEnded).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('10 parallel 401s whose refresh answers 400 end the session once', async () => {
    vi.useFakeTimers();
    const onSessionEnded = vi.fn();
    const server = rotatingServer(() => envelope(400, null, 'Refresh token expired'));
    const { client, session } = setup(server.handler, { onSessionEnded });
    const results = await Promise.all(Array.from({ length: 10 }, () => client.request(routes.profile)));
    expect(results.every((r) => r.status === 401)).toBe(true);
    expect(server.refreshCalls()).toBe(1);
    expect(session.isSignedIn()).toBe(false);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a refresh that fails for another reason returns the original 401 and keeps the session', async () => {
    vi.useFakeTimers();
    const onSessionEnded = vi.fn();
    const { client, session } = setup(
      (call) => {
        if (call.url.pathname === REFRESH_PATH) throw new TypeError('Failed to fetch');
        return envelope(401, null, 'Token expired');
      },
      { onSessionEnded },
    );
    const res = await client.request(routes.profile);
    expect(res).toEqual({ success: false, status: 401, data: null, message: 'Token expired' });
    expect(session.getAccessToken()).toBe('access-1');
    expect(session.getRefreshToken()).toBe('refresh-1');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(onSessionEnded).not.toHaveBeenCalled();
  });

  it('a refresh answered 500 does not end the session', async () => {
    const server = rotatingServer(() => envelope(500, null, 'Server error'));
    const { client, session } = setup(server.handler);
    const res = await client.request(routes.profile);
    expect(res.status).toBe(401);
    expect(session.isSignedIn()).toBe(true);
  });
});

describe('409 conflict (SPEC §8)', () => {
  it("keeps the server's message", async () => {
    const { client } = setup(() => envelope(409, null, 'phone number already exists'));
    const res = await client.send('POST', '/users/me/phone');
    expect(res).toEqual({ success: false, status: 409, data: null, message: 'phone number already exists' });
  });

  it("falls back to 'Conflict: Resource already in progress'", async () => {
    const { client } = setup(() => ({ status: 409, body: { success: false, status: 409, data: null } }));
    const res = await client.send('POST', '/campaigns/c1/claim-reward');
    expect(res.message).toBe('Conflict: Resource already in progress');
  });
});

describe('422 wallet error (SPEC §7, §8)', () => {
  const walletMissing = () => envelope(422, null, 'Wallet not found');

  it('opens the wallet-error modal outside the exempt paths', async () => {
    const onWalletError = vi.fn();
    const { client } = setup(walletMissing, { onWalletError });
    const res = await client.send('POST', '/userquest/start', { body: { questId: 'q1' } });
    expect(onWalletError).toHaveBeenCalledWith('Wallet not found');
    expect(res).toEqual({ success: false, status: 422, data: null, message: 'Wallet not found' });
  });

  it.each([
    '/users/me/deletion-request',
    '/wallets/verify-wallet',
    '/platform-clans',
    '/platform-clans/c1/join',
    '/users/me/social-profile',
    '/social-auth/steam/profile',
  ])('does not open the modal on exempt path %s', async (path) => {
    const onWalletError = vi.fn();
    const { client } = setup(walletMissing, { onWalletError });
    const res = await client.send('POST', path);
    expect(res.status).toBe(422);
    expect(onWalletError).not.toHaveBeenCalled();
  });

  it('lists the five SPEC §7 exemptions in one constant', () => {
    expect(WALLET_PRECHECK_EXEMPT_PATHS).toHaveLength(5);
  });

  it('matches exempt paths by whole segments only', async () => {
    const onWalletError = vi.fn();
    const { client } = setup(walletMissing, { onWalletError });
    await client.send('POST', '/platform-clans-extra');
    expect(onWalletError).toHaveBeenCalledTimes(1);
  });

  it('throws the message as an ApiError on collect-earning paths', async () => {
    const onWalletError = vi.fn();
    const { client } = setup(() => envelope(422, null, 'KYC is not verified'), { onWalletError });
    const attempt = client.send('POST', '/users/me/collect-earning/e1/collect');
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    await expect(attempt).rejects.toMatchObject({ status: 422, message: 'KYC is not verified' });
    expect(onWalletError).not.toHaveBeenCalled();
  });

  it("throws messages beginning 'Quest login method'", async () => {
    const onWalletError = vi.fn();
    const message = 'Quest login method not linked: connect Steam first';
    const { client } = setup(() => envelope(422, null, message), { onWalletError });
    await expect(client.send('POST', '/userquest/start')).rejects.toMatchObject({ status: 422, message });
    expect(onWalletError).not.toHaveBeenCalled();
  });
});

describe('404 wallet not found (SPEC §8)', () => {
  it('flags the answer and isWalletNotFound recognises it', async () => {
    const { client } = setup(() => envelope(404, { code: 'WALLET_NOT_FOUND' }, 'Wallet not found'));
    const res = await client.send('GET', '/users/me/wallets');
    expect(res.success).toBe(false);
    expect(!res.success && res.walletNotFound).toBe(true);
    expect(isWalletNotFound(res)).toBe(true);
  });

  it('leaves other 404s alone', async () => {
    const { client } = setup(() => envelope(404, null, 'Quest not found'));
    const res = await client.send('GET', '/quest/q1');
    expect(isWalletNotFound(res)).toBe(false);
    expect(res).toEqual({ success: false, status: 404, data: null, message: 'Quest not found' });
  });
});

describe('typing from the route table', () => {
  it('requires a query or body only where the route has a required one', async () => {
    const { client } = setup(() => envelope(200, { stored: true }));
    // @ts-expect-error the analytics gateway needs eventName and eventId
    await client.request(routes.analyticsEvent);
    const res = await client.request(routes.analyticsEvent, { query: { eventName: 'x', eventId: 'y' } });
    if (res.success) {
      const stored: true = res.data.stored;
      expect(stored).toBe(true);
    }
  });
});
