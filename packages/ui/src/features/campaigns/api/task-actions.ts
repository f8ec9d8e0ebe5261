import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { sendTaskProof } from '../../../api/task-proofs.ts';
import type { TaskActions } from '../../../components/tasks/task-card.tsx';
import { useApi } from '../../../providers/api-context.ts';
import { invalidateCampaignProgress } from './campaign-keys.ts';
import { useValidateCampaignTask } from './validate-campaign-task.ts';

/**
 * A campaign's task cards (the quests' TaskCard) validate through /campaigns/:id/task/validate and
 * send proofs to /userquest/proofs with the campaign's quest row (`questId`).
 */
export function useCampaignTaskActions(campaign: { id: string; questId: string }): TaskActions {
  const { client } = useApi();
  const queryClient = useQueryClient();
  const { mutateAsync } = useValidateCampaignTask();
  const { id: campaignId, questId } = campaign;
  return useMemo(
    () => ({
      validate: (input) => mutateAsync({ campaignId, ...input }),
      sendProof: async (proof) => {
        await sendTaskProof(client, questId, proof);
        await invalidateCampaignProgress(queryClient, campaignId);
      },
    }),
    [client, queryClient, mutateAsync, campaignId, questId],
  );
}
