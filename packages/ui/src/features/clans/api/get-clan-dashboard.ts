import type { ApiClient } from '@khel/core/client';
import { type ClanDashboard, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanDashboardQueryKey } from './clan-keys.ts';

/** GET /platform-clans/me/dashboard: members × clan quests (k_quest) or × live campaigns (k_drop). */
export async function getClanDashboard(client: ApiClient, signal?: AbortSignal): Promise<ClanDashboard> {
  return unwrap(await client.request(clansRoutes.myClanDashboard, signal ? { signal } : {}));
}

export function useClanDashboard({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanDashboardQueryKey,
    queryFn: ({ signal }) => getClanDashboard(client, signal),
    enabled,
  });
}
