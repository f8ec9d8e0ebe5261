import type { ApiClient } from '@khel/core/client';
import { type Friends, type Referral, referralsRoutes } from '@khel/core/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';

export const referralQueryKey = ['referral', 'code'] as const;
export const friendsQueryKey = ['referral', 'friends'] as const;

/** GET /referral/code: the user's code and its invite links (null until made). */
export async function getReferral(client: ApiClient, signal?: AbortSignal): Promise<Referral> {
  return unwrap(await client.request(referralsRoutes.referral, signal ? { signal } : {}));
}

/** GET /referral/friends: a page of the friends who joined, newest first. */
export async function getFriends(client: ApiClient, after?: string, signal?: AbortSignal): Promise<Friends> {
  return unwrap(
    await client.request(referralsRoutes.friends, {
      query: after ? { after } : {},
      ...(signal ? { signal } : {}),
    }),
  );
}

export function useReferral() {
  const { client } = useApi();
  return useQuery({ queryKey: referralQueryKey, queryFn: ({ signal }) => getReferral(client, signal) });
}

/** POST /referral/code: makes the code once (the same one every time); the answer is the new view. */
export function useCreateInviteLink() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap(await client.request(referralsRoutes.createReferralCode, {})),
    onSuccess: (referral) => queryClient.setQueryData(referralQueryKey, referral),
  });
}

/** The friends, a page at a time (`fetchNextPage` follows the cursor). */
export function useFriends() {
  const { client } = useApi();
  return useInfiniteQuery({
    queryKey: friendsQueryKey,
    queryFn: ({ pageParam, signal }) => getFriends(client, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}
