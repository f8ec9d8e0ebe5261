import type { ApiClient } from '@khel/core/client';
import { type AuthProviders, authRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

/** GET /authentication/providers: which sign-ins this server offers and where they start. */
export async function getAuthProviders(client: ApiClient, signal?: AbortSignal): Promise<AuthProviders> {
  return unwrap(await client.request(authRoutes.authProviders, signal ? { signal } : {}));
}

export function authProvidersQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: ['authentication', 'providers'],
    queryFn: ({ signal }) => getAuthProviders(client, signal),
    // Server configuration: it does not change while the page is open.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useAuthProviders() {
  const { client } = useApi();
  return useQuery(authProvidersQueryOptions(client));
}
