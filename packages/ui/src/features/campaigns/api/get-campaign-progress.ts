import type { ApiClient } from '@khel/core/client';
import { type CampaignProgress, campaignsRoutes } from '@khel/core/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignProgressQueryKey } from './campaign-keys.ts';

/** GET /campaigns/:id/progress (userCampaignProgressInfo): entry, tasks, points, rank, eligibility, claims, button. */
export async function getCampaignProgress(
  client: ApiClient,
  campaignId: string,
  signal?: AbortSignal,
): Promise<CampaignProgress> {
  return unwrap(
    await client.request(campaignsRoutes.campaignProgress, {
      params: { campaignId },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useCampaignProgress(campaignId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: campaignProgressQueryKey(campaignId),
      queryFn: ({ signal }) => getCampaignProgress(client, campaignId, signal),
      enabled,
    }),
  );
}
