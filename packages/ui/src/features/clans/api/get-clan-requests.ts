import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanRequestsQueryKey } from './clan-keys.ts';

/** GET /platform-clans/me/requests: join requests waiting for the chief. */
export async function getClanRequests(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(clansRoutes.myClanRequests, signal ? { signal } : {})).requests;
}

export function useClanRequests({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanRequestsQueryKey,
    queryFn: ({ signal }) => getClanRequests(client, signal),
    enabled,
  });
}
