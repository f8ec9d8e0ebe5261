import type { ApiClient } from '@khel/core/client';
import { pogRoutes, type RouteResponse } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { pogReferralsQueryKey } from './pog-keys.ts';

export type PogReferrals = RouteResponse<typeof pogRoutes.pogReferrals>;

/** GET /pog/referrals: invite links, friends who minted, K-Points earned. */
export async function getPogReferrals(client: ApiClient, signal?: AbortSignal): Promise<PogReferrals> {
  return unwrap(await client.request(pogRoutes.pogReferrals, signal ? { signal } : {}));
}

export function usePogReferrals() {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: pogReferralsQueryKey,
    queryFn: ({ signal }) => getPogReferrals(client, signal),
    enabled: signedIn,
  });
}
