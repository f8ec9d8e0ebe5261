import type { ApiClient } from '@khel/core/client';
import { campaignsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignProgressQueryKey, invalidateCampaignProgress } from './campaign-keys.ts';

export interface ValidateCampaignTaskInput {
  campaignId: string;
  taskId: string;
  value?: string;
}

/** POST /campaigns/:id/task/validate: points count at once; the last task finishes the entry. */
export async function validateCampaignTask(
  client: ApiClient,
  { campaignId, ...body }: ValidateCampaignTaskInput,
) {
  return unwrap(await client.request(campaignsRoutes.validateCampaignTask, { params: { campaignId }, body }));
}

export function useValidateCampaignTask() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ValidateCampaignTaskInput) => validateCampaignTask(client, input),
    onSuccess: (result, { campaignId }) => {
      // The new progress shows at once; the campaign, the lists and the board are asked again.
      queryClient.setQueryData(campaignProgressQueryKey(campaignId), result.progress);
      return invalidateCampaignProgress(queryClient, campaignId);
    },
  });
}
