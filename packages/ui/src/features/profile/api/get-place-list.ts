import type { ApiClient } from '@khel/core/client';
import { locationRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export type PlaceKind = 'cities' | 'colleges';

/** GET /users/me/cities or /colleges?country=XX: suggestions (a static list for IN, BR, NP, BD, BH). */
export async function getPlaceList(
  client: ApiClient,
  kind: PlaceKind,
  country: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const route = kind === 'cities' ? locationRoutes.cities : locationRoutes.colleges;
  return unwrap(await client.request(route, { query: { country }, ...(signal ? { signal } : {}) })).items;
}

export function usePlaceList(kind: PlaceKind, country: string | null | undefined) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: ['users', 'places', kind, country ?? ''],
      queryFn: ({ signal }) => getPlaceList(client, kind, country ?? '', signal),
      enabled: !!country,
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
