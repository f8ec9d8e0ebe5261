import type { ApiClient } from '@khel/core/client';
import { type Contribution, leaderboardsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { contributionQueryKey } from './campaign-keys.ts';

/** GET /leaderboards/:id/contribution: the signed-in user's rank and score on a board and what made it. */
export async function getContribution(
  client: ApiClient,
  leaderboardId: string,
  signal?: AbortSignal,
): Promise<Contribution> {
  return unwrap(
    await client.request(leaderboardsRoutes.leaderboardContribution, {
      params: { leaderboardId },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useContribution(leaderboardId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: contributionQueryKey(leaderboardId),
      queryFn: ({ signal }) => getContribution(client, leaderboardId, signal),
      enabled,
    }),
  );
}
