import type { ApiClient } from '@khel/core/client';
import { CLANS_DEFAULT_LIMIT, type ClanPage, clansRoutes } from '@khel/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanListQueryKey } from './clan-keys.ts';

const nextPage = (last: ClanPage) => (last.isLastCard ? undefined : last.page + 1);

/** GET /platform-clans/list: clans by score, a page at a time. */
export async function getClans(client: ApiClient, page: number, signal?: AbortSignal): Promise<ClanPage> {
  return unwrap(
    await client.request(clansRoutes.clanList, {
      query: { page, limit: CLANS_DEFAULT_LIMIT },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The clan list with "load more". */
export function useClans({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: clanListQueryKey('list'),
    queryFn: ({ pageParam, signal }) => getClans(client, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled,
  });
}

export { nextPage as nextClanPage };
