import { loginRetryGate } from '@khel/core/session';
import { describe, expect, it } from 'vitest';
import { authAnswer, envelope, fakeApi, USER } from '../../../test/fake-api.ts';
import { disconnectMethod } from './disconnect-method.ts';
import { linkGoogle, signInWithGoogle } from './google-sign-in.ts';
import { sendLinkPhoneCode, verifyLinkPhone } from './link-phone.ts';
import { getSiweChallenge, linkSiwe, signInWithSiwe } from './siwe.ts';
import { exchangeWhatsappCode, signInWithWhatsapp } from './whatsapp-login.ts';

const STATUS = {
  socialStatuses: {
    twitter: { isActive: false },
    discord: { isActive: false },
    google: { isActive: true },
    wallet: { isActive: false },
    steam: { isActive: false },
    telegram: { isActive: false },
  },
  methods: [],
};
const LINKED = { ...STATUS, user: USER };

describe('WhatsApp one-time login (SPEC §2, §7)', () => {
  it('exchanges the code at the provider, then POST /authentication/login?source=website&region=IN → 201 tokens', async () => {
    const api = fakeApi({
      'POST /api/sandbox/whatsapp/token': [
        envelope(200, {
          access_token: 'wa-token',
          token_type: 'Bearer',
          expires_in: 300,
          waId: '919876543210',
        }),
      ],
      'POST /api/authentication/login': [{ ...authAnswer(), status: 201 }],
    });
    const grant = await exchangeWhatsappCode(api.client, 'code-1');
    expect(api.calls[0]?.body).toEqual({ code: 'code-1' });
    expect(grant).toEqual({ accessToken: 'wa-token', waId: '919876543210' });

    await signInWithWhatsapp(api.client, api.session, { ...grant, region: 'IN', hostname: 'khel.example' });
    const login = api.calls[1];
    expect(login?.url).toBe('/api/authentication/login?source=website&region=IN');
    expect(login?.body).toEqual({ waId: '919876543210', platform: 'website', hostname: 'khel.example' });
    expect(login?.headers.Authorization).toBe('Bearer wa-token');
    expect(api.session.isSignedIn()).toBe(true);
  });

  it('leaves the region out when the location is unknown; a refused token signs nobody in', async () => {
    const api = fakeApi({
      'POST /api/authentication/login': [
        envelope(401, { reason: 'token' }, 'WhatsApp sign-in could not be verified. Please try again.'),
      ],
    });
    await expect(
      signInWithWhatsapp(api.client, api.session, { accessToken: 't', waId: '5511987654321', hostname: 'h' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(api.calls[0]?.url).toBe('/api/authentication/login?source=website');
    expect(api.session.isSignedIn()).toBe(false);
  });
});

describe('Google', () => {
  it('POST /authentication/google with the id token stores the tokens; linking posts to /social-auth/google', async () => {
    const api = fakeApi({
      'POST /api/authentication/google': [authAnswer()],
      'POST /api/social-auth/google': [envelope(200, LINKED)],
    });
    await signInWithGoogle(api.client, api.session, 'h.p.s');
    expect(api.calls[0]?.body).toEqual({ idToken: 'h.p.s' });
    expect(api.session.isSignedIn()).toBe(true);
    const linked = await linkGoogle(api.client, 'h.p.s');
    expect(linked.socialStatuses.google.isActive).toBe(true);
    expect(api.calls[1]?.headers.Authorization).toMatch(/^Bearer /);
  });

  it('a Google account of another Khel account: the 409 message reaches the screen', async () => {
    const api = fakeApi({
      'POST /api/social-auth/google': [
        envelope(
          409,
          { reason: 'already-linked' },
          'This Google account is already linked to another Khel account.',
        ),
      ],
    });
    await expect(linkGoogle(api.client, 'h.p.s')).rejects.toMatchObject({
      status: 409,
      message: 'This Google account is already linked to another Khel account.',
    });
  });
});

describe('Sign-In with Ethereum', () => {
  const proof = { message: 'khel.example wants you to sign in…', signature: '0xabcdef' as const };

  it('GET the nonce and the accepted chains, then POST /authentication/siwe stores the tokens', async () => {
    const api = fakeApi({
      'GET /api/authentication/siwe/nonce': [
        envelope(200, { nonce: 'n0nce12345', expiresIn: 600, chainIds: [1, 137] }),
      ],
      'POST /api/authentication/siwe': [authAnswer()],
    });
    expect(await getSiweChallenge(api.client)).toEqual({ nonce: 'n0nce12345', chainIds: [1, 137] });
    await signInWithSiwe(api.client, api.session, proof);
    expect(api.calls[1]?.body).toEqual(proof);
    expect(api.session.isSignedIn()).toBe(true);
  });

  it('a replayed or forged signature (401) signs nobody in', async () => {
    const api = fakeApi({
      'POST /api/authentication/siwe': [
        envelope(401, { reason: 'nonce' }, 'Wallet sign-in could not be verified. Please try again.'),
      ],
    });
    await expect(signInWithSiwe(api.client, api.session, proof)).rejects.toMatchObject({ status: 401 });
    expect(api.session.isSignedIn()).toBe(false);
  });

  it('linking posts the proof to /social-auth/siwe', async () => {
    const api = fakeApi({ 'POST /api/social-auth/siwe': [envelope(200, LINKED)] });
    await linkSiwe(api.client, proof);
    expect(api.calls[0]?.body).toEqual(proof);
  });
});

describe('linking a phone and unlinking', () => {
  it('the link code feeds the 180 000 ms resend gate; verify posts phone and code', async () => {
    const api = fakeApi({
      'POST /api/social-auth/phone/send': [
        envelope(200, { phone: '+919876543210', retryLoginAfter: 180_000, expiresIn: 600 }),
      ],
      'POST /api/social-auth/phone/verify': [envelope(200, LINKED, 'phone number successfully verified')],
    });
    await sendLinkPhoneCode(api.client, api.session, '+919876543210');
    expect(loginRetryGate(api.session).canRequestCode()).toBe(false);
    await verifyLinkPhone(api.client, { phone: '+919876543210', otp: '123456' });
    expect(api.calls[1]?.body).toEqual({ phone: '+919876543210', otp: '123456' });
  });

  it("disconnect names the provider, and one wallet by its address; the last method's 409 rejects", async () => {
    const api = fakeApi({
      'POST /api/social-auth/disconnect': [
        envelope(200, LINKED),
        envelope(409, { reason: 'last-method' }, 'You can’t disconnect your only sign-in method.'),
      ],
    });
    await disconnectMethod(api.client, {
      provider: 'evm',
      subject: '0x00000000000000000000000000000000000000aa',
    });
    expect(api.calls[0]?.body).toEqual({
      provider: 'evm',
      subject: '0x00000000000000000000000000000000000000aa',
    });
    await expect(disconnectMethod(api.client, { provider: 'phone' })).rejects.toMatchObject({ status: 409 });
  });
});
