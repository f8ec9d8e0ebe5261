import type { ApiClient } from '@khel/core/client';
import { clansRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateClans } from './clan-keys.ts';

/** POST /platform-clans/me/quests: a live quest becomes a clan quest with a target number of members. */
export async function addClanQuest(client: ApiClient, body: { questSlug: string; target: number }) {
  return unwrap(await client.request(clansRoutes.addClanQuest, { body }));
}

export function useAddClanQuest() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { questSlug: string; target: number }) => addClanQuest(client, body),
    onSuccess: () => invalidateClans(queryClient),
  });
}
