import type { ApiClient } from '@khel/core/client';
import { CLANS_DEFAULT_LIMIT, clansRoutes } from '@khel/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanMembersQueryKey } from './clan-keys.ts';

/** GET /platform-clans/:clanId/members: chief first, then by points, a page at a time. */
export async function getClanMembers(client: ApiClient, clanId: string, page: number, signal?: AbortSignal) {
  return unwrap(
    await client.request(clansRoutes.clanMembers, {
      params: { clanId },
      query: { page, limit: CLANS_DEFAULT_LIMIT },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useClanMembers(clanId: string | null) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: clanMembersQueryKey(clanId ?? ''),
    queryFn: ({ pageParam, signal }) => getClanMembers(client, clanId ?? '', pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.isLastCard ? undefined : last.page + 1),
    enabled: Boolean(clanId),
    // Joins, approvals and removals change it from elsewhere: each screen asks again.
    staleTime: 0,
  });
}
