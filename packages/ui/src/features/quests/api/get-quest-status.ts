import type { ApiClient } from '@khel/core/client';
import { type QuestStatusView, questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { questStatusQueryKey } from './quest-keys.ts';

/** GET /userquest/queststatus/:questId: the signed-in user's progress, task by task. */
export async function getQuestStatus(
  client: ApiClient,
  questId: string,
  signal?: AbortSignal,
): Promise<QuestStatusView> {
  return unwrap(
    await client.request(questsRoutes.questStatus, { params: { questId }, ...(signal ? { signal } : {}) }),
  );
}

export function useQuestStatus(questId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: questStatusQueryKey(questId ?? ''),
      queryFn: ({ signal }) => getQuestStatus(client, questId ?? '', signal),
      enabled: enabled && Boolean(questId),
    }),
  );
}
