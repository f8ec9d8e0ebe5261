import type { ApiClient } from '@khel/core/client';
import { profileRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const walletAddressQueryKey = ['users', 'me', 'wallet-address'] as const;

/**
 * GET /users/me/wallet-address → `data.evmWalletAddress` (SPEC §7), the custodial wallet made at
 * first sign-in. Without one the API answers 404 with `data.code = 'WALLET_NOT_FOUND'`, which
 * rejects as an ApiError that `isWalletNotFound` recognises.
 */
export async function getWalletAddress(client: ApiClient, signal?: AbortSignal): Promise<string> {
  return unwrap(await client.request(profileRoutes.walletAddress, signal ? { signal } : {})).evmWalletAddress;
}

export function useWalletAddress() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: walletAddressQueryKey,
      queryFn: ({ signal }) => getWalletAddress(client, signal),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
