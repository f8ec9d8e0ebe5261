import type { ApiClient } from '@khel/core/client';
import { type ClanDetail, clansRoutes } from '@khel/core/contract';
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { clanQueryKey } from './clan-keys.ts';

/** GET /platform-clans/:clanId: the clan's page, with the reader's role and (members) the invite links. */
export async function getClan(client: ApiClient, clanId: string, signal?: AbortSignal): Promise<ClanDetail> {
  return unwrap(
    await client.request(clansRoutes.clanDetail, { params: { clanId }, ...(signal ? { signal } : {}) }),
  );
}

export function useClan(clanId: string | null) {
  const { client } = useApi();
  return useQuery({
    queryKey: clanQueryKey(clanId ?? ''),
    queryFn: ({ signal }) => getClan(client, clanId ?? '', signal),
    enabled: Boolean(clanId),
  });
}
