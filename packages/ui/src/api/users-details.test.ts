import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { envelope, fakeApi, fakeJwt } from '../test/fake-api.ts';
import { getGamerByUsername } from './get-gamer-by-username.ts';
import { loadUsersDetails, userDetailsQueryKey } from './get-users-details.ts';

const idOf = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const gamer = (id: string) => ({
  id,
  username: `g${id.slice(-4)}`,
  displayName: `g${id.slice(-4)}`,
  avatarUrl: null,
  clan: null,
  pogVariant: null,
  pogName: null,
});

describe('loadUsersDetails (POST /users/batch-details)', () => {
  it('asks in batches of 100, keeps each gamer per id, and asks again only for ids not known yet', async () => {
    const ids = Array.from({ length: 150 }, (_, i) => idOf(i + 1));
    const unknown = idOf(999);
    const api = fakeApi({
      'POST /api/users/batch-details': [
        envelope(200, { users: ids.slice(0, 100).map(gamer) }),
        envelope(200, { users: ids.slice(100).map(gamer) }),
        envelope(200, { users: [gamer(idOf(151))] }),
      ],
    });
    api.session.setTokens({ accessToken: fakeJwt({ sub: idOf(0) }) });
    const cache = new QueryClient();
    const first = await loadUsersDetails(api.client, cache, [...ids, unknown, ids[0]!.toUpperCase()]);
    expect(api.calls.map((c) => (c.body as { ids: string[] }).ids.length)).toEqual([100, 51]);
    expect(Object.keys(first)).toHaveLength(150);
    expect(first[unknown]).toBeUndefined();
    expect(cache.getQueryData(userDetailsQueryKey(unknown))).toBeNull();
    expect(cache.getQueryData(userDetailsQueryKey(ids[7]!))).toMatchObject({ id: ids[7] });
    // "Load more" adds one gamer: only that one is asked for; the unknown id is not asked again.
    const more = await loadUsersDetails(api.client, cache, [...ids, unknown, idOf(151)]);
    expect(api.calls).toHaveLength(3);
    expect(api.calls[2]?.body).toEqual({ ids: [idOf(151)] });
    expect(Object.keys(more)).toHaveLength(151);
  });
});

describe('getGamerByUsername (GET /users/by-username/:username)', () => {
  it('answers the gamer, with their minted card’s name', async () => {
    const api = fakeApi({
      'GET /api/users/by-username/ravi_k': [envelope(200, { ...gamer(idOf(5)), pogName: 'RaviPlays' })],
    });
    expect(await getGamerByUsername(api.client, 'ravi_k')).toMatchObject({ pogName: 'RaviPlays' });
  });

  it('a 404 is an error with the server’s text', async () => {
    const api = fakeApi({
      'GET /api/users/by-username/nobody1': [envelope(404, null, 'No gamer has this username.')],
    });
    await expect(getGamerByUsername(api.client, 'nobody1')).rejects.toMatchObject({
      status: 404,
      message: 'No gamer has this username.',
    });
  });
});
