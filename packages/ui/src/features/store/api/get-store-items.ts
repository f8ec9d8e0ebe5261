import type { ApiClient } from '@khel/core/client';
import type { StoreItem } from '@khel/core/contract';
import { storeRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useReaderCountry } from '../../../api/get-profile.ts';
import { storeItemsQueryKey } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export { storeItemsQueryKey };

/**
 * GET /k-store/items?country=: the catalogue of the reader's country (items sold there and
 * everywhere) with prices and stock; no country: the server uses the request's IP.
 */
export async function getStoreItems(
  client: ApiClient,
  country?: string,
  signal?: AbortSignal,
): Promise<StoreItem[]> {
  return unwrap(
    await client.request(storeRoutes.storeItems, {
      ...(country ? { query: { country } as never } : {}),
      ...(signal ? { signal } : {}),
    }),
  ).items;
}

/** The catalogue for the reader's country (the profile's, else the location lookup's). */
export function useStoreItems() {
  const { client } = useApi();
  const country = useReaderCountry();
  return useQuery(
    queryOptions({
      queryKey: [...storeItemsQueryKey, country ?? null],
      queryFn: ({ signal }) => getStoreItems(client, country, signal),
    }),
  );
}
