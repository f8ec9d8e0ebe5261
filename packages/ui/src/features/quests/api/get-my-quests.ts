import type { ApiClient } from '@khel/core/client';
import { type MyQuest, questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { myQuestsQueryKey } from './quest-keys.ts';

/** GET /userquest/me: the signed-in user's started and completed quests with their next step. */
export async function getMyQuests(client: ApiClient, signal?: AbortSignal): Promise<MyQuest[]> {
  return unwrap(await client.request(questsRoutes.myQuests, signal ? { signal } : {})).quests;
}

export function useMyQuests({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: myQuestsQueryKey,
      queryFn: ({ signal }) => getMyQuests(client, signal),
      enabled,
    }),
  );
}
