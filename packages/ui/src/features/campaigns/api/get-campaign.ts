import type { ApiClient } from '@khel/core/client';
import { type CampaignDetails, campaignsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignQueryKey } from './campaign-keys.ts';

/** GET /campaigns/by-slug/:slug (campaignInfo): the campaign with its tasks, rules and roadmap. */
export async function getCampaign(
  client: ApiClient,
  slug: string,
  signal?: AbortSignal,
): Promise<CampaignDetails> {
  return unwrap(
    await client.request(campaignsRoutes.campaignInfo, { params: { slug }, ...(signal ? { signal } : {}) }),
  );
}

export function useCampaign(slug: string | null) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: campaignQueryKey(slug ?? ''),
      queryFn: ({ signal }) => getCampaign(client, slug ?? '', signal),
      enabled: Boolean(slug),
    }),
  );
}
