import type { ApiClient } from '@khel/core/client';
import { type CampaignProgress, campaignsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignProgressQueryKey } from './campaign-keys.ts';

/** PUT /campaigns/:id/remind ("Notify me": the bot says when it goes live) or DELETE to take it back. */
export async function remindCampaign(client: ApiClient, campaignId: string, reminded: boolean) {
  const route = reminded ? campaignsRoutes.remindCampaign : campaignsRoutes.unremindCampaign;
  return unwrap(await client.request(route, { params: { campaignId } }));
}

export function useRemindCampaign(campaignId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reminded: boolean) => remindCampaign(client, campaignId, reminded),
    onSuccess: ({ reminded }) =>
      queryClient.setQueryData<CampaignProgress>(campaignProgressQueryKey(campaignId), (old) =>
        old ? { ...old, reminded } : old,
      ),
  });
}
