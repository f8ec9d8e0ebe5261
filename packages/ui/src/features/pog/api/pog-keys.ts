import type { PogFeed, PogLeaderboardTab, PogMintStatus } from '@khel/core/contract';
import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the POG feature: every key starts with `pog`. */
export const pogRootKey = ['pog'] as const;
/** The signed-in user's place in the mint flow (the server drives it; every write answers it). */
export const mintStatusQueryKey = [...pogRootKey, 'mint', 'status'] as const;
export const mintCatalogueQueryKey = [...pogRootKey, 'mint', 'catalogue'] as const;
export const randomVariantsQueryKey = (theme: string | null, round: number) =>
  [...pogRootKey, 'mint', 'random', theme ?? 'any', round] as const;
export const nameAvailableQueryKey = (name: string) =>
  [...pogRootKey, 'mint', 'name', name.toLowerCase()] as const;
export const myPogQueryKey = [...pogRootKey, 'me'] as const;
export const pogFeedQueryKey = (feed: PogFeed, highlighted = false) =>
  [...pogRootKey, 'feed', feed, highlighted ? 'highlighted' : 'all'] as const;
export const pogFeedsKey = [...pogRootKey, 'feed'] as const;
/** A feed's pages for "Load more" (the feed tabs). */
export const pogFeedPagesQueryKey = (feed: PogFeed) => [...pogRootKey, 'feed', feed, 'pages'] as const;
export const pogShowcaseQueryKey = (username: string) =>
  [...pogRootKey, 'showcase', username.toLowerCase()] as const;
export const pogLeaderboardQueryKey = (tab: PogLeaderboardTab) =>
  [...pogRootKey, 'leaderboard', tab] as const;
export const pogReferralsQueryKey = [...pogRootKey, 'referrals'] as const;

/**
 * A write answered the new status: it is the status at once; the dashboard and feeds (where the card
 * shows) are asked again when the card may have changed.
 */
export function applyMintStatus(queryClient: QueryClient, status: PogMintStatus): void {
  queryClient.setQueryData(mintStatusQueryKey, status);
  if (status.state === 'Minted' || status.state === 'MintInProgress')
    void queryClient.invalidateQueries({ queryKey: myPogQueryKey });
}
