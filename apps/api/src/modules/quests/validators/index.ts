import type { TaskType } from '@khel/core/contract';
import { captureLoginValidator } from './capture-login.ts';
import { discordTaskValidators } from './discord-tasks.ts';
import { identityLinkValidators } from './identity-links.ts';
import { internalApiValidator, sharePogValidator } from './internal-checks.ts';
import { uriRedirectionValidator } from './redirection.ts';
import { specialCodeValidator } from './special-code.ts';
import type { TaskValidator } from './types.ts';
import { xTaskValidators } from './x-tasks.ts';

/** A validator of some task type; the service gives each only tasks of its own type. */
export type AnyTaskValidator = { [T in TaskType]: TaskValidator<T> }[TaskType];

/** Every task type's validator, one per type (README.md lists them and what each asks). */
const ALL: AnyTaskValidator[] = [
  ...identityLinkValidators,
  captureLoginValidator,
  specialCodeValidator,
  internalApiValidator,
  sharePogValidator,
  uriRedirectionValidator,
  ...xTaskValidators,
  ...discordTaskValidators,
];

export const TASK_VALIDATORS: ReadonlyMap<TaskType, TaskValidator<TaskType>> = new Map(
  ALL.map((v) => [v.type, v as TaskValidator<TaskType>]),
);

export const NO_VALIDATOR_MESSAGE = 'This task cannot be checked yet.';
