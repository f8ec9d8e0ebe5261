import type { ApiClient } from '@khel/core/client';
import { type DailyReward, dailyRewardsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const dailyRewardQueryKey = ['rewards', 'daily'] as const;

/** GET /rewards/daily: the streak, today's reward and the week's ladder. */
export async function getDailyReward(client: ApiClient, signal?: AbortSignal): Promise<DailyReward> {
  return unwrap(await client.request(dailyRewardsRoutes.dailyReward, signal ? { signal } : {}));
}

export function useDailyReward({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: dailyRewardQueryKey,
      queryFn: ({ signal }) => getDailyReward(client, signal),
      enabled,
    }),
  );
}
