import type { ApiClient } from '@khel/core/client';
import { type MyQuest, questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { todayQuestsQueryKey } from './quest-keys.ts';

/** GET /userquest/today: the daily, weekly and monthly quests running now, with the user's progress this period. */
export async function getTodayQuests(client: ApiClient, signal?: AbortSignal): Promise<MyQuest[]> {
  return unwrap(await client.request(questsRoutes.todayQuests, signal ? { signal } : {})).quests;
}

export function useTodayQuests({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: todayQuestsQueryKey,
      queryFn: ({ signal }) => getTodayQuests(client, signal),
      enabled,
    }),
  );
}
