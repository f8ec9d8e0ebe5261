import type { ApiClient } from '@khel/core/client';
import { gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { CATALOGUE_STALE_MS, gameNetworksQueryKey } from './game-keys.ts';

/** GET /game-network: every network a game may use. */
export async function getGameNetworks(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(gamesRoutes.gameNetworks, signal ? { signal } : {})).networks;
}

export function useGameNetworks() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gameNetworksQueryKey,
      queryFn: ({ signal }) => getGameNetworks(client, signal),
      staleTime: CATALOGUE_STALE_MS,
    }),
  );
}
