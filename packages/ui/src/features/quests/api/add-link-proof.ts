import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addLinkProof } from '../../../api/task-proofs.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';

export { addLinkProof };

export function useAddLinkProof() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { questId: string; taskId: string; link: string }) => addLinkProof(client, body),
    onSuccess: (_proof, { questId }) => invalidateQuestProgress(queryClient, questId),
  });
}
