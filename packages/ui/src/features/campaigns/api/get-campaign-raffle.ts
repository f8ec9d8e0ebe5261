import type { ApiClient } from '@khel/core/client';
import { campaignsRoutes, type Raffle } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignRaffleQueryKey } from './campaign-keys.ts';

/** GET /campaigns/:id/raffle: the seed's hash, the revealed seed, the sorted entrants and the drawn ids. */
export async function getCampaignRaffle(
  client: ApiClient,
  campaignId: string,
  signal?: AbortSignal,
): Promise<Raffle> {
  return unwrap(
    await client.request(campaignsRoutes.campaignRaffle, {
      params: { campaignId },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useCampaignRaffle(campaignId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: campaignRaffleQueryKey(campaignId),
      queryFn: ({ signal }) => getCampaignRaffle(client, campaignId, signal),
      enabled,
    }),
  );
}
