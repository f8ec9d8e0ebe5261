import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

/** POST /userquest/proofs/v2: a link proof. */
export async function addLinkProof(
  client: ApiClient,
  body: { questId: string; taskId: string; link: string },
) {
  return unwrap(await client.request(questsRoutes.proofLink, { body }));
}

export function useAddLinkProof() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { questId: string; taskId: string; link: string }) => addLinkProof(client, body),
    onSuccess: (_proof, { questId }) => invalidateQuestProgress(queryClient, questId),
  });
}
