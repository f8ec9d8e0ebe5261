import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { definedQuery } from '../../../lib/defined-query.ts';
import { useApi } from '../../../providers/api-context.ts';
import { questListQueryKey } from './quest-keys.ts';

/** What /quest/list/v2 filters by (statuses comma-separated, as the contract reads them). */
export interface QuestListQuery {
  hub?: string;
  game?: string;
  /** kcash, rkhel or kpoints: only the quests that pay it. */
  reward?: string;
  status?: string;
  featured?: 'true' | 'false';
  search?: string;
  page?: string;
  limit?: string;
}

/** GET /quest/list/v2: a page of quests (limit 100, page 1 by default). */
export async function getQuests(client: ApiClient, query: QuestListQuery, signal?: AbortSignal) {
  return unwrap(
    await client.request(questsRoutes.questList, {
      query: definedQuery(query) as never,
      ...(signal ? { signal } : {}),
    }),
  );
}

export function questsQueryOptions(client: ApiClient, query: QuestListQuery) {
  const clean = definedQuery(query);
  return queryOptions({
    queryKey: questListQueryKey(clean),
    queryFn: ({ signal }) => getQuests(client, clean, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQuests(query: QuestListQuery = {}) {
  const { client } = useApi();
  return useQuery(questsQueryOptions(client, query));
}
