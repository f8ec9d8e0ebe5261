/** SPEC §4 task validation button labels. */
export const TASK_BUTTON_STATES = [
  'COMPLETE TASK',
  'VALIDATE',
  'VALIDATING',
  'REVALIDATE',
  'CONTINUE',
  'VERIFIED',
  'OKAY',
] as const;
export type TaskButtonState = (typeof TASK_BUTTON_STATES)[number];

/**
 * The button of the task validation modal as a state machine:
 *
 *   COMPLETE TASK --ACTION_OPENED--> VALIDATE --VALIDATE--> VALIDATING
 *   VALIDATING --SUCCEEDED--> CONTINUE (more steps) | VERIFIED (last step)
 *   VALIDATING --FAILED--> REVALIDATE --VALIDATE--> VALIDATING
 *   CONTINUE --CONTINUE--> VALIDATE (next step)
 *   OKAY: a locked task; the button only dismisses the "finish the other tasks first" notice.
 *
 * COMPLETE TASK is the start for tasks whose action happens elsewhere (follow, join a server, open
 * a link); tasks that can be checked straight away start at VALIDATE. VERIFIED is final. Events that
 * do not apply to the current state are ignored (the same state object is returned), so a double
 * click or a late response cannot move the button backwards.
 */
export interface TaskValidationState {
  button: TaskButtonState;
  /** 1-based validation step (SPEC §3 modal state: starts at 1). */
  step: number;
  totalSteps: number;
  /** The failure message of the last validation, shown next to REVALIDATE. */
  error: string | null;
}

export type TaskValidationEvent =
  | { type: 'ACTION_OPENED' }
  | { type: 'VALIDATE' }
  | { type: 'SUCCEEDED' }
  | { type: 'FAILED'; message?: string }
  | { type: 'CONTINUE' }
  | { type: 'UNLOCKED' }
  | { type: 'RESET' };

export interface TaskForValidation {
  id: string;
  /** The task is shown and counts toward completion. */
  active: boolean;
  completed: boolean;
  /** A locked task opens only when every other active, unlocked task is completed. */
  locked: boolean;
  /** The user must do something outside the app before validating (SPEC task types: follow, join…). */
  needsAction?: boolean;
  /** Validation steps (e.g. capture login details, then game API validation). Default 1. */
  steps?: number;
}

/**
 * SPEC §4 "A locked task needs all active tasks completed": every other active task that is not
 * itself locked must be completed. Other locked tasks are left out so two locked tasks cannot wait
 * on each other forever.
 */
export function isTaskUnlocked(task: TaskForValidation, tasks: readonly TaskForValidation[]): boolean {
  if (!task.locked) return true;
  return tasks.every((t) => t.id === task.id || !t.active || t.locked || t.completed);
}

export function initialTaskValidationState(
  task: TaskForValidation,
  tasks: readonly TaskForValidation[],
): TaskValidationState {
  const totalSteps = Math.max(1, task.steps ?? 1);
  const base = { step: 1, totalSteps, error: null };
  if (task.completed) return { ...base, step: totalSteps, button: 'VERIFIED' };
  if (!isTaskUnlocked(task, tasks)) return { ...base, button: 'OKAY' };
  return { ...base, button: task.needsAction ? 'COMPLETE TASK' : 'VALIDATE' };
}

export function taskValidationReducer(
  state: TaskValidationState,
  event: TaskValidationEvent,
  /** Needed for UNLOCKED and RESET, which go back to the task's initial state. */
  context?: { task: TaskForValidation; tasks: readonly TaskForValidation[] },
): TaskValidationState {
  switch (event.type) {
    case 'ACTION_OPENED':
      return state.button === 'COMPLETE TASK' ? { ...state, button: 'VALIDATE' } : state;
    case 'VALIDATE':
      return state.button === 'VALIDATE' || state.button === 'REVALIDATE'
        ? { ...state, button: 'VALIDATING', error: null }
        : state;
    case 'SUCCEEDED':
      if (state.button !== 'VALIDATING') return state;
      return { ...state, button: state.step < state.totalSteps ? 'CONTINUE' : 'VERIFIED' };
    case 'FAILED':
      return state.button === 'VALIDATING'
        ? { ...state, button: 'REVALIDATE', error: event.message ?? null }
        : state;
    case 'CONTINUE':
      return state.button === 'CONTINUE' ? { ...state, button: 'VALIDATE', step: state.step + 1 } : state;
    case 'UNLOCKED':
      if (state.button !== 'OKAY' || !context) return state;
      return initialTaskValidationState(context.task, context.tasks);
    case 'RESET':
      return context && state.button !== 'VERIFIED'
        ? initialTaskValidationState(context.task, context.tasks)
        : state;
  }
}

/** Whether the button can be pressed (VALIDATING and VERIFIED are shown disabled). */
export function isTaskButtonEnabled(button: TaskButtonState): boolean {
  return button !== 'VALIDATING' && button !== 'VERIFIED';
}
