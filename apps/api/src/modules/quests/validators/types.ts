import type { TaskConfig, TaskType } from '@khel/core/contract';
import type { Database } from '@khel/db';
import type { QuestRow, QuestTaskRow, UserRow, UserTaskRow } from '@khel/db/schema';
import type { AppDeps } from '../../../lib/context.ts';

/** What a validator is given: read-only access, the user, the task and what the user typed. */
export interface ValidationContext<T extends TaskType = TaskType> {
  deps: AppDeps;
  db: Database;
  user: UserRow;
  quest: QuestRow;
  task: QuestTaskRow;
  config: Extract<TaskConfig, { type: T }>;
  /** The user's row for this task (attempts already counted for this check). */
  userTask: UserTaskRow;
  /** The special code or game login value, when the task asks for one. */
  value: string | undefined;
  now: Date;
}

export type ValidationOutcome =
  /** Done. `value` is kept on the user's task (a captured game login value). */
  | { ok: true; value?: string }
  /** Not done (yet): shown next to REVALIDATE. */
  | { ok: false; message: string };

/**
 * One per task type (SPEC §3 task types). A validator only reads: it asks our tables, a provider or a
 * chain whether the user did the task; the service records the outcome in one transaction, so a task
 * validated twice (or twice at once) completes once. Validators run outside any transaction, because
 * some wait on the network (game API up to 10 s, Telegram, an RPC).
 *
 * Input that breaks a rule (a Steam id of 16 digits) is not a failed task but bad input: throw an
 * AppError (422 with a 'Quest login method' message), and nothing is recorded.
 */
export interface TaskValidator<T extends TaskType = TaskType> {
  type: T;
  validate(ctx: ValidationContext<T>): Promise<ValidationOutcome>;
}

export const defineValidator = <T extends TaskType>(v: TaskValidator<T>): TaskValidator<T> => v;
