import type { ApiClient } from '@khel/core/client';
import { questsRoutes } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

export interface ImageProofInput {
  questId: string;
  taskId: string;
  image: Blob;
}

/** POST /userquest/proofs/v3: a JPEG image, as multipart (questId, taskId, image). */
export async function addImageProof(client: ApiClient, { questId, taskId, image }: ImageProofInput) {
  const formData = new FormData();
  formData.set('questId', questId);
  formData.set('taskId', taskId);
  formData.set('image', image, 'proof.jpg');
  return unwrap(await client.request(questsRoutes.proofImage, { formData }));
}

export function useAddImageProof() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImageProofInput) => addImageProof(client, input),
    onSuccess: (_proof, { questId }) => invalidateQuestProgress(queryClient, questId),
  });
}
