import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { followedHubsQueryKey } from './quest-keys.ts';

/** GET /quest/hubs/followed: the slugs of the partner hubs the signed-in user follows. */
export async function getFollowedHubs(client: ApiClient, signal?: AbortSignal): Promise<string[]> {
  return unwrap(await client.request(questsRoutes.followedHubs, signal ? { signal } : {})).hubs;
}

/** PUT (follow) or DELETE (stop following) /quest/hubs/:slug/follow. */
export async function setHubFollowed(client: ApiClient, slug: string, following: boolean) {
  const route = following ? questsRoutes.followHub : questsRoutes.unfollowHub;
  return unwrap(await client.request(route, { params: { slug } }));
}

export function useFollowedHubs({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: followedHubsQueryKey,
      queryFn: ({ signal }) => getFollowedHubs(client, signal),
      enabled,
    }),
  );
}

export function useSetHubFollowed() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ slug, following }: { slug: string; following: boolean }) =>
      setHubFollowed(client, slug, following),
    onSuccess: ({ hubSlug, following }) =>
      queryClient.setQueryData<string[]>(followedHubsQueryKey, (hubs = []) =>
        following ? [...new Set([...hubs, hubSlug])] : hubs.filter((h) => h !== hubSlug),
      ),
  });
}
