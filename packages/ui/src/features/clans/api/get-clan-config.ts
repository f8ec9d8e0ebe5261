import type { ApiClient } from '@khel/core/client';
import { type ClanConfig, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanConfigQueryKey } from './clan-keys.ts';

/** GET /platform-clans/config: waiting periods, member cap, tiers, dashboard types, the clan handbook. */
export async function getClanConfig(client: ApiClient, signal?: AbortSignal): Promise<ClanConfig> {
  return unwrap(await client.request(clansRoutes.clanConfig, signal ? { signal } : {}));
}

export function useClanConfig() {
  const { client } = useApi();
  return useQuery({
    queryKey: clanConfigQueryKey,
    queryFn: ({ signal }) => getClanConfig(client, signal),
    staleTime: 10 * 60_000,
  });
}
