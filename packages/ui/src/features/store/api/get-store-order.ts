import type { ApiClient } from '@khel/core/client';
import type { StoreOrder } from '@khel/core/contract';
import { storeRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const storeOrderQueryKey = (orderId: string) => ['k-store', 'orders', orderId] as const;

/** GET /k-store/orders/:id: the receipt of one of the user's purchases. */
export async function getStoreOrder(
  client: ApiClient,
  orderId: string,
  signal?: AbortSignal,
): Promise<StoreOrder> {
  return unwrap(
    await client.request(storeRoutes.storeOrder, { params: { id: orderId }, ...(signal ? { signal } : {}) }),
  );
}

export function useStoreOrder(orderId: string | null) {
  const { client } = useApi();
  return useQuery({
    ...queryOptions({
      queryKey: storeOrderQueryKey(orderId ?? ''),
      queryFn: ({ signal }) => getStoreOrder(client, orderId ?? '', signal),
      staleTime: 5 * 60_000,
    }),
    enabled: orderId !== null,
  });
}
