import type { ApiClient } from '@khel/core/client';
import { identityRoutes, type SocialAuthStatus } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const socialAuthStatusQueryKey = ['social-auth', 'status'] as const;

/** GET /social-auth/status: the linked sign-in methods and the SPEC §3 social statuses. */
export async function getSocialAuthStatus(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<SocialAuthStatus> {
  return unwrap(await client.request(identityRoutes.socialAuthStatus, signal ? { signal } : {}));
}

export function socialAuthStatusQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: socialAuthStatusQueryKey,
    queryFn: ({ signal }) => getSocialAuthStatus(client, signal),
  });
}

export function useSocialAuthStatus() {
  const { client } = useApi();
  return useQuery(socialAuthStatusQueryOptions(client));
}
