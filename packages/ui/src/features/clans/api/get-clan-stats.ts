import type { ApiClient } from '@khel/core/client';
import { type ClanStats, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanStatsQueryKey } from './clan-keys.ts';

/** GET /platform-clans/:clanId/stats: score, tier, rank and activity. */
export async function getClanStats(
  client: ApiClient,
  clanId: string,
  signal?: AbortSignal,
): Promise<ClanStats> {
  return unwrap(
    await client.request(clansRoutes.clanStats, { params: { clanId }, ...(signal ? { signal } : {}) }),
  );
}

export function useClanStats(clanId: string | null) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanStatsQueryKey(clanId ?? ''),
    queryFn: ({ signal }) => getClanStats(client, clanId ?? '', signal),
    enabled: Boolean(clanId),
  });
}
