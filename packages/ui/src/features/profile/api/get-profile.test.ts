import { describe, expect, it } from 'vitest';
import { envelope, fakeApi, fakeJwt } from '../../../test/fake-api.ts';
import { getProfile } from './get-profile.ts';

const PROFILE = {
  id: '5f0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34',
  phone_number: '+919876543210',
  email: null,
  username: 'arjun01',
  first_name: 'Arjun',
  last_name: null,
  telegram_id: null,
  telegram_username: null,
  photo_url: null,
  language_code: 'hi',
  is_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
};

describe('getProfile (GET /users/me/profile)', () => {
  it('sends the bearer token and returns the profile', async () => {
    const api = fakeApi({ 'GET /api/users/me/profile': [envelope(200, PROFILE)] });
    const token = fakeJwt({ sub: PROFILE.id });
    api.session.setTokens({ accessToken: token });
    expect(await getProfile(api.client)).toEqual(PROFILE);
    expect(api.calls[0]?.headers.Authorization).toBe(`Bearer ${token}`);
  });

  it('an answer that breaks the contract is an error with the SPEC §8 text, not bad data', async () => {
    const api = fakeApi({ 'GET /api/users/me/profile': [envelope(200, { ...PROFILE, is_verified: 'yes' })] });
    api.session.setTokens({ accessToken: fakeJwt({ sub: PROFILE.id }) });
    await expect(getProfile(api.client)).rejects.toMatchObject({
      message: 'An error occurred while fetching data.. Please try again!',
    });
  });
});
