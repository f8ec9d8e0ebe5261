import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** DELETE /platform-clans/:clanId/join: withdraws a join request. */
export async function cancelClanRequest(client: ApiClient, clanId: string) {
  return unwrap(await client.request(clansRoutes.cancelClanRequest, { params: { clanId } }));
}

export function useCancelClanRequest() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clanId: string) => cancelClanRequest(client, clanId),
    onSuccess: () => invalidateClans(queryClient),
  });
}
