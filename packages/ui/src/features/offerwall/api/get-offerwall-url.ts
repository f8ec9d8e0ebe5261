import type { ApiClient } from '@khel/core/client';
import { offerwallRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';

/** GET /offerwall/url: the signed-in user's wall, to open in a frame. */
export async function getOfferwallUrl(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(offerwallRoutes.offerwallUrl, signal ? { signal } : {}));
}

export const offerwallUrlQueryKey = ['offerwall', 'url'] as const;

/** Only for a signed-in user (a visitor is asked to sign in first). */
export function useOfferwallUrl() {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery(
    queryOptions({
      queryKey: offerwallUrlQueryKey,
      queryFn: ({ signal }) => getOfferwallUrl(client, signal),
      enabled: signedIn,
      staleTime: 10 * 60_000,
    }),
  );
}
