import { ApiError } from '@khel/core/client';
import { loginRetryGate } from '@khel/core/session';
import { describe, expect, it } from 'vitest';
import { authAnswer, envelope, fakeApi } from '../../../test/fake-api.ts';
import { logout } from './logout.ts';
import { requestCode } from './register.ts';
import { signInWithTelegram } from './telegram-sign-in.ts';
import { verifyCode } from './verify.ts';

const PHONE = '+919876543210';

describe('requestCode (POST /authentication/register and /resend)', () => {
  it('sends the E.164 phone and shuts the resend gate for the 180 000 ms the API names', async () => {
    const api = fakeApi({
      'POST /api/authentication/register': [
        envelope(200, { phone: PHONE, retryLoginAfter: 180_000, expiresIn: 600 }, 'OTP sent'),
      ],
    });
    const now = Date.now();
    const sent = await requestCode(api.client, api.session, { phone: PHONE });
    expect(sent.retryLoginAfter).toBe(180_000);
    expect(api.calls[0]?.body).toEqual({ phone: PHONE });
    expect(api.calls[0]?.headers.Source).toBe('website');
    const wait = loginRetryGate(api.session).msUntilRetry(now);
    expect(wait).toBeGreaterThan(179_000);
    expect(wait).toBeLessThanOrEqual(180_000 + 1_000);
  });

  it('"Resend code" calls /authentication/resend', async () => {
    const api = fakeApi({
      'POST /api/authentication/resend': [
        envelope(200, { phone: PHONE, retryLoginAfter: 180_000, expiresIn: 600 }),
      ],
    });
    await requestCode(api.client, api.session, { phone: PHONE, resend: true });
    expect(api.calls.map((c) => c.url)).toEqual(['/api/authentication/resend']);
  });

  it('a 429 raises the too-many-attempts flag and rejects with the API message', async () => {
    const api = fakeApi({
      'POST /api/authentication/register': [
        envelope(429, { retryLoginAfter: 120_000 }, 'Please wait before asking for a new code.'),
      ],
    });
    const error = await requestCode(api.client, api.session, { phone: PHONE }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, message: 'Please wait before asking for a new code.' });
    expect(loginRetryGate(api.session).isTooManyAttempts()).toBe(true);
  });
});

describe('verifyCode (POST /authentication/verify)', () => {
  it('stores the tokens: the user is signed in', async () => {
    const api = fakeApi({ 'POST /api/authentication/verify': [authAnswer()] });
    expect(api.session.isSignedIn()).toBe(false);
    const auth = await verifyCode(api.client, api.session, { phone: PHONE, otp: '123456' });
    expect(api.calls[0]?.body).toEqual({ phone: PHONE, otp: '123456' });
    expect(api.session.isSignedIn()).toBe(true);
    expect(api.session.getAccessToken()).toBe(auth.accessToken);
    expect(api.session.getRefreshToken()).toBe('refresh-1');
  });

  it('a wrong code rejects with the API message and stores nothing', async () => {
    const api = fakeApi({
      'POST /api/authentication/verify': [
        envelope(
          400,
          { reason: 'invalid', attemptsLeft: 4 },
          'Incorrect code. Please check it and try again.',
        ),
      ],
    });
    await expect(verifyCode(api.client, api.session, { phone: PHONE, otp: '000000' })).rejects.toMatchObject({
      status: 400,
      message: 'Incorrect code. Please check it and try again.',
    });
    expect(api.session.isSignedIn()).toBe(false);
  });
});

describe('signInWithTelegram (POST /authentication/telegram)', () => {
  it('sends `Authorization: tma <initDataRaw>` with the raw string untouched', async () => {
    const initDataRaw =
      'user=%7B%22id%22%3A1%2C%22first_name%22%3A%22Arjun%22%7D&auth_date=1767261600&hash=abc';
    const api = fakeApi({ 'POST /api/authentication/telegram': [authAnswer({ firstName: 'Arjun' })] });
    await signInWithTelegram(api.client, api.session, initDataRaw);
    expect(api.calls[0]?.headers.Authorization).toBe(`tma ${initDataRaw}`);
    expect(api.session.isSignedIn()).toBe(true);
  });

  it('refused init data (401) leaves no session', async () => {
    const api = fakeApi({
      'POST /api/authentication/telegram': [
        envelope(401, { reason: 'hash' }, 'Telegram sign-in could not be verified.'),
      ],
    });
    await expect(signInWithTelegram(api.client, api.session, 'hash=tampered')).rejects.toMatchObject({
      status: 401,
    });
    expect(api.session.isSignedIn()).toBe(false);
  });
});

describe('logout (POST /authentication/logout)', () => {
  it('revokes the refresh token and ends the session', async () => {
    const api = fakeApi({
      'POST /api/authentication/verify': [authAnswer()],
      'POST /api/authentication/logout': [envelope(200, { loggedOut: true })],
    });
    await verifyCode(api.client, api.session, { phone: PHONE, otp: '123456' });
    let signedInWhenAfterEndRan: boolean | null = null;
    await logout(api.client, api.session, () => {
      signedInWhenAfterEndRan = api.session.isSignedIn();
    });
    expect(api.calls.at(-1)?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(api.session.isSignedIn()).toBe(false);
    expect(signedInWhenAfterEndRan).toBe(false);
  });

  it('ends the session on this device even when the API cannot be reached', async () => {
    const api = fakeApi({
      'POST /api/authentication/verify': [authAnswer()],
      'POST /api/authentication/logout': [new TypeError('Failed to fetch')],
    });
    await verifyCode(api.client, api.session, { phone: PHONE, otp: '123456' });
    await logout(api.client, api.session);
    expect(api.session.isSignedIn()).toBe(false);
  });
});
