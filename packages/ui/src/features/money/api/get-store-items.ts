import type { ApiClient } from '@khel/core/client';
import type { StoreItem } from '@khel/core/contract';
import { storeRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const storeItemsQueryKey = ['k-store', 'items'] as const;

/** GET /k-store/items: the whole catalogue with prices and stock (the screen filters by category). */
export async function getStoreItems(client: ApiClient, signal?: AbortSignal): Promise<StoreItem[]> {
  return unwrap(await client.request(storeRoutes.storeItems, signal ? { signal } : {})).items;
}

export function useStoreItems() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: storeItemsQueryKey,
      queryFn: ({ signal }) => getStoreItems(client, signal),
    }),
  );
}
