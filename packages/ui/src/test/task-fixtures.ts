import type { Task, UserTask } from '@khel/core/contract';

/** A user's task as the API answers it (quests' status and campaigns' progress both carry them). */
export function userTask(taskId: string, fields: Partial<UserTask> = {}): UserTask {
  return {
    taskId,
    status: 'PENDING',
    unlocked: true,
    message: null,
    attemptsLeft: null,
    hasProof: false,
    verifiedAt: null,
    redirectUrl: null,
    ...fields,
  };
}

/** A task as the API answers it (a quest's, or a campaign's with its points added). */
export function task(id: string, fields: Partial<Task> = {}): Task {
  return {
    id,
    position: 0,
    type: 'capture_login',
    title: `Task ${id.slice(0, 4)}`,
    description: '',
    locked: false,
    needsAction: false,
    actionUrl: null,
    input: 'none',
    loginMethod: null,
    proof: null,
    hint: null,
    translations: {},
    ...fields,
  };
}
