import type { ApiClient } from '@khel/core/client';
import { type PogLeaderboardTab, pogRoutes, type RouteResponse } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { pogLeaderboardQueryKey } from './pog-keys.ts';

export type PogLeaderboard = RouteResponse<typeof pogRoutes.pogLeaderboard>;

/** GET /pog/leaderboard?tab=global-clans|my-clan (with the token when there is one: `myClan`). */
export async function getPogLeaderboard(
  client: ApiClient,
  tab: PogLeaderboardTab,
  signedIn: boolean,
  signal?: AbortSignal,
): Promise<PogLeaderboard> {
  const route = signedIn
    ? { ...pogRoutes.pogLeaderboard, auth: 'bearer' as const }
    : pogRoutes.pogLeaderboard;
  return unwrap(await client.request(route, { query: { tab }, ...(signal ? { signal } : {}) }));
}

export function usePogLeaderboard(tab: PogLeaderboardTab, { enabled = true } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: pogLeaderboardQueryKey(tab),
    queryFn: ({ signal }) => getPogLeaderboard(client, tab, signedIn, signal),
    enabled: enabled && (tab === 'global-clans' || signedIn),
  });
}
