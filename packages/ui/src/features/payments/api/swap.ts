import type { ApiClient } from '@khel/core/client';
import { paymentRoutes, type RouteBody, type SwapResult } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';

export type SwapBody = RouteBody<typeof paymentRoutes.onrampSwap>;

/** POST /onramp/swap with the intent's Idempotency-Key (the same on every retry of this swap). */
export async function swap(client: ApiClient, body: SwapBody, idempotencyKey: string): Promise<SwapResult> {
  return unwrap(await client.request(paymentRoutes.onrampSwap, { body, idempotencyKey }));
}

/**
 * Swaps; while the API says the same swap is still in progress (409) it waits and asks again with
 * the same key, and `stillProcessing` is true.
 */
export function useSwap() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const [stillProcessing, setStillProcessing] = useState(false);
  const mutation = useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: SwapBody; idempotencyKey: string }) =>
      withConflictRetry(() => swap(client, body, idempotencyKey), {
        onWaiting: () => setStillProcessing(true),
      }),
    onSettled: () => setStillProcessing(false),
    onSuccess: () => invalidateMoney(queryClient),
  });
  return { ...mutation, stillProcessing };
}
