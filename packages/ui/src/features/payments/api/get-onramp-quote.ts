import type { ApiClient } from '@khel/core/client';
import { type OnrampCurrency, type OnrampQuote, paymentRoutes } from '@khel/core/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const onrampQuoteQueryKey = (currency: OnrampCurrency, amount: string) =>
  ['onramp', 'conversion', currency, amount] as const;

/** GET /onramp/conversion: what a deposit of `amount` (minor units) is worth, its fee and the K-Cash it buys. */
export async function getOnrampQuote(
  client: ApiClient,
  query: { amount: string; currency: OnrampCurrency },
  signal?: AbortSignal,
): Promise<OnrampQuote> {
  return unwrap(
    await client.request(paymentRoutes.onrampConversion, { query, ...(signal ? { signal } : {}) }),
  );
}

/** The live quote for a typed amount; `amount` null (nothing valid typed yet) asks nothing. */
export function useOnrampQuote(currency: OnrampCurrency, amount: string | null) {
  const { client } = useApi();
  return useQuery({
    ...queryOptions({
      queryKey: onrampQuoteQueryKey(currency, amount ?? ''),
      queryFn: ({ signal }) => getOnrampQuote(client, { amount: amount ?? '0', currency }, signal),
      staleTime: 60_000,
    }),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
  });
}
