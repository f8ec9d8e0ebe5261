import type { ApiClient } from '@khel/core/client';
import { type PogSlotCurrency, pogRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '../../../api/money-keys.ts';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { applyMintStatus } from './pog-keys.ts';

/** POST /pog/slots/unlock with the intent's Idempotency-Key: a retry never pays twice (SPEC §6 slots). */
export async function unlockSlot(client: ApiClient, currency: PogSlotCurrency, idempotencyKey: string) {
  return unwrap(await client.request(pogRoutes.pogUnlockSlot, { body: { currency }, idempotencyKey }));
}

/** Buys an avatar edit slot; a 409 'still in progress' waits and asks again with the same key. */
export function useUnlockSlot() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ currency, idempotencyKey }: { currency: PogSlotCurrency; idempotencyKey: string }) =>
      withConflictRetry(() => unlockSlot(client, currency, idempotencyKey)),
    onSuccess: (result) => {
      applyMintStatus(queryClient, result.status);
      return invalidateMoney(queryClient);
    },
  });
}
