import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addImageProof, type ImageProofInput } from '../../../api/task-proofs.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

export { addImageProof, type ImageProofInput };

export function useAddImageProof() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImageProofInput) => addImageProof(client, input),
    onSuccess: (_proof, { questId }) => invalidateQuestProgress(queryClient, questId),
  });
}
