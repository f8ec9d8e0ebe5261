import type { ApiClient } from '@khel/core/client';
import { earningRoutes, type TaxInfo } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { earningsRootKey } from './get-earnings.ts';

/** `attempt` (the confirmation's Idempotency-Key) makes every opening of a confirmation ask afresh. */
export const taxInfoQueryKey = (earningId: string | null, attempt: string) =>
  [...earningsRootKey, 'tax-info', earningId ?? 'all', attempt] as const;

/** GET /collect-earning/tax-info: what collecting one earning (or all) would pay, TDS and destination. */
export async function getTaxInfo(
  client: ApiClient,
  earningId: string | null,
  signal?: AbortSignal,
): Promise<TaxInfo> {
  return unwrap(
    await client.request(earningRoutes.earningsTaxInfo, {
      query: earningId ? { earningId } : {},
      ...(signal ? { signal } : {}),
    }),
  );
}

/** Asked afresh each time a confirmation opens: the figures depend on this month's collections. */
export function useTaxInfo(earningId: string | null, attempt: string, enabled: boolean) {
  const { client } = useApi();
  return useQuery({
    queryKey: taxInfoQueryKey(earningId, attempt),
    queryFn: ({ signal }) => getTaxInfo(client, earningId, signal),
    enabled,
    staleTime: 0,
    retry: false,
  });
}
