import type { ApiClient } from '@khel/core/client';
import { campaignsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { withConflictRetry } from '../../../lib/intent.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateCampaignProgress } from './campaign-keys.ts';

/**
 * POST /campaigns/:id/claim-reward with the intent's Idempotency-Key: each claimable reward becomes an
 * earning to collect, once, however often the request is sent.
 */
export async function claimCampaignReward(client: ApiClient, campaignId: string, idempotencyKey: string) {
  return unwrap(
    await client.request(campaignsRoutes.claimCampaignReward, { params: { campaignId }, idempotencyKey }),
  );
}

export function useClaimCampaignReward() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ campaignId, idempotencyKey }: { campaignId: string; idempotencyKey: string }) =>
      withConflictRetry(() => claimCampaignReward(client, campaignId, idempotencyKey)),
    onSuccess: (_claims, { campaignId }) =>
      invalidateCampaignProgress(queryClient, campaignId, { claimed: true }),
  });
}
