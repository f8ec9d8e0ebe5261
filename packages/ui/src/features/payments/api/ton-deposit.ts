import type { ApiClient } from '@khel/core/client';
import { type RouteResponse, type TonDeposit, type TonQuote, tonDepositRoutes } from '@khel/core/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export type TonDepositCreated = RouteResponse<typeof tonDepositRoutes.tonDeposit>;

/** GET /onramp/ton/quote for `amount` nanoton; null (nothing valid typed) asks nothing. */
export function useTonQuote(amount: string | null) {
  const { client } = useApi();
  return useQuery({
    ...queryOptions({
      queryKey: ['onramp', 'ton', 'quote', amount ?? ''] as const,
      queryFn: async ({ signal }): Promise<TonQuote> =>
        unwrap(
          await client.request(tonDepositRoutes.tonDepositQuote, {
            query: { amount: amount ?? '0' },
            signal,
          }),
        ),
      staleTime: 30_000,
    }),
    enabled: amount !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /onramp/ton/deposit: the deposit wallet, the memo and the locked quote. */
export async function createTonDeposit(
  client: ApiClient,
  body: { amount: string; wallet?: string },
): Promise<TonDepositCreated> {
  return unwrap(await client.request(tonDepositRoutes.tonDeposit, { body }));
}

export function useCreateTonDeposit() {
  const { client } = useApi();
  return useMutation({
    mutationFn: (body: { amount: string; wallet?: string }) => createTonDeposit(client, body),
  });
}

/** Every 3 s while pending (the watcher decides it), then no more. */
export const TON_DEPOSIT_POLL_MS = 3_000;

/** GET /onramp/ton/deposit/:id, asked again while the payment is not yet seen on the chain. */
export function useTonDeposit(depositId: string | null) {
  const { client } = useApi();
  return useQuery({
    ...queryOptions({
      queryKey: ['onramp', 'ton', 'deposit', depositId ?? ''] as const,
      queryFn: async ({ signal }): Promise<TonDeposit> =>
        unwrap(
          await client.request(tonDepositRoutes.tonDepositStatus, {
            params: { depositId: depositId ?? '' },
            signal,
          }),
        ),
      staleTime: 0,
    }),
    enabled: depositId !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? TON_DEPOSIT_POLL_MS : false),
  });
}
