import type { ApiClient } from '@khel/core/client';
import { type ClanQuest, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanQuestsQueryKey } from './clan-keys.ts';

/** GET /userquest/clanchief/v2: the clan's quests with the members' completions. */
export async function getClanQuests(client: ApiClient, signal?: AbortSignal): Promise<ClanQuest[]> {
  return unwrap(await client.request(clansRoutes.clanChiefQuests, signal ? { signal } : {})).quests;
}

export function useClanQuests({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanQuestsQueryKey,
    queryFn: ({ signal }) => getClanQuests(client, signal),
    enabled,
  });
}
