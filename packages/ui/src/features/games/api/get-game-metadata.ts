import type { ApiClient } from '@khel/core/client';
import { gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { CATALOGUE_STALE_MS, gameMetadataQueryKey } from './game-keys.ts';

/** GET /game/metadata: catalogue totals and the login methods a quest may ask for. */
export async function getGameMetadata(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(gamesRoutes.gameMetadata, signal ? { signal } : {}));
}

export function useGameMetadata() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gameMetadataQueryKey,
      queryFn: ({ signal }) => getGameMetadata(client, signal),
      staleTime: CATALOGUE_STALE_MS,
    }),
  );
}
