import type { QueryClient } from '@tanstack/react-query';
import { invalidateMoney } from '../../../api/money-keys.ts';

/** Query keys of the campaigns feature: every key starts with `campaigns` (leaderboards: `leaderboards`). */
export const campaignsRootKey = ['campaigns'] as const;
export const campaignListQueryKey = (query: Record<string, string | undefined>) =>
  [...campaignsRootKey, 'list', query] as const;
export const campaignQueryKey = (slug: string) => [...campaignsRootKey, 'by-slug', slug] as const;
/** The signed-in user's own answers (dropped on sign-out with the rest of the cache). */
export const campaignProgressQueryKey = (campaignId: string) =>
  [...campaignsRootKey, 'progress', campaignId] as const;
export const campaignReferralQueryKey = (campaignId: string) =>
  [...campaignsRootKey, 'referral', campaignId] as const;
export const campaignRaffleQueryKey = (campaignId: string) =>
  [...campaignsRootKey, 'raffle', campaignId] as const;
export const leaderboardsRootKey = ['leaderboards'] as const;
export const leaderboardTopQueryKey = (leaderboardId: string) =>
  [...leaderboardsRootKey, 'participants', leaderboardId] as const;
export const contributionQueryKey = (leaderboardId: string) =>
  [...leaderboardsRootKey, 'contribution', leaderboardId] as const;

/** The earnings screen's root key (a claim adds an earning to collect). */
const EARNINGS_ROOT_KEY = ['collect-earning'] as const;

/**
 * After a start, a validation, a proof or a claim: the user's progress, the campaign (slots,
 * participants), the lists and the boards are asked again; a claim also moved money.
 */
export function invalidateCampaignProgress(
  queryClient: QueryClient,
  campaignId: string,
  { claimed = false }: { claimed?: boolean } = {},
): Promise<void> {
  const jobs: Promise<unknown>[] = [
    queryClient.invalidateQueries({ queryKey: campaignProgressQueryKey(campaignId) }),
    queryClient.invalidateQueries({ queryKey: [...campaignsRootKey, 'by-slug'] }),
    queryClient.invalidateQueries({ queryKey: [...campaignsRootKey, 'list'] }),
    queryClient.invalidateQueries({ queryKey: leaderboardsRootKey }),
  ];
  if (claimed) {
    jobs.push(invalidateMoney(queryClient));
    jobs.push(queryClient.invalidateQueries({ queryKey: EARNINGS_ROOT_KEY }));
  }
  return Promise.all(jobs).then(() => undefined);
}
