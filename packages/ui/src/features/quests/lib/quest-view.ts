import {
  type GameLoginMethod,
  PROOF_IMAGE_MAX_BYTES,
  type Quest,
  type QuestStatusView,
  type Task,
  type UserTask,
} from '@khel/core/contract';
import {
  initialTaskValidationState,
  type TaskForValidation,
  type TaskValidationState,
} from '@khel/core/domain';
import type { CurrencyCode } from '@khel/core/format';
import { GAME_LOGIN_RULES } from '@khel/core/validation';

/** SPEC §8: answers whose message begins so are shown to the user under the field. */
export const QUEST_LOGIN_METHOD_PREFIX = 'Quest login method';

export interface RewardAmount {
  currency: CurrencyCode;
  amount: string;
}

/** A quest's rewards in the order the chips show them: K-Points, K-Cash, rKHEL (none left out). */
export function rewardsOf(rewards: Quest['rewards'] | null | undefined): RewardAmount[] {
  if (!rewards) return [];
  return [rewards.kpoints, rewards.kcash, rewards.rkhel]
    .filter((r): r is NonNullable<typeof r> => r !== null)
    .map((r) => ({ currency: r.currency as CurrencyCode, amount: r.amount }));
}

/** Featured quests first, then the rest in the API's order. */
export function featuredFirst<T extends Pick<Quest, 'featured'>>(quests: readonly T[]): T[] {
  return [...quests.filter((q) => q.featured), ...quests.filter((q) => !q.featured)];
}

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
export function currentTaskId(tasks: readonly Task[], status: QuestStatusView | undefined): string | null {
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

/** Slug of a quest details address: /quest-details/<slug>, or /quest-details/?slug=… (or ?quest=…). */
export function questSlugFromLocation(pathname: string, search: string): string | null {
  const match = /^\/quest-details\/([^/]+)\/?$/i.exec(pathname);
  if (match?.[1]) return decodeURIComponent(match[1]);
  const params = new URLSearchParams(search);
  return params.get('slug') ?? params.get('quest') ?? params.get('questSlug');
}
