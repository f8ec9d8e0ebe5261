import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { questSlotsQueryKey } from './quest-keys.ts';

/** GET /userquest/slots/:questId: total and remaining slots. */
export async function getQuestSlots(client: ApiClient, questId: string, signal?: AbortSignal) {
  return unwrap(
    await client.request(questsRoutes.questSlots, { params: { questId }, ...(signal ? { signal } : {}) }),
  );
}

export function useQuestSlots(questId: string | null, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: questSlotsQueryKey(questId ?? ''),
      queryFn: ({ signal }) => getQuestSlots(client, questId ?? '', signal),
      enabled: enabled && Boolean(questId),
    }),
  );
}
