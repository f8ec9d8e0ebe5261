import type { ApiClient } from '@khel/core/client';
import { type PublicUser, USER_BATCH_MAX, usersRoutes } from '@khel/core/contract';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { shouldRetry, unwrap } from '../lib/api-result.ts';
import { useApi, useIsSignedIn } from '../providers/api-context.ts';

/** How long a gamer's details are reused before they are asked again. */
const DETAILS_FRESH_MS = 5 * 60_000;

/** One gamer's details, cached per id (null: the server does not know the id, or the account is gone). */
export const userDetailsQueryKey = (id: string) => ['users', 'details', id.toLowerCase()] as const;

/** The key of one list's look-up (the ids lower-cased, de-duplicated and sorted). */
export const usersDetailsQueryKey = (ids: readonly string[]) =>
  ['users', 'details', 'batch', [...new Set(ids.map((id) => id.toLowerCase()))].sort()] as const;

/** POST /users/batch-details: public details of up to 100 ids, unknown ones left out. */
export async function getUsersDetails(
  client: ApiClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<PublicUser[]> {
  return unwrap(
    await client.request(usersRoutes.userBatchDetails, {
      body: { ids: [...ids] },
      ...(signal ? { signal } : {}),
    }),
  ).users;
}

function freshDetails(queryClient: QueryClient, id: string): PublicUser | null | undefined {
  const state = queryClient.getQueryState<PublicUser | null>(userDetailsQueryKey(id));
  if (state?.status !== 'success' || Date.now() - state.dataUpdatedAt > DETAILS_FRESH_MS) return undefined;
  return state.data ?? null;
}

/**
 * Details of the ids not fresh in the cache, asked in batches of 100 and kept per id, so a list that grows
 * (load more) or another screen with the same gamers asks only for the new ones. Answers id → details.
 */
export async function loadUsersDetails(
  client: ApiClient,
  queryClient: QueryClient,
  ids: readonly string[],
  signal?: AbortSignal,
): Promise<Record<string, PublicUser>> {
  const wanted = [...new Set(ids.map((id) => id.toLowerCase()))];
  const missing = wanted.filter((id) => freshDetails(queryClient, id) === undefined);
  for (let start = 0; start < missing.length; start += USER_BATCH_MAX) {
    const batch = missing.slice(start, start + USER_BATCH_MAX);
    const found = new Map((await getUsersDetails(client, batch, signal)).map((u) => [u.id.toLowerCase(), u]));
    for (const id of batch) queryClient.setQueryData(userDetailsQueryKey(id), found.get(id) ?? null);
  }
  const out: Record<string, PublicUser> = {};
  for (const id of wanted) {
    const user = queryClient.getQueryData<PublicUser | null>(userDetailsQueryKey(id));
    if (user) out[id] = user;
  }
  return out;
}

/** Public details of these gamers (signed in), by lower-case id; ids the server does not know are missing. */
export function useUsersDetails(ids: readonly string[]) {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const signedIn = useIsSignedIn();
  const queryKey = usersDetailsQueryKey(ids);
  const wanted = queryKey[3];
  return useQuery(
    queryOptions({
      queryKey,
      queryFn: ({ signal }) => loadUsersDetails(client, queryClient, wanted, signal),
      enabled: signedIn && wanted.length > 0,
      staleTime: DETAILS_FRESH_MS,
      retry: shouldRetry,
    }),
  );
}
