import type { ApiClient } from '@khel/core/client';
import { campaignsRoutes, referralsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { deviceId } from '../lib/device-id.ts';
import { campaignProgressQueryKey, invalidateCampaignProgress } from './campaign-keys.ts';

/**
 * POST /campaigns/:id/start (Get started), after applying the code of the campaign's invite link:
 * eligibility is checked (403 with the reasons) and an
 * entry over the IP or device caps is held; the device id counts for the device cap.
 */
export async function startCampaign(client: ApiClient, campaignId: string) {
  // A visitor who came by the campaign's invite link (?ref=<code>) becomes the referrer's invitee
  // before entering; a refused code (own, already invited) changes nothing. (Other pages keep the code
  // with ReferralCapture, which applies it on /home.)
  const code = typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('ref');
  if (code) await client.request(referralsRoutes.applyReferral, { body: { code } }).catch(() => undefined);
  const device = deviceId();
  return unwrap(
    await client.request(campaignsRoutes.startCampaign, {
      params: { campaignId },
      body: device ? { deviceId: device } : {},
    }),
  );
}

export function useStartCampaign() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => startCampaign(client, campaignId),
    onSuccess: (progress, campaignId) =>
      queryClient.setQueryData(campaignProgressQueryKey(campaignId), progress),
    onSettled: (_data, _error, campaignId) => invalidateCampaignProgress(queryClient, campaignId),
  });
}
