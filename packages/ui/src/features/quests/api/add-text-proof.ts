import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addTextProof } from '../../../api/task-proofs.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

export { addTextProof };

export function useAddTextProof() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { questId: string; taskId: string; text: string }) => addTextProof(client, body),
    onSuccess: (_proof, { questId }) => invalidateQuestProgress(queryClient, questId),
  });
}
