import type { ApiClient } from '@khel/core/client';
import { type PublicUser, usersRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { shouldRetry, unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';

/** What GET /users/by-username accepts; anything else cannot be a username, so it is not asked. */
const USERNAME_PATTERN = /^[A-Za-z0-9._]{1,30}$/;
export const couldBeUsername = (text: string) => USERNAME_PATTERN.test(text.trim());

export const gamerByUsernameQueryKey = (username: string) =>
  ['users', 'by-username', username.toLowerCase()] as const;

/** GET /users/by-username/:username: a gamer's id and public details (404 "No gamer has this username."). */
export async function getGamerByUsername(
  client: ApiClient,
  username: string,
  signal?: AbortSignal,
): Promise<PublicUser> {
  return unwrap(
    await client.request(usersRoutes.userByUsername, { params: { username }, ...(signal ? { signal } : {}) }),
  );
}

/** The gamer with this username (any case); asked only when `username` is set and could be one. */
export function useGamerByUsername(username: string | null) {
  const { client } = useApi();
  const name = username?.trim() ?? '';
  return useQuery(
    queryOptions({
      queryKey: gamerByUsernameQueryKey(name),
      queryFn: ({ signal }) => getGamerByUsername(client, name, signal),
      enabled: couldBeUsername(name),
      staleTime: 60_000,
      retry: shouldRetry,
    }),
  );
}
