import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** DELETE /platform-clans/me: the chief deletes the clan (minDaysBeforeClanDelete after its creation). */
export async function deleteClan(client: ApiClient) {
  return unwrap(await client.request(clansRoutes.deleteMyClan, {}));
}

export function useDeleteClan() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => deleteClan(client),
    onSuccess: () => invalidateClans(queryClient),
  });
}
