import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** DELETE /platform-clans/me/quests/:questSlug: the chief stops a clan quest. */
export async function removeClanQuest(client: ApiClient, questSlug: string) {
  return unwrap(await client.request(clansRoutes.removeClanQuest, { params: { questSlug } }));
}

export function useRemoveClanQuest() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (questSlug: string) => removeClanQuest(client, questSlug),
    onSuccess: () => invalidateClans(queryClient),
  });
}
