import type { TonProofBody } from '@khel/core/contract';
import { describe, expect, it } from 'vitest';
import { authAnswer, envelope, fakeApi, USER } from '../../../test/fake-api.ts';
import { getTonPayload, tonPayloadRefreshMs } from './get-ton-payload.ts';
import { submitTonProof } from './submit-ton-proof.ts';

const BODY: TonProofBody = {
  address: '0:83dfd552e63729b472fcbcc8c45ebcc6691702558b68ec7527e1ba403a0f31a8',
  network: '-239',
  proof: {
    timestamp: 1_767_261_600,
    domain: { lengthBytes: 15, value: 'khel.example.in' },
    payload: 'b5e2c1f0a9d84e7b',
    signature: 'c2lnbmF0dXJl',
    state_init: 'te6cckEBAwEA',
  },
};

const STATUS = {
  socialStatuses: {
    twitter: { isActive: false },
    discord: { isActive: false },
    google: { isActive: false },
    wallet: { isActive: true },
    steam: { isActive: false },
    telegram: { isActive: true },
  },
  methods: [],
};

describe('GET /authentication/ton/payload', () => {
  it('returns the payload and its lifetime', async () => {
    const api = fakeApi({
      'GET /api/authentication/ton/payload': [envelope(200, { payload: 'b5e2c1f0a9d84e7b', expiresIn: 900 })],
    });
    expect(await getTonPayload(api.client)).toEqual({ payload: 'b5e2c1f0a9d84e7b', expiresIn: 900 });
  });

  it('is replaced a minute before it expires (900 s → after 840 s), never sooner than 10 s', () => {
    expect(tonPayloadRefreshMs(900)).toBe(840_000);
    expect(tonPayloadRefreshMs(30)).toBe(10_000);
  });
});

describe('submitTonProof', () => {
  it('signed out: POST /authentication/ton signs in and stores the tokens', async () => {
    const api = fakeApi({ 'POST /api/authentication/ton': [authAnswer({ phoneNumber: null })] });
    const outcome = await submitTonProof(api.client, api.session, BODY);
    expect(outcome.kind).toBe('signed-in');
    expect(api.calls.map((c) => `${c.method} ${c.url}`)).toEqual(['POST /api/authentication/ton']);
    expect(api.calls[0]?.body).toEqual(BODY);
    expect(api.session.isSignedIn()).toBe(true);
  });

  it('signed in: POST /social-auth/ton links the wallet with the bearer token; the session keeps its tokens', async () => {
    const api = fakeApi({
      'POST /api/social-auth/ton': [envelope(200, { ...STATUS, user: USER }, 'TON wallet linked')],
    });
    api.session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const outcome = await submitTonProof(api.client, api.session, BODY);
    expect(outcome).toMatchObject({ kind: 'linked', link: { user: { id: USER.id } } });
    expect(api.calls[0]?.url).toBe('/api/social-auth/ton');
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer access-1');
    expect(api.session.getAccessToken()).toBe('access-1');
  });

  it('a wallet linked to another account (409) rejects with the API message', async () => {
    const message = 'This TON wallet is already linked to another Khel account.';
    const api = fakeApi({
      'POST /api/social-auth/ton': [envelope(409, { reason: 'already-linked', provider: 'ton' }, message)],
    });
    api.session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    await expect(submitTonProof(api.client, api.session, BODY)).rejects.toMatchObject({
      status: 409,
      message,
    });
  });

  it('a refused proof (401) leaves a signed-out user signed out', async () => {
    const api = fakeApi({
      'POST /api/authentication/ton': [
        envelope(401, { reason: 'signature' }, 'The wallet proof could not be verified.'),
      ],
    });
    await expect(submitTonProof(api.client, api.session, BODY)).rejects.toMatchObject({ status: 401 });
    expect(api.session.isSignedIn()).toBe(false);
  });
});
