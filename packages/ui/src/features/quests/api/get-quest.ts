import type { ApiClient } from '@khel/core/client';
import { type QuestDetails, questsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { questQueryKey } from './quest-keys.ts';

/** GET /quest/by-slug/:slug: one quest with its ordered tasks. */
export async function getQuest(client: ApiClient, slug: string, signal?: AbortSignal): Promise<QuestDetails> {
  return unwrap(
    await client.request(questsRoutes.questDetails, { params: { slug }, ...(signal ? { signal } : {}) }),
  );
}

export function useQuest(slug: string | null) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: questQueryKey(slug ?? ''),
      queryFn: ({ signal }) => getQuest(client, slug ?? '', signal),
      enabled: Boolean(slug),
    }),
  );
}
