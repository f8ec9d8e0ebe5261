import type { ApiClient } from '@khel/core/client';
import {
  KLASH_DEFAULT_LIMIT,
  type KlashListStatus,
  klashRoutes,
  type RouteResponse,
} from '@khel/core/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { klashListQueryKey } from './klash-keys.ts';

export type KlashTournamentPage = RouteResponse<typeof klashRoutes.klashTournaments>;

const nextPage = (last: KlashTournamentPage) => (last.isLastCard ? undefined : last.page + 1);

/** GET /klash/tournaments: one tab (upcoming, live, past), a page at a time. */
export async function getTournaments(
  client: ApiClient,
  status: KlashListStatus,
  page: number,
  signal?: AbortSignal,
): Promise<KlashTournamentPage> {
  return unwrap(
    await client.request(klashRoutes.klashTournaments, {
      query: { status, page, limit: KLASH_DEFAULT_LIMIT },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** A tab of the tournament list with "load more". */
export function useTournaments(status: KlashListStatus) {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: klashListQueryKey(status),
    queryFn: ({ pageParam, signal }) => getTournaments(client, status, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}
