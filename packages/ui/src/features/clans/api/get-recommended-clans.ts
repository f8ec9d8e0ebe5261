import type { ApiClient } from '@khel/core/client';
import { type ClanPage, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanListQueryKey } from './clan-keys.ts';

/** How many recommendations the discover screen shows. */
export const RECOMMENDED_LIMIT = 6;

/** GET /platform-clans/recommended: same college, then city, then country; open clans first. */
export async function getRecommendedClans(client: ApiClient, signal?: AbortSignal): Promise<ClanPage> {
  return unwrap(
    await client.request(clansRoutes.clanRecommended, {
      query: { page: 1, limit: RECOMMENDED_LIMIT },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useRecommendedClans({ enabled }: { enabled: boolean }) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanListQueryKey('recommended'),
    queryFn: ({ signal }) => getRecommendedClans(client, signal),
    enabled,
  });
}
