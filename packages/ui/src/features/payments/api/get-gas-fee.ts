import type { ApiClient } from '@khel/core/client';
import type { RouteResponse } from '@khel/core/contract';
import { paymentRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export type GasFeeSchedule = RouteResponse<typeof paymentRoutes.onrampGasFee>;
export type FeeRule = GasFeeSchedule['fees'][number];

export const gasFeeQueryKey = ['onramp', 'gas-fee'] as const;

/** GET /onramp/gas-fee: the fee, minimum and maximum of each payment method. */
export async function getGasFee(client: ApiClient, signal?: AbortSignal): Promise<GasFeeSchedule> {
  return unwrap(await client.request(paymentRoutes.onrampGasFee, signal ? { signal } : {}));
}

export function useGasFee() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: gasFeeQueryKey,
      queryFn: ({ signal }) => getGasFee(client, signal),
      staleTime: 10 * 60_000,
    }),
  );
}
