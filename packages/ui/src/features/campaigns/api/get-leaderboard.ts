import type { ApiClient } from '@khel/core/client';
import { type LeaderboardTop, leaderboardsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { leaderboardTopQueryKey } from './campaign-keys.ts';

/** GET /leaderboards/:id/participants: a board's top 100 and its number of participants. */
export async function getLeaderboard(
  client: ApiClient,
  leaderboardId: string,
  signal?: AbortSignal,
): Promise<LeaderboardTop> {
  return unwrap(
    await client.request(leaderboardsRoutes.leaderboardParticipants, {
      params: { leaderboardId },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useLeaderboard(leaderboardId: string) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: leaderboardTopQueryKey(leaderboardId),
      queryFn: ({ signal }) => getLeaderboard(client, leaderboardId, signal),
    }),
  );
}
