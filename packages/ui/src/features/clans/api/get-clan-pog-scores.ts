import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanPogScoresQueryKey } from './clan-keys.ts';

/** GET /platform-clans/:clanId/pog-scores: 0 until the clan's members mint POG cards. */
export async function getClanPogScores(client: ApiClient, clanId: string, signal?: AbortSignal) {
  return unwrap(
    await client.request(clansRoutes.clanPogScores, { params: { clanId }, ...(signal ? { signal } : {}) }),
  );
}

export function useClanPogScores(clanId: string | null) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanPogScoresQueryKey(clanId ?? ''),
    queryFn: ({ signal }) => getClanPogScores(client, clanId ?? '', signal),
    enabled: Boolean(clanId),
  });
}
