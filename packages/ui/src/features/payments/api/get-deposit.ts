import type { ApiClient } from '@khel/core/client';
import type { RouteResponse } from '@khel/core/contract';
import { paymentRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { depositPollInterval } from '../lib/deposit-progress.ts';

export type Deposit = RouteResponse<typeof paymentRoutes.onrampDepositStatus>;

export const depositQueryKey = (depositId: string) => ['onramp', 'deposit', depositId] as const;

/** GET /onramp/deposit/:depositId: one deposit of the signed-in user and its status. */
export async function getDeposit(
  client: ApiClient,
  depositId: string,
  signal?: AbortSignal,
): Promise<Deposit> {
  return unwrap(
    await client.request(paymentRoutes.onrampDepositStatus, {
      params: { depositId },
      ...(signal ? { signal } : {}),
    }),
  );
}

/** The deposit, asked again every few seconds while the payment is still open. */
export function useDeposit(depositId: string, startedAt: number) {
  const { client } = useApi();
  return useQuery({
    ...queryOptions({
      queryKey: depositQueryKey(depositId),
      queryFn: ({ signal }) => getDeposit(client, depositId, signal),
      staleTime: 0,
    }),
    refetchInterval: (query) => depositPollInterval(query.state.data?.status, Date.now() - startedAt),
  });
}
