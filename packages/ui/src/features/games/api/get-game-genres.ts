import type { ApiClient } from '@khel/core/client';
import { gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { CATALOGUE_STALE_MS, gameGenresQueryKey } from './game-keys.ts';

/** GET /game-genre: every genre (SPEC §3). */
export async function getGameGenres(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(gamesRoutes.gameGenres, signal ? { signal } : {})).genres;
}

export function useGameGenres() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gameGenresQueryKey,
      queryFn: ({ signal }) => getGameGenres(client, signal),
      staleTime: CATALOGUE_STALE_MS,
    }),
  );
}
