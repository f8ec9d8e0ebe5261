import type { ApiClient } from '@khel/core/client';
import { type PogMintStatus, pogRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { mintStatusQueryKey } from './pog-keys.ts';

/** How often the status is asked again while a mint runs (SPEC §4: about 100 s). */
export const MINT_POLL_MS = 2_500;

/** GET /pog/mint/status: where the signed-in user is in the mint flow. */
export async function getMintStatus(client: ApiClient, signal?: AbortSignal): Promise<PogMintStatus> {
  return unwrap(await client.request(pogRoutes.pogMintStatus, signal ? { signal } : {}));
}

/**
 * The mint flow's state, asked again every 2.5 s while a mint is in progress (or a slot payment is
 * processing), so the screen moves on by itself and a reload or another device resumes it.
 */
export function useMintStatus({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: mintStatusQueryKey,
    queryFn: ({ signal }) => getMintStatus(client, signal),
    enabled: enabled && signedIn,
    staleTime: 0,
    refetchInterval: (query) => {
      const state = query.state.data?.state;
      return state === 'MintInProgress' || state === 'SlotPaymentProcessing' ? MINT_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}
