import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** POST /platform-clans/me/handover: a member becomes the chief; the old chief stays a member. */
export async function handOverClan(client: ApiClient, userId: string) {
  return unwrap(await client.request(clansRoutes.handOverClan, { body: { userId } }));
}

export function useHandOverClan() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => handOverClan(client, userId),
    onSuccess: () => invalidateClans(queryClient),
  });
}
