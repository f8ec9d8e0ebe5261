import type { ApiClient } from '@khel/core/client';
import type { WalletBalance } from '@khel/core/contract';
import { walletRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';

export const balanceQueryKey = ['wallets', 'balance'] as const;

/** GET /wallets/balance: USDT, K-Cash bought and earned (and their total), rKHEL and K-Points. */
export async function getBalance(client: ApiClient, signal?: AbortSignal): Promise<WalletBalance> {
  return unwrap(await client.request(walletRoutes.walletBalance, signal ? { signal } : {}));
}

export function balanceQueryOptions(client: ApiClient) {
  return queryOptions({
    queryKey: balanceQueryKey,
    queryFn: ({ signal }) => getBalance(client, signal),
    staleTime: 5_000,
  });
}

/** The signed-in user's balances; `enabled: false` for a visitor. */
export function useBalance({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({ ...balanceQueryOptions(client), enabled });
}
