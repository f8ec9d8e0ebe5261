import { describe, expect, it } from 'vitest';
import { envelope, fakeApi } from '../../../test/fake-api.ts';
import { getPlaceList } from './get-place-list.ts';
import { getProfessions, updateProfessions } from './professions.ts';
import { requestEmailCode } from './update-email.ts';
import { updateProfile } from './update-profile.ts';
import { updateUsername } from './update-username.ts';
import { checkJpeg, NotJpegError, uploadProfilePicture } from './upload-profile-picture.ts';
import { verifyEmail } from './verify-email.ts';
import { verifyUsername } from './verify-username.ts';

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
  language_code: null,
  is_verified: true,
  created_at: '2026-01-01T10:00:00.000Z',
};
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a]);

describe('username availability (GET /users/me/verify-username)', () => {
  it("200 is available; 409 'Username already taken!' is taken", async () => {
    const api = fakeApi({
      'GET /api/users/me/verify-username': [
        envelope(200, { username: 'freeName1', available: true }),
        envelope(409, { available: false }, 'Username already taken!'),
      ],
    });
    expect(await verifyUsername(api.client, 'freeName1')).toBe('available');
    expect(api.calls[0]?.url).toBe('/api/users/me/verify-username?username=freeName1');
    expect(await verifyUsername(api.client, 'Arjun01')).toBe('taken');
  });

  it('other failures (429, no connection) reject rather than claim a result', async () => {
    const api = fakeApi({
      'GET /api/users/me/verify-username': [
        envelope(429, null, 'Too many attempts. Please try again later.'),
      ],
    });
    await expect(verifyUsername(api.client, 'arjun02')).rejects.toMatchObject({ status: 429 });
  });

  it('PUT /users/me/username takes it', async () => {
    const api = fakeApi({
      'PUT /api/users/me/username': [envelope(200, { ...PROFILE, username: 'newName' })],
    });
    expect((await updateUsername(api.client, 'newName')).username).toBe('newName');
    expect(api.calls[0]?.body).toEqual({ username: 'newName' });
  });
});

describe('profile, email, roles and lists', () => {
  it('PATCH /users/me/profile sends only the patch', async () => {
    const api = fakeApi({
      'PATCH /api/users/me/profile': [envelope(200, { ...PROFILE, last_name: 'Mehta' })],
    });
    await updateProfile(api.client, { last_name: 'Mehta' });
    expect(api.calls[0]).toMatchObject({ method: 'PATCH', body: { last_name: 'Mehta' } });
  });

  it('email: PUT sends the code, POST verify-email confirms it', async () => {
    const api = fakeApi({
      'PUT /api/users/me/email': [envelope(200, { email: 'a@khel.in', expiresIn: 600, retryAfter: 60_000 })],
      'POST /api/users/me/verify-email': [envelope(200, { email: 'a@khel.in', email_verified: true })],
    });
    expect((await requestEmailCode(api.client, 'a@khel.in')).email).toBe('a@khel.in');
    await verifyEmail(api.client, '123456');
    expect(api.calls.map((c) => c.body)).toEqual([{ email: 'a@khel.in' }, { code: '123456' }]);
  });

  it('professions: the SPEC roles and platforms, saved one at a time', async () => {
    const answer = {
      productRole: 'Quester',
      preferredPlatform: null,
      productRoles: ['Newbie', 'Quester'],
      preferredPlatforms: ['Browser', 'Android'],
    };
    const api = fakeApi({
      'GET /api/users/me/professions': [envelope(200, answer)],
      'PUT /api/users/me/professions': [envelope(200, { ...answer, preferredPlatform: 'Android' })],
    });
    expect((await getProfessions(api.client)).productRole).toBe('Quester');
    expect((await updateProfessions(api.client, { preferredPlatform: 'Android' })).preferredPlatform).toBe(
      'Android',
    );
    expect(api.calls[1]?.body).toEqual({ preferredPlatform: 'Android' });
  });

  it('cities of a country', async () => {
    const api = fakeApi({
      'GET /api/users/me/cities': [envelope(200, { country: 'IN', items: ['Mumbai', 'Pune'] })],
    });
    expect(await getPlaceList(api.client, 'cities', 'IN')).toEqual(['Mumbai', 'Pune']);
    expect(api.calls[0]?.url).toBe('/api/users/me/cities?country=IN');
  });
});

describe('profile picture (SPEC §5: image type jpeg only)', () => {
  it('a PNG, even named .jpg and typed image/jpeg, is refused before any upload', async () => {
    const api = fakeApi({});
    const renamed = new File([PNG], 'me.jpg', { type: 'image/jpeg' });
    expect(await checkJpeg(renamed)).toBe('Only JPEG images are allowed');
    await expect(uploadProfilePicture(api.client, renamed)).rejects.toBeInstanceOf(NotJpegError);
    await expect(
      uploadProfilePicture(api.client, new File([JPEG], 'me.png', { type: 'image/png' })),
    ).rejects.toBeInstanceOf(NotJpegError);
    expect(api.calls).toEqual([]);
  });

  it('a JPEG goes as multipart field `file` with the bearer token', async () => {
    const api = fakeApi({
      'POST /api/users/me/profile-picture': [
        envelope(201, { photo_url: '/api/users/u/profile-picture?v=1', width: 1, height: 1, bytes: 6 }),
      ],
    });
    api.session.setTokens({ accessToken: 'access-1' });
    const result = await uploadProfilePicture(api.client, new File([JPEG], 'me.jpg', { type: 'image/jpeg' }));
    expect(result.photo_url).toContain('/profile-picture');
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer access-1');
    expect(api.calls[0]?.headers['Content-Type']).toBeUndefined();
  });
});
