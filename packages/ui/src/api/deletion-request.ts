import type { ApiClient } from '@khel/core/client';
import { accountDeletionRoutes, type DeletionState } from '@khel/core/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/api-result.ts';
import { useApi } from '../providers/api-context.ts';

export const deletionStateQueryKey = ['users', 'me', 'deletion-request'] as const;

/** GET /users/me/deletion-request: whether a deletion is pending and when it happens. */
export async function getDeletionState(client: ApiClient, signal?: AbortSignal): Promise<DeletionState> {
  return unwrap(await client.request(accountDeletionRoutes.deletionState, signal ? { signal } : {}));
}

/** POST /users/me/deletion-request (202): the account is erased after the grace period. */
export async function requestDeletion(client: ApiClient): Promise<DeletionState> {
  return unwrap(await client.request(accountDeletionRoutes.requestDeletion));
}

/** DELETE /users/me/deletion-request: cancels within the grace period. */
export async function cancelDeletion(client: ApiClient): Promise<DeletionState> {
  return unwrap(await client.request(accountDeletionRoutes.cancelDeletion));
}

export function useDeletionState() {
  const { client } = useApi();
  return useQuery(
    queryOptions({
      queryKey: deletionStateQueryKey,
      queryFn: ({ signal }) => getDeletionState(client, signal),
    }),
  );
}

export function useRequestDeletion() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestDeletion(client),
    onSuccess: (state) => queryClient.setQueryData(deletionStateQueryKey, state),
  });
}

export function useCancelDeletion() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelDeletion(client),
    onSuccess: (state) => queryClient.setQueryData(deletionStateQueryKey, state),
  });
}
