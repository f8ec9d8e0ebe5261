import type { ApiClient } from '@khel/core/client';
import { klashRoutes, type RouteResponse } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { klashMyMatchesQueryKey } from './klash-keys.ts';

export type KlashMyMatches = RouteResponse<typeof klashRoutes.klashMyMatches>;
export type KlashMyMatch = KlashMyMatches['matches'][number];

/** GET /klash/me/matches: the signed-in user's bracket matches, open ones first. */
export async function getMyMatches(client: ApiClient, signal?: AbortSignal): Promise<KlashMyMatches> {
  return unwrap(await client.request(klashRoutes.klashMyMatches, signal ? { signal } : {}));
}

/** The reader's matches (signed in only); asked again every 10 s while one is open. */
export function useMyMatches({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: klashMyMatchesQueryKey,
    queryFn: ({ signal }) => getMyMatches(client, signal),
    enabled,
    refetchInterval: (query) =>
      query.state.data?.matches.some((m) => m.state !== 'settled') ? 10_000 : false,
  });
}
