import type { ApiClient } from '@khel/core/client';
import { type EarningsAggregate, earningRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { earningsRootKey } from './get-earnings.ts';

export const earningsAggregateQueryKey = [...earningsRootKey, 'aggregate'] as const;

/** GET /collect-earning/aggregate: totals (K-Cash) and counts per display status. */
export async function getEarningsAggregate(
  client: ApiClient,
  signal?: AbortSignal,
): Promise<EarningsAggregate> {
  return unwrap(await client.request(earningRoutes.earningsAggregate, signal ? { signal } : {}));
}

export function useEarningsAggregate() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: earningsAggregateQueryKey,
      queryFn: ({ signal }) => getEarningsAggregate(client, signal),
    }),
  );
}
