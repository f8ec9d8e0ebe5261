import type { ApiClient } from '@khel/core/client';
import { type Game, gamesRoutes } from '@khel/core/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { definedQuery } from '../../../lib/defined-query.ts';
import { useApi } from '../../../providers/api-context.ts';
import { gamesQueryKey } from './game-keys.ts';

/** What GET /game filters by (lists comma-separated, as the contract reads them). */
export interface GamesQuery {
  genre?: string;
  platform?: string;
  network?: string;
  hub?: string;
  search?: string;
  playable?: 'true' | 'false';
  page?: string;
  limit?: string;
}

/** GET /game: a page of the catalogue. */
export async function getGames(client: ApiClient, query: GamesQuery, signal?: AbortSignal) {
  return unwrap(
    await client.request(gamesRoutes.games, {
      query: definedQuery(query) as never,
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useGames(query: GamesQuery = {}) {
  const { client } = useApi();
  const clean = definedQuery(query);
  return useQuery(
    queryOptions({
      queryKey: gamesQueryKey(clean),
      queryFn: ({ signal }) => getGames(client, clean, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export type { Game };
