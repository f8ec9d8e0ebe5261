import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { questFiltersQueryKey } from './quest-keys.ts';

/** GET /quest/filter: the partner hubs, games and statuses quests can be filtered by. */
export async function getQuestFilters(client: ApiClient, signal?: AbortSignal) {
  return unwrap(await client.request(questsRoutes.questFilters, signal ? { signal } : {}));
}

export function useQuestFilters() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: questFiltersQueryKey,
      queryFn: ({ signal }) => getQuestFilters(client, signal),
      staleTime: 5 * 60_000,
    }),
  );
}
