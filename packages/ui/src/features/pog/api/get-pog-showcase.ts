import type { ApiClient } from '@khel/core/client';
import { type PogCard, pogRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { pogShowcaseQueryKey } from './pog-keys.ts';

/** GET /pog/showcase/:username: one card by its POG name (any case), with the reader's like. */
export async function getPogShowcase(
  client: ApiClient,
  username: string,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<PogCard> {
  const route = signedIn ? { ...pogRoutes.pogShowcase, auth: 'bearer' as const } : pogRoutes.pogShowcase;
  return unwrap(await client.request(route, { params: { username }, ...(signal ? { signal } : {}) }));
}

export function usePogShowcase(username: string | null) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: pogShowcaseQueryKey(username ?? ''),
    queryFn: ({ signal }) => getPogShowcase(client, username ?? '', signedIn, signal),
    enabled: Boolean(username),
  });
}
