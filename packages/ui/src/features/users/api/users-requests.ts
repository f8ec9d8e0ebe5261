import type { ApiClient } from '@khel/core/client';
import { type PublicUser, type UserActivity, type UserNft, usersRoutes } from '@khel/core/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shouldRetry, unwrap } from '../../../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../../../providers/api-context.ts';

/** One request per route of the users capability (search, recent, NFTs, activity); by username and
 * batch details have their own files. */

export async function searchGamers(
  client: ApiClient,
  q: string,
  signal?: AbortSignal,
): Promise<PublicUser[]> {
  const data = unwrap(
    await client.request(usersRoutes.userSearch, {
      query: { q, page: 1, limit: 8 },
      ...(signal ? { signal } : {}),
    }),
  );
  return data.users;
}

export function useGamerSearch(q: string) {
  const { client } = useApi();
  const text = q.trim();
  return useQuery(
    queryOptions({
      queryKey: ['users', 'search', text.toLowerCase()] as const,
      queryFn: ({ signal }) => searchGamers(client, text, signal),
      enabled: text.length > 0,
      staleTime: 30_000,
      retry: shouldRetry,
    }),
  );
}

const recentKey = ['users', 'recent-searches'] as const;

export function useRecentSearches() {
  const { client } = useApi();
  const signedIn = useIsSignedIn();
  return useQuery(
    queryOptions({
      queryKey: recentKey,
      queryFn: async ({ signal }) =>
        unwrap(await client.request(usersRoutes.userRecentSearches, { signal })).users,
      enabled: signedIn,
    }),
  );
}

export function useRecordRecentSearch() {
  const { client } = useApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async (userId: string) =>
      unwrap(await client.request(usersRoutes.userRecordRecentSearch, { body: { userId } })).users,
    onSuccess: (users) => queries.setQueryData(recentKey, users),
  });
}

export function useClearRecentSearches() {
  const { client } = useApi();
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.request(usersRoutes.userClearRecentSearches, {})).users,
    onSuccess: () => queries.setQueryData(recentKey, []),
  });
}

export function useMyNfts() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: ['users', 'me', 'nfts'] as const,
      queryFn: async ({ signal }): Promise<UserNft[]> =>
        unwrap(await client.request(usersRoutes.userNfts, { signal })).nfts,
      retry: shouldRetry,
    }),
  );
}

export function useMyActivity(page: number) {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: ['users', 'me', 'activity', page] as const,
      queryFn: async ({ signal }): Promise<{ items: UserActivity[]; isLastPage: boolean }> =>
        unwrap(await client.request(usersRoutes.userActivity, { query: { page, limit: 10 }, signal })),
      retry: shouldRetry,
    }),
  );
}
