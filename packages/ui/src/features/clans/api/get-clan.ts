import type { ApiClient } from '@khel/core/client';
import { type ClanDetail, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { asReader } from './as-reader.ts';
import { clanQueryKey } from './clan-keys.ts';

/** GET /platform-clans/:clanId: the clan's page, with the reader's role and (members) the invite links. */
export async function getClan(
  client: ApiClient,
  clanId: string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<ClanDetail> {
  return unwrap(
    await client.request(asReader(clansRoutes.clanDetail, signedIn), {
      params: { clanId },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useClan(clanId: string | null) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: clanQueryKey(clanId ?? ''),
    queryFn: ({ signal }) => getClan(client, clanId ?? '', signedIn, signal),
    enabled: Boolean(clanId),
    // Joins, approvals and removals change it from elsewhere: each screen asks again.
    staleTime: 0,
  });
}
