import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** POST /platform-clans/me/leave: members leave; a chief hands over or deletes first. */
export async function leaveClan(client: ApiClient) {
  return unwrap(await client.request(clansRoutes.leaveClan, {}));
}

export function useLeaveClan() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => leaveClan(client),
    onSuccess: () => invalidateClans(queryClient),
  });
}
