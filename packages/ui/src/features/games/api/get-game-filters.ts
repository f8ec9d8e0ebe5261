import type { ApiClient } from '@khel/core/client';
import { gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { CATALOGUE_STALE_MS, gameFiltersQueryKey } from './game-keys.ts';

/** GET /game/filter: genres, platforms and networks with their game counts. */
export async function getGameFilters(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(gamesRoutes.gameFilters, signal ? { signal } : {}));
}

export function useGameFilters() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gameFiltersQueryKey,
      queryFn: ({ signal }) => getGameFilters(client, signal),
      staleTime: CATALOGUE_STALE_MS,
    }),
  );
}
