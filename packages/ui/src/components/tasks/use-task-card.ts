import {
  type GameLoginMethod,
  TASK_PROOF_REQUIRED_MESSAGE,
  TELEGRAM_LINK_REQUIRED_MESSAGE,
} from '@khel/core/contract';
import {
  isTaskButtonEnabled,
  MESSAGES,
  type TaskValidationEvent,
  taskValidationReducer,
} from '@khel/core/domain';
import { validationMessageCode } from '@khel/core/validation';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../i18n/index.ts';
import { isApiError } from '../../lib/api-result.ts';
import { useReportPrimaryAction } from '../../lib/primary-action.ts';
import { loginMethodProblem, loginValueProblem, QUEST_LOGIN_METHOD_PREFIX } from '../../lib/task-view.ts';
import { useFailureFeedback } from '../../providers/app-feedback.ts';
import type { TaskCardProps } from './task-card.tsx';

type TaskCardOptions = Pick<
  TaskCardProps,
  'actions' | 'task' | 'progress' | 'initial' | 'ensureReady' | 'onPrimaryAction' | 'readOnly'
> & { openUrl: (url: string) => void };

/**
 * VALIDATE: the value checked first (a code given, a game login value by the SPEC §5 rule, a proof sent), then
 * the task validated; a refusal of the login method is shown on the field.
 */
function useTaskValidation(
  {
    actions,
    task,
    progress,
    ensureReady,
  }: Pick<TaskCardOptions, 'actions' | 'task' | 'progress' | 'ensureReady'>,
  value: string,
  send: (event: TaskValidationEvent) => void,
  setFieldError: (error: string | null) => void,
  setFailureCode: (code: string | null) => void,
) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const validate = useMutation({ mutationFn: actions.validate });
  // A refused answer is an error to the gamer too (a failed request is one already: the Mini App sees those).
  const failed = useFailureFeedback();
  const translate = (code: string | null | undefined, message: string) =>
    translateApiMessage(code, message, currentLanguage(i18n));
  // The problem is a validation rule's message (run here, or quoted by the server's 'Quest login method' answer).
  const loginError = (method: GameLoginMethod, problem: string) =>
    t('quests.task.loginError', {
      method: t(`quests.task.login.${method}`),
      problem: translate(validationMessageCode(problem), problem),
    });

  return async () => {
    setFieldError(null);
    setFailureCode(null);
    if (task.input === 'code' && value.trim() === '') return setFieldError(t('quests.task.required'));
    if (task.input === 'login_value' && task.loginMethod) {
      const problem = loginValueProblem(task.loginMethod, value);
      if (problem) return setFieldError(loginError(task.loginMethod, problem));
    }
    if (task.proof && progress && !progress.hasProof)
      return setFieldError(translate('TASK_PROOF_REQUIRED', TASK_PROOF_REQUIRED_MESSAGE));
    if (!(await ensureReady())) return;
    send({ type: 'VALIDATE' });
    validate.mutate(
      { taskId: task.id, ...(task.input === 'none' ? {} : { value }) },
      {
        onSuccess: (result) => {
          if (result.verified) return send({ type: 'SUCCEEDED' });
          failed();
          if (result.message) {
            setFailureCode(result.messageCode ?? null);
            send({ type: 'FAILED', message: translate(result.messageCode, result.message) });
          } else send({ type: 'FAILED', message: translate('MISSION_FAILED', MESSAGES.missionFailed) });
        },
        onError: (error) => {
          const message = isApiError(error) ? error.message : '';
          if (message.startsWith(QUEST_LOGIN_METHOD_PREFIX) && task.loginMethod) {
            const problem = loginMethodProblem(message);
            setFieldError(problem ? loginError(task.loginMethod, problem) : message);
          }
          send({ type: 'FAILED', message: describeError(error) });
        },
      },
    );
  };
}

/**
 * A task card's state: the SPEC §4 button (taskValidationReducer), the value typed, the field's error, and what
 * pressing the button does (open the action, check the value and validate, continue, acknowledge a lock). The
 * button is reported as the main action unless the task is verified or read-only.
 */
export function useTaskCard({
  actions,
  task,
  progress,
  initial,
  ensureReady,
  onPrimaryAction,
  openUrl,
  readOnly,
}: TaskCardOptions) {
  const { t } = useTranslation();
  const [state, setState] = useState(initial);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [lockedSeen, setLockedSeen] = useState(false);
  // The code of the last refusal (TELEGRAM_LINK_REQUIRED: the card offers to link Telegram on the website).
  const [failureCode, setFailureCode] = useState<string | null>(() =>
    progress?.status === 'FAILED' && progress.message === TELEGRAM_LINK_REQUIRED_MESSAGE
      ? 'TELEGRAM_LINK_REQUIRED'
      : null,
  );
  const send = (event: TaskValidationEvent) => setState((s) => taskValidationReducer(s, event));

  // The server's view wins when it moves on (verified elsewhere, unlocked by the other tasks).
  useEffect(() => {
    setState((s) => {
      if (initial.button === 'VERIFIED' && s.button !== 'VERIFIED') return initial;
      if (s.button === 'OKAY' && initial.button !== 'OKAY') return initial;
      return s;
    });
  }, [initial]);

  const openAction = async () => {
    if (!(await ensureReady())) return;
    const url = progress?.redirectUrl ?? task.actionUrl;
    if (url) openUrl(url);
    send({ type: 'ACTION_OPENED' });
  };

  const runValidation = useTaskValidation(
    { actions, task, progress, ensureReady },
    value,
    send,
    setFieldError,
    setFailureCode,
  );

  const press = () => {
    switch (state.button) {
      case 'COMPLETE TASK':
        return void openAction();
      case 'VALIDATE':
      case 'REVALIDATE':
        return void runValidation();
      case 'CONTINUE':
        return send({ type: 'CONTINUE' });
      case 'OKAY':
        return setLockedSeen(true);
      default:
        return undefined;
    }
  };

  const label = t(`quests.task.button.${state.button}`);
  const verified = state.button === 'VERIFIED';
  const locked = state.button === 'OKAY';
  useReportPrimaryAction(
    onPrimaryAction,
    verified || readOnly
      ? null
      : {
          key: `${task.id}:${state.button}`,
          text: label,
          run: press,
          busy: state.button === 'VALIDATING',
          enabled: isTaskButtonEnabled(state.button),
        },
  );

  const changeValue = (next: string) => {
    setValue(next);
    setFieldError(null);
  };
  return { state, value, changeValue, fieldError, failureCode, lockedSeen, press, label, verified, locked };
}

export type TaskCardState = ReturnType<typeof useTaskCard>;
