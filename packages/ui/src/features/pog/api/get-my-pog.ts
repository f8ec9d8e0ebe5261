import type { ApiClient } from '@khel/core/client';
import { type PogDashboard, pogRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { myPogQueryKey } from './pog-keys.ts';

/** GET /pog/me: the signed-in user's card, scores, badges and boost (the POG dashboard). */
export async function getMyPog(client: ApiClient, signal?: AbortSignal): Promise<PogDashboard> {
  return unwrap(await client.request(pogRoutes.pogMyCard, signal ? { signal } : {}));
}

export function useMyPog({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: myPogQueryKey,
    queryFn: ({ signal }) => getMyPog(client, signal),
    enabled: enabled && signedIn,
  });
}
