import type { ApiClient } from '@khel/core/client';
import { type Profile, profileRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const profileQueryKey = ['users', 'me', 'profile'] as const;

/** GET /users/me/profile. */
export async function getProfile(client: ApiClient, signal?: AbortSignal): Promise<Profile> {
  return unwrap(await client.request(profileRoutes.profile, signal ? { signal } : {}));
}

export function getProfileQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: profileQueryKey,
    queryFn: ({ signal }) => getProfile(client, signal),
  });
}

export function useProfile() {
  const { client } = useApi();
  return useQuery(getProfileQueryOptions(client));
}
