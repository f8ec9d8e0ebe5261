import type { ApiClient } from '@khel/core/client';
import { type CampaignReferral, campaignsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignReferralQueryKey } from './campaign-keys.ts';

/** GET /campaigns/:id/referral-code (userReferralInfo): the user's code, invite links and referral progress. */
export async function getCampaignReferral(
  client: ApiClient,
  campaignId: string,
  signal?: AbortSignal,
): Promise<CampaignReferral> {
  return unwrap(
    await client.request(campaignsRoutes.campaignReferral, {
      params: { campaignId },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useCampaignReferral(campaignId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: campaignReferralQueryKey(campaignId),
      queryFn: ({ signal }) => getCampaignReferral(client, campaignId, signal),
      enabled,
    }),
  );
}
