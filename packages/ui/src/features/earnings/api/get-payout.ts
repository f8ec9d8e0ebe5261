import type { ApiClient } from '@khel/core/client';
import { earningRoutes, type Payout } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { earningsRootKey } from './get-earnings.ts';

export const payoutQueryKey = (id: string) => [...earningsRootKey, 'payout', id] as const;
export const PAYOUT_POLL_MS = 1500;

/** GET /collect-earning/payouts/:id: a bank payout and its status. */
export async function getPayout(client: ApiClient, id: string, signal?: AbortSignal): Promise<Payout> {
  return unwrap(
    await client.request(earningRoutes.payout, { params: { id }, ...(signal ? { signal } : {}) }),
  );
}

export const isPayoutSettled = (payout: Pick<Payout, 'status'> | undefined) =>
  payout?.status === 'succeeded' || payout?.status === 'failed';

/** Polls the payout until it succeeds or fails; `initial` is the payout the collect answered with. */
export function usePayout(initial: Payout | null) {
  const { client } = useApi();
  const id = initial?.id ?? '';
  return useQuery({
    queryKey: payoutQueryKey(id),
    queryFn: ({ signal }) => getPayout(client, id, signal),
    enabled: initial !== null && !isPayoutSettled(initial),
    ...(initial ? { initialData: initial, initialDataUpdatedAt: 0 } : {}),
    refetchInterval: (query) => (isPayoutSettled(query.state.data) ? false : PAYOUT_POLL_MS),
    staleTime: 0,
    retry: 3,
  });
}
