import type { ApiClient } from '@khel/core/client';
import { CLANS_DEFAULT_LIMIT, type ClanPage, clansRoutes } from '@khel/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanListQueryKey } from './clan-keys.ts';
import { nextClanPage } from './get-clans.ts';

/** GET /platform-clans/search?q=: clans whose name contains the text, any case. */
export async function searchClans(
  client: ApiClient,
  q: string,
  page: number,
  signal?: AbortSignal,
): Promise<ClanPage> {
  return unwrap(
    await client.request(clansRoutes.clanSearch, {
      query: { q, page, limit: CLANS_DEFAULT_LIMIT },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Search results with "load more"; idle while the text is empty. */
export function useClanSearch(q: string) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: clanListQueryKey('search', q),
    queryFn: ({ pageParam, signal }) => searchClans(client, q, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextClanPage,
    enabled: q.length > 0,
  });
}
