import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** POST /platform-clans/me/requests/:userId/refuse (chief). */
export async function refuseClanRequest(client: ApiClient, userId: string) {
  return unwrap(await client.request(clansRoutes.refuseClanRequest, { params: { userId } }));
}

export function useRefuseClanRequest() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => refuseClanRequest(client, userId),
    onSuccess: () => invalidateClans(queryClient),
  });
}
