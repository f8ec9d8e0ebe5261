import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** POST /platform-clans/:clanId/join: a member at once (OPEN) or a request for the chief (APPROVAL). */
export async function joinClan(client: ApiClient, clanId: string) {
  return unwrap(await client.request(clansRoutes.joinClan, { params: { clanId } }));
}

export function useJoinClan() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clanId: string) => joinClan(client, clanId),
    onSuccess: () => invalidateClans(queryClient),
  });
}
