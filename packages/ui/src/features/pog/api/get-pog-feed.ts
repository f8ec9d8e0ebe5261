import type { ApiClient } from '@khel/core/client';
import { type PogFeed, type PogFeedPage, pogRoutes } from '@khel/core/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';
import { pogFeedPagesQueryKey, pogFeedQueryKey } from './pog-keys.ts';

const FEED_ROUTES = {
  legendary: pogRoutes.pogFeedLegendary,
  all: pogRoutes.pogFeedAll,
  clan: pogRoutes.pogFeedClan,
} as const;

/**
 * GET /pog/feeds/legendary | all | clan (highlighted=true: the highlighted strip). The public feeds go
 * with the token when there is one, so `likedByMe` is the reader's.
 */
export async function getPogFeed(
  client: ApiClient,
  feed: PogFeed,
  { highlighted = false, signedIn = false, limit = 20, page = 1 } = {},
  signal?: AbortSignal,
): Promise<PogFeedPage> {
  const base = FEED_ROUTES[feed];
  const route = signedIn ? { ...base, auth: 'bearer' as const } : base;
  return unwrap(
    await client.request(route, {
      query: { page, limit, ...(highlighted ? { highlighted: 'true' as const } : {}) },
      ...(signal ? { signal } : {}),
    }),
  );
}

export function usePogFeed(feed: PogFeed, { highlighted = false, enabled = true, limit = 20 } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: pogFeedQueryKey(feed, highlighted),
    queryFn: ({ signal }) => getPogFeed(client, feed, { highlighted, signedIn, limit }, signal),
    // The clan feed needs a signed-in member.
    enabled: enabled && (feed !== 'clan' || signedIn),
  });
}

/** A feed with "Load more": a page at a time until `isLastCard`. */
export function usePogFeedPages(feed: PogFeed, { enabled = true, limit = 20 } = {}) {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useInfiniteQuery({
    queryKey: pogFeedPagesQueryKey(feed),
    queryFn: ({ pageParam, signal }) =>
      getPogFeed(client, feed, { signedIn, limit, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: PogFeedPage) => (last.isLastCard ? undefined : last.page + 1),
    enabled: enabled && (feed !== 'clan' || signedIn),
  });
}
