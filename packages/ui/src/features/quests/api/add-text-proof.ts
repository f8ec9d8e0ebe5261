import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

/** POST /userquest/proofs/v1: a text proof. */
export async function addTextProof(
  client: ApiClient,
  body: { questId: string; taskId: string; text: string },
) {
  return unwrap(await client.request(questsRoutes.proofText, { body }));
}

export function useAddTextProof() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { questId: string; taskId: string; text: string }) => addTextProof(client, body),
    onSuccess: (_proof, { questId }) => invalidateQuestProgress(queryClient, questId),
  });
}
