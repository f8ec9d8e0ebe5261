import type { ApiClient } from '@khel/core/client';
import { referralsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { campaignReferralQueryKey } from './campaign-keys.ts';

/** POST /referral/code: makes the user's referral code (the same one every time). */
export async function createReferralCode(client: ApiClient) {
  return unwrap(await client.request(referralsRoutes.createReferralCode, {}));
}

/** Makes the code, then asks the campaign's referral info again (its invite links appear). */
export function useCreateReferralCode(campaignId: string) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createReferralCode(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignReferralQueryKey(campaignId) }),
  });
}
