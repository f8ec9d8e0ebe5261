import type { TaskType } from '@khel/core/contract';
import { TASK_NO_VALIDATOR_MESSAGE } from '@khel/core/contract';
import { captureLoginValidator } from './capture-login.ts';
import { discordTaskValidators } from './discord-tasks.ts';
import { gameApiValidator } from './game-api.ts';
import { holdNftValidator, holdTokenValidator } from './hold-assets.ts';
import { identityLinkValidators } from './identity-links.ts';
import { internalApiValidator, sharePogValidator } from './internal-checks.ts';
import { uriRedirectionValidator } from './redirection.ts';
import { createReferralValidator, referralInviteValidator } from './referrals.ts';
import { specialCodeValidator } from './special-code.ts';
import { telegramJoinChannelValidator } from './telegram-channel.ts';
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
  telegramJoinChannelValidator,
  holdTokenValidator,
  holdNftValidator,
  gameApiValidator,
  createReferralValidator,
  referralInviteValidator,
];

export const TASK_VALIDATORS: ReadonlyMap<TaskType, TaskValidator<TaskType>> = new Map(
  ALL.map((v) => [v.type, v as TaskValidator<TaskType>]),
);

export const NO_VALIDATOR_MESSAGE = TASK_NO_VALIDATOR_MESSAGE;
