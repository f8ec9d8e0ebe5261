import type { ApiClient } from '@khel/core/client';
import { type CampaignListState, campaignsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { definedQuery } from '../../../lib/defined-query.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignListQueryKey } from './campaign-keys.ts';

export interface CampaignListQuery {
  status: CampaignListState;
  featured?: 'true' | 'false' | undefined;
  upcoming?: 'true' | 'false' | undefined;
}

/** GET /campaigns/by-state: live, upcoming or ended campaigns (featured ones only with `featured`). */
export async function getCampaigns(client: ApiClient, query: CampaignListQuery, signal?: AbortSignal) {
  return unwrap(
    await client.request(campaignsRoutes.campaignsByState, {
      query: definedQuery(query),
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useCampaigns(query: CampaignListQuery) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: campaignListQueryKey(definedQuery(query)),
      queryFn: ({ signal }) => getCampaigns(client, query, signal),
    }),
  );
}
