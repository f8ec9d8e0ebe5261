import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

/** POST /userquest/start: takes a slot (never oversold); starting again changes nothing. */
export async function startQuest(client: ApiClient, questId: string) {
  return unwrap(await client.request(questsRoutes.startQuest, { body: { questId } }));
}

export function useStartQuest() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questId: string) => startQuest(client, questId),
    onSettled: (_data, _error, questId) => invalidateQuestProgress(queryClient, questId),
  });
}
