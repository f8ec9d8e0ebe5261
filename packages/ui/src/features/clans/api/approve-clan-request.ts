import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** POST /platform-clans/me/requests/:userId/approve (chief); refused when the clan is full. */
export async function approveClanRequest(client: ApiClient, userId: string) {
  return unwrap(await client.request(clansRoutes.approveClanRequest, { params: { userId } }));
}

export function useApproveClanRequest() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => approveClanRequest(client, userId),
    onSuccess: () => invalidateClans(queryClient),
  });
}
