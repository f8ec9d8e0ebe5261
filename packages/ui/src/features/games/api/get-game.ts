import type { ApiClient } from '@khel/core/client';
import { type Game, gamesRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { gameQueryKey } from './game-keys.ts';

/** GET /game/by-slug/:slug: one game. */
export async function getGame(client: ApiClient, slug: string, signal?: AbortSignal): Promise<Game> {
  return unwrap(await client.request(gamesRoutes.game, { params: { slug }, ...(signal ? { signal } : {}) }));
}

export function useGame(slug: string | null) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gameQueryKey(slug ?? ''),
      queryFn: ({ signal }) => getGame(client, slug ?? '', signal),
      enabled: Boolean(slug),
    }),
  );
}
