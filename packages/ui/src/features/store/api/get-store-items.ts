import type { ApiClient } from '@khel/core/client';
import type { StoreItem } from '@khel/core/contract';
import { storeRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { storeItemsQueryKey } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export { storeItemsQueryKey };

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
