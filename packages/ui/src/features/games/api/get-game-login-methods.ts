import type { ApiClient } from '@khel/core/client';
import { gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { CATALOGUE_STALE_MS, gameLoginMethodsQueryKey } from './game-keys.ts';

/** GET /game/login-method: the ways a player is known inside a game. */
export async function getGameLoginMethods(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(gamesRoutes.gameLoginMethods, signal ? { signal } : {})).loginMethods;
}

export function useGameLoginMethods() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gameLoginMethodsQueryKey,
      queryFn: ({ signal }) => getGameLoginMethods(client, signal),
      staleTime: CATALOGUE_STALE_MS,
    }),
  );
}
