import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sendTaskProof } from '../../../api/task-proofs.ts';
import type { TaskActions } from '../../../components/tasks/task-card.tsx';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress } from './quest-keys.ts';
import { useValidateTask } from './validate-task.ts';

/** A quest's task cards validate through /userquest/task/validate and send proofs for this quest. */
export function useQuestTaskActions(questId: string): TaskActions {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const { mutateAsync } = useValidateTask();
  return useMemo(
    () => ({
      validate: (input) => mutateAsync({ questId, ...input }),
      sendProof: async (proof) => {
        await sendTaskProof(client, questId, proof);
        await invalidateQuestProgress(queryClient, questId);
      },
    }),
    [client, queryClient, mutateAsync, questId],
  );
}
