import { describe, expect, it, vi } from 'vitest';
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED_MESSAGE,
  paymentRoutes,
  storeRoutes,
  walletRoutes,
} from '../contract/index.ts';
import { createSessionStore } from '../session/session-store.ts';
import { memoryStorage } from '../session/storage.ts';
import { type ApiClientOptions, createApiClient } from './api-client.ts';
import { envelope, type FakeHandler, fakeFetch } from './fake-fetch.ts';
import {
  CONFLICT_MESSAGE,
  createIdempotencyKey,
  IDEMPOTENCY_KEY_HEADER_NAME,
  MONEY_WRITE_FORM_ERRORS,
} from './messages.ts';

const BASE = 'https://khel.test/api';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SWAP = { from: 'USDT', to: 'KCASH', amount: '1000000' } as const;
const SWAPPED = {
  debited: { amount: '1000000', currency: 'USDT', decimals: 6 },
  converted: { amount: '1000000', currency: 'USDT', decimals: 6 },
  remainder: { amount: '0', currency: 'USDT', decimals: 6 },
  received: { amount: '1000000', currency: 'KCASH', decimals: 3 },
  rate: { from: 'USDT', to: 'KCASH', fromMajor: '1', toMajor: '1000' },
};

function setup(handler: FakeHandler, extra: Partial<ApiClientOptions> = {}) {
  const session = createSessionStore(memoryStorage());
  session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  const fetch = fakeFetch(handler);
  const client = createApiClient({
    baseUrl: BASE,
    source: 'website',
    session,
    fetch,
    logger: { error: vi.fn() },
    ...extra,
  });
  return { client, session, fetch };
}

const keyOf = (call: { init: { headers: Record<string, string> } }) =>
  call.init.headers[IDEMPOTENCY_KEY_HEADER_NAME];

describe('Idempotency-Key on money writes (DESIGN §3)', () => {
  it('uses the contract’s header name and messages', () => {
    expect(IDEMPOTENCY_KEY_HEADER_NAME).toBe(IDEMPOTENCY_KEY_HEADER);
    expect(MONEY_WRITE_FORM_ERRORS).toContain(IDEMPOTENCY_KEY_REUSED_MESSAGE);
  });

  it('sends the key the caller gives, on every attempt of the same intent', async () => {
    const { client, fetch } = setup(() => envelope(200, SWAPPED));
    const key = createIdempotencyKey();
    await client.request(paymentRoutes.onrampSwap, { body: SWAP, idempotencyKey: key });
    await client.request(paymentRoutes.onrampSwap, { body: SWAP, idempotencyKey: key });
    expect(fetch.calls.map(keyOf)).toEqual([key, key]);
  });

  it('makes a fresh UUID when an idempotent route is called without one', async () => {
    const { client, fetch } = setup(() => envelope(200, SWAPPED));
    await client.request(paymentRoutes.onrampSwap, { body: SWAP });
    await client.request(paymentRoutes.onrampSwap, { body: SWAP });
    const [first, second] = fetch.calls.map(keyOf);
    expect(first).toMatch(UUID_V4);
    expect(second).toMatch(UUID_V4);
    expect(first).not.toBe(second);
  });

  it('every route the contract marks idempotent gets a key; others get none', async () => {
    expect(storeRoutes.storePurchase.idempotent).toBe(true);
    const { client, fetch } = setup(() => envelope(400, null, 'Bad'));
    await client.request(storeRoutes.storePurchase, {
      body: { itemId: '3f1d6c2e-8a47-4f0b-9c1e-2b7d5a9e4c10', quantity: 1, currency: 'KCASH' },
    });
    await client.request(walletRoutes.walletBalance);
    expect(keyOf(fetch.calls[0]!)).toMatch(UUID_V4);
    expect(keyOf(fetch.calls[1]!)).toBeUndefined();
  });

  it('retries a 401 after the refresh with the same key', async () => {
    let n = 0;
    const { client, fetch } = setup(
      (call) => {
        if (call.url.pathname.endsWith('/token/refresh')) return envelope(200, {});
        n += 1;
        return n === 1 ? envelope(401, null, 'Please sign in to continue.') : envelope(200, SWAPPED);
      },
      {
        refreshRequest: async () => ({ ok: true, tokens: { accessToken: 'access-2', refreshToken: 'r2' } }),
      },
    );
    const res = await client.request(paymentRoutes.onrampSwap, { body: SWAP, idempotencyKey: 'intent-1' });
    expect(res.success).toBe(true);
    expect(fetch.calls.map(keyOf)).toEqual(['intent-1', 'intent-1']);
    expect(fetch.calls[1]!.init.headers.Authorization).toBe('Bearer access-2');
  });

  it('a key reused with other details (422) is a form error: the wallet-error modal stays shut', async () => {
    const onWalletError = vi.fn();
    const { client } = setup(() => envelope(422, null, IDEMPOTENCY_KEY_REUSED_MESSAGE), { onWalletError });
    const res = await client.request(paymentRoutes.onrampSwap, { body: SWAP, idempotencyKey: 'intent-1' });
    expect(res).toMatchObject({ success: false, status: 422, message: IDEMPOTENCY_KEY_REUSED_MESSAGE });
    expect(onWalletError).not.toHaveBeenCalled();
  });

  it('the ledger’s own reuse message is a form error too', async () => {
    const onWalletError = vi.fn();
    const message = 'This payment was already made with different details.';
    const { client } = setup(() => envelope(422, null, message), { onWalletError });
    const res = await client.request(storeRoutes.storePurchase, {
      body: { itemId: '3f1d6c2e-8a47-4f0b-9c1e-2b7d5a9e4c10', quantity: 1, currency: 'KCASH' },
    });
    expect(res.message).toBe(message);
    expect(onWalletError).not.toHaveBeenCalled();
  });

  it('any other 422 on a money write still opens the wallet-error modal (SPEC §8)', async () => {
    const onWalletError = vi.fn();
    const { client } = setup(() => envelope(422, null, 'Wallet not found'), { onWalletError });
    await client.request(paymentRoutes.onrampSwap, { body: SWAP, idempotencyKey: 'intent-1' });
    expect(onWalletError).toHaveBeenCalledWith('Wallet not found');
  });

  it('the same sentence without an Idempotency-Key is not exempt', async () => {
    const onWalletError = vi.fn();
    const { client } = setup(() => envelope(422, null, IDEMPOTENCY_KEY_REUSED_MESSAGE), { onWalletError });
    await client.send('POST', '/userquest/start');
    expect(onWalletError).toHaveBeenCalledTimes(1);
  });

  it('a money write still in progress answers 409 with the SPEC §8 conflict text', async () => {
    const { client } = setup(() => ({ status: 409, body: { success: false, status: 409, data: null } }));
    const res = await client.request(paymentRoutes.onrampSwap, { body: SWAP, idempotencyKey: 'intent-1' });
    expect(res).toMatchObject({ success: false, status: 409, message: CONFLICT_MESSAGE });
  });
});

describe('createIdempotencyKey', () => {
  it('is a v4 UUID, also without crypto.randomUUID (plain-http pages)', () => {
    expect(createIdempotencyKey()).toMatch(UUID_V4);
    const original = globalThis.crypto.randomUUID;
    try {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, createIdempotencyKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
