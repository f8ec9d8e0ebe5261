import type { ApiClient } from '@khel/core/client';
import { type StoreOrder, type StorePurchaseBody, storeRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { storeOrderQueryKey } from './get-store-order.ts';

/** POST /k-store/purchase with the intent's Idempotency-Key: a retry never buys twice. */
export async function purchaseItem(
  client: ApiClient,
  body: StorePurchaseBody,
  idempotencyKey: string,
): Promise<StoreOrder> {
  return unwrap(await client.request(storeRoutes.storePurchase, { body, idempotencyKey }));
}

/** Buys; a 409 'still in progress' waits and asks again with the same key (`stillProcessing`). */
export function usePurchaseItem() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [stillProcessing, setStillProcessing] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: StorePurchaseBody; idempotencyKey: string }) =>
      withConflictRetry(() => purchaseItem(client, body, idempotencyKey), {
        onWaiting: () => setStillProcessing(true),
      }),
    onSettled: () => setStillProcessing(false),
    onSuccess: (order) => {
      // The receipt shows at once; balances, stock and history are asked again.
      queryClient.setQueryData(storeOrderQueryKey(order.id), order);
      return invalidateMoney(queryClient);
    },
  });
  return { ...mutation, stillProcessing };
}
