import type { ApiClient } from '@khel/core/client';
import { type EARNING_DISPLAY_STATUSES, earningRoutes } from '@khel/core/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export type EarningDisplayStatus = (typeof EARNING_DISPLAY_STATUSES)[number];
export type EarningsPage = Awaited<ReturnType<typeof getEarnings>>;

/** Every earnings query (list pages, aggregate, tax info) starts with this, for one invalidation. */
export const earningsRootKey = ['collect-earning'] as const;
export const earningsListQueryKey = (status: EarningDisplayStatus | null) =>
  [...earningsRootKey, 'list', status ?? 'all'] as const;

/** GET /collect-earning/list: one page, newest first, optionally of one display status. */
export async function getEarnings(
  client: ApiClient,
  query: { page: number; limit?: number; status?: EarningDisplayStatus | null },
  signal?: AbortSignal,
) {
  return unwrap(
    await client.request(earningRoutes.earningsList, {
      query: {
        page: query.page,
        ...(query.limit ? { limit: query.limit } : {}),
        ...(query.status ? { status: query.status } : {}),
      },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function earningsListQueryOptions(client: ApiClient, status: EarningDisplayStatus | null) {
  return infiniteQueryOptions({
    queryKey: earningsListQueryKey(status),
    queryFn: ({ pageParam, signal }) => getEarnings(client, { page: pageParam, status }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: EarningsPage) => (last.isLastCard ? undefined : last.page + 1),
  });
}

/** The list, page by page ("Show more" fetches the next). */
export function useEarnings(status: EarningDisplayStatus | null) {
  const { client } = useApi();
  return useInfiniteQuery(earningsListQueryOptions(client, status));
}
