import type { ApiClient } from '@khel/core/client';
import { gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { CATALOGUE_STALE_MS, gamePlatformsQueryKey } from './game-keys.ts';

/** GET /game-platform: every platform (SPEC §3). */
export async function getGamePlatforms(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(gamesRoutes.gamePlatforms, signal ? { signal } : {})).platforms;
}

export function useGamePlatforms() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gamePlatformsQueryKey,
      queryFn: ({ signal }) => getGamePlatforms(client, signal),
      staleTime: CATALOGUE_STALE_MS,
    }),
  );
}
