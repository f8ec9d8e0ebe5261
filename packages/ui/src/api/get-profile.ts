import type { ApiClient } from '@khel/core/client';
import { type Profile, profileRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useUserLocation } from '../hooks/use-user-location.ts';
import { unwrap } from '../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../providers/api-context.ts';

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

/**
 * The country the reader shops in (GET /k-store/items?country=): the profile's country when the
 * signed-in user's profile is known, else the location lookup's; undefined lets the server use the IP's.
 */
export function useReaderCountry(): string | undefined {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  const profile = useQuery({ ...getProfileQueryOptions(client), enabled: signedIn });
  const { location } = useUserLocation();
  const fromProfile = signedIn ? profile.data?.country : null;
  return fromProfile || location?.countryCodeISO2 || undefined;
}
