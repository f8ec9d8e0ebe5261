import type { ApiClient } from '@khel/core/client';
import { questsRoutes, type ValidateTaskResult } from '@khel/core/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../../../lib/api-result.ts';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateQuestProgress, questStatusQueryKey } from './quest-keys.ts';

export interface ValidateTaskInput {
  questId: string;
  taskId: string;
  /** The special code or game login value, for tasks that ask for one. */
  value?: string;
}

/** POST /userquest/task/validate: the last task completes the quest and grants its rewards once. */
export async function validateTask(client: ApiClient, body: ValidateTaskInput): Promise<ValidateTaskResult> {
  return unwrap(await client.request(questsRoutes.validateTask, { body }));
}

export function useValidateTask() {
  const { client } = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ValidateTaskInput) => validateTask(client, body),
    onSuccess: (result, { questId }) => {
      // The task's new state shows at once; the rest is asked again.
      queryClient.setQueryData(questStatusQueryKey(questId), (old: unknown) => {
        if (!old || typeof old !== 'object') return old;
        const status = old as { tasks: ValidateTaskResult['task'][] };
        return {
          ...status,
          ...result.quest,
          tasks: status.tasks.map((t) => (t.taskId === result.task.taskId ? result.task : t)),
        };
      });
      return invalidateQuestProgress(queryClient, questId, {
        completed: result.quest.status === 'COMPLETED',
      });
    },
  });
}
