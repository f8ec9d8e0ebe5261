import type { CampaignDetails, CampaignProgress } from '@khel/core/contract';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state.tsx';
import { TaskCard } from '../../../components/tasks/task-card.tsx';
import { TaskProgress } from '../../../components/tasks/task-progress.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import { currentTaskId, initialTaskState } from '../../../lib/task-view.ts';
import { useCampaignTaskActions } from '../api/task-actions.ts';
import type { CampaignAction } from '../hooks/use-campaign-action.ts';

interface CampaignTasksProps {
  campaign: CampaignDetails;
  progress: CampaignProgress | undefined;
  /** The progress request, when it failed (signed in). */
  progressError: { error: unknown; retry: () => void } | null;
  action: CampaignAction;
  done: number;
  total: number;
  /** The tasks can be done now (Get started or Continue tasks). */
  live: boolean;
  onPrimaryAction?: PrimaryActionListener;
  openUrl?: (url: string) => void;
}

/** The campaign's tasks: progress and one task card each (the quests' TaskCard); the current task's is the main action. */
export function CampaignTasks({
  campaign,
  progress,
  progressError,
  action,
  done,
  total,
  live,
  onPrimaryAction,
  openUrl,
}: CampaignTasksProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const taskActions = useCampaignTaskActions(campaign);
  const current = currentTaskId(campaign.tasks, progress);
  return (
    <>
      <h2 className="campaign-section__title" id="campaign-tasks" ref={action.tasksRef}>
        {t('campaigns.details.tasks')}
      </h2>
      {action.started && (
        <TaskProgress done={done} total={total} label={t('campaigns.details.progress', { done, total })} />
      )}
      {progressError && (
        <ErrorState message={describeError(progressError.error)} onRetry={progressError.retry} />
      )}
      <ol className="task-list">
        {campaign.tasks.map((task, i) => (
          <li key={task.id}>
            <TaskCard
              actions={taskActions}
              task={task}
              number={i + 1}
              progress={progress?.tasks.find((p) => p.taskId === task.id)}
              initial={initialTaskState(task, campaign.tasks, progress?.tasks)}
              ensureReady={action.ensureReady}
              onPrimaryAction={!action.actionable && task.id === current ? onPrimaryAction : undefined}
              openUrl={openUrl}
              note={t('campaigns.details.points', { count: task.points })}
              readOnly={!live}
            />
          </li>
        ))}
      </ol>
    </>
  );
}
