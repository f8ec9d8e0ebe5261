import type { ApiClient } from '@khel/core/client';
import { type MyQuest, questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { liveQuestsQueryKey } from './quest-keys.ts';

/** GET /userquest/live: quests the signed-in user started and can still finish. */
export async function getLiveQuests(client: ApiClient, signal?: AbortSignal): Promise<MyQuest[]> {
  return unwrap(await client.request(questsRoutes.liveQuests, signal ? { signal } : {})).quests;
}

export function useLiveQuests({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: liveQuestsQueryKey,
      queryFn: ({ signal }) => getLiveQuests(client, signal),
      enabled,
    }),
  );
}
