import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** DELETE /platform-clans/me/members/:userId (chief). */
export async function removeClanMember(client: ApiClient, userId: string) {
  return unwrap(await client.request(clansRoutes.removeClanMember, { params: { userId } }));
}

export function useRemoveClanMember() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeClanMember(client, userId),
    onSuccess: () => invalidateClans(queryClient),
  });
}
