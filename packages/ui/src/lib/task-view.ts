import { type GameLoginMethod, PROOF_IMAGE_MAX_BYTES, type Task, type UserTask } from '@khel/core/contract';
import {
  initialTaskValidationState,
  type TaskForValidation,
  type TaskValidationState,
} from '@khel/core/domain';
import { GAME_LOGIN_RULES } from '@khel/core/validation';

// A task's rules as the task cards read them (quests and campaigns both show quest tasks): the SPEC §4
// starting button from the server's view, the SPEC §5 login value checks and the proof checks.

/** SPEC §8: answers whose message begins so are shown to the user under the field. */
export const QUEST_LOGIN_METHOD_PREFIX = 'Quest login method';

/** The tasks as the SPEC §4 state machine sees them, with the user's progress when there is some. */
export function tasksForValidation(
  tasks: readonly Task[],
  progress: readonly UserTask[] | undefined,
): TaskForValidation[] {
  return tasks.map((task) => {
    const mine = progress?.find((p) => p.taskId === task.id);
    return {
      id: task.id,
      active: true,
      completed: mine?.status === 'VERIFIED',
      locked: task.locked,
      needsAction: task.needsAction,
    };
  });
}

/** The button a task starts on (COMPLETE TASK, VALIDATE, VERIFIED or OKAY), from the server's view. */
export function initialTaskState(
  task: Task,
  tasks: readonly Task[],
  progress: readonly UserTask[] | undefined,
): TaskValidationState {
  const all = tasksForValidation(tasks, progress);
  const mine = all.find((t) => t.id === task.id) as TaskForValidation;
  const state = initialTaskValidationState(mine, all);
  const user = progress?.find((p) => p.taskId === task.id);
  // A failed validation the server remembers comes back as REVALIDATE with its message.
  if (user?.status === 'FAILED' && state.button !== 'OKAY' && state.button !== 'VERIFIED')
    return { ...state, button: 'REVALIDATE', error: user.message };
  return state;
}

/** The first task still to do: the one Telegram's MainButton drives. */
export function currentTaskId(
  tasks: readonly Task[],
  status: { tasks: readonly UserTask[] } | undefined,
): string | null {
  const done = new Set(status?.tasks.filter((t) => t.status === 'VERIFIED').map((t) => t.taskId));
  return tasks.find((t) => !done.has(t.id))?.id ?? null;
}

/** The SPEC §5 rule's complaint about a game login value, in English (null when it is fine). */
export function loginValueProblem(method: GameLoginMethod, raw: string): string | null {
  const keepsSpaces = method === 'username' || method === 'user_id';
  const value = keepsSpaces ? raw : raw.trim();
  if (value === '') return 'This field is required';
  return GAME_LOGIN_RULES[method](value);
}

/** Why an image cannot be a proof ('notJpeg' / 'tooBig'), or null. */
export function imageProofProblem(file: { type: string; size: number }): 'notJpeg' | 'tooBig' | null {
  if (file.type !== 'image/jpeg') return 'notJpeg';
  if (file.size > PROOF_IMAGE_MAX_BYTES) return 'tooBig';
  return null;
}

/** A link proof must be an http(s) address. */
export function isProofLink(value: string): boolean {
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The part of a 'Quest login method: <name>: <problem>' message after the method's name. */
export function loginMethodProblem(message: string): string | null {
  if (!message.startsWith(QUEST_LOGIN_METHOD_PREFIX)) return null;
  const parts = message.split(': ');
  return parts.length >= 3 ? parts.slice(2).join(': ') : null;
}
