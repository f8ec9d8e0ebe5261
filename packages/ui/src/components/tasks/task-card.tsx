import {
  type GameLoginMethod,
  TASK_PROOF_REQUIRED_MESSAGE,
  type Task,
  type UserTask,
} from '@khel/core/contract';
import {
  isTaskButtonEnabled,
  localized,
  type TaskValidationEvent,
  type TaskValidationState,
  taskValidationReducer,
} from '@khel/core/domain';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskProofInput } from '../../api/task-proofs.ts';
import { useErrorMessage } from '../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../i18n/index.ts';
import { isApiError } from '../../lib/api-result.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../lib/primary-action.ts';
import { loginMethodProblem, loginValueProblem, QUEST_LOGIN_METHOD_PREFIX } from '../../lib/task-view.ts';
import { Button } from '../button.tsx';
import { Field } from '../field.tsx';
import { Notice } from '../notice.tsx';
import { TaskProof } from './task-proof.tsx';

/**
 * What a task card sends: quests validate through POST /userquest/task/validate, campaigns through
 * POST /campaigns/:id/task/validate; proofs go to /userquest/proofs with the quest row's id either way.
 */
export interface TaskActions {
  validate: (input: {
    taskId: string;
    value?: string;
  }) => Promise<{ verified: boolean; message: string | null }>;
  sendProof: (proof: TaskProofInput) => Promise<unknown>;
}

export interface TaskCardProps {
  actions: TaskActions;
  task: Task;
  number: number;
  /** The user's progress on it (none for a visitor or before the quest starts). */
  progress: UserTask | undefined;
  /** Where the button starts, from the server's view (initialTaskState). */
  initial: TaskValidationState;
  /** Signs the visitor in (false: the login modal opened) and starts the quest when needed. */
  ensureReady: () => Promise<boolean>;
  /** The current task tells Telegram's MainButton its action. */
  onPrimaryAction?: PrimaryActionListener | undefined;
  /** Opens the task's action page (default: a new tab; the Mini App: Telegram's openLink). */
  openUrl?: ((url: string) => void) | undefined;
  /** Said after the step's number (a campaign's task: the points it scores). */
  note?: string | undefined;
  /** Only what the task is, no field or button (a campaign that is over or not open yet). */
  readOnly?: boolean | undefined;
}

const openInNewTab = (url: string) => {
  window.open(url, '_blank', 'noopener,noreferrer');
};

const BUTTON_VARIANT = {
  'COMPLETE TASK': 'primary',
  VALIDATE: 'primary',
  VALIDATING: 'primary',
  REVALIDATE: 'danger',
  CONTINUE: 'primary',
  VERIFIED: 'secondary',
  OKAY: 'secondary',
} as const;

/**
 * One task: its number, title and description, the value it asks for (special code or game login
 * value, checked by the SPEC §5 rule before sending), its proof, and the SPEC §4 button (COMPLETE
 * TASK opens the action in a new tab, then VALIDATE; VALIDATING; REVALIDATE with the reason;
 * VERIFIED; OKAY on a locked task). Shared by quests and campaigns; its texts are the `quests` part's
 * (`quests.task.…`), so a screen showing it loads that part.
 */
export function TaskCard({
  actions,
  task,
  number,
  progress,
  initial,
  ensureReady,
  onPrimaryAction,
  openUrl = openInNewTab,
  note,
  readOnly = false,
}: TaskCardProps) {
  const { t, i18n } = useTranslation();
  const describeError = useErrorMessage();
  const validate = useMutation({ mutationFn: actions.validate });
  const [state, setState] = useState(initial);
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [lockedSeen, setLockedSeen] = useState(false);
  const send = (event: TaskValidationEvent) => setState((s) => taskValidationReducer(s, event));
  const translate = (message: string) => translateApiMessage(message, currentLanguage(i18n));

  // The server's view wins when it moves on (verified elsewhere, unlocked by the other tasks).
  useEffect(() => {
    setState((s) => {
      if (initial.button === 'VERIFIED' && s.button !== 'VERIFIED') return initial;
      if (s.button === 'OKAY' && initial.button !== 'OKAY') return initial;
      return s;
    });
  }, [initial]);

  const loginLabel = (method: GameLoginMethod) => t(`quests.task.login.${method}`);
  const loginError = (method: GameLoginMethod, problem: string) =>
    t('quests.task.loginError', { method: loginLabel(method), problem: translate(problem) });

  const openAction = async () => {
    if (!(await ensureReady())) return;
    const url = progress?.redirectUrl ?? task.actionUrl;
    if (url) openUrl(url);
    send({ type: 'ACTION_OPENED' });
  };

  const runValidation = async () => {
    setFieldError(null);
    if (task.input === 'code' && value.trim() === '') return setFieldError(t('quests.task.required'));
    if (task.input === 'login_value' && task.loginMethod) {
      const problem = loginValueProblem(task.loginMethod, value);
      if (problem) return setFieldError(loginError(task.loginMethod, problem));
    }
    if (task.proof && progress && !progress.hasProof)
      return setFieldError(translate(TASK_PROOF_REQUIRED_MESSAGE));
    if (!(await ensureReady())) return;
    send({ type: 'VALIDATE' });
    validate.mutate(
      { taskId: task.id, ...(task.input === 'none' ? {} : { value }) },
      {
        onSuccess: (result) => {
          if (result.verified) send({ type: 'SUCCEEDED' });
          else send({ type: 'FAILED', message: translate(result.message ?? 'Mission failed!') });
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

  const titleId = `task-${task.id}`;
  const attempts = progress?.attemptsLeft;
  return (
    <article
      className={`task-card${verified ? ' task-card--verified' : ''}${locked ? ' task-card--locked' : ''}`}
      aria-labelledby={titleId}
      data-task-type={task.type}
    >
      <div className="task-card__head">
        <span className="task-card__number" aria-hidden="true">
          {verified ? '✓' : number}
        </span>
        <div className="task-card__heading">
          <p className="task-card__step">
            {t('quests.task.step', { number })}
            {note && <span className="task-card__note"> · {note}</span>}
          </p>
          <h3 className="task-card__title" id={titleId}>
            {localized(task, 'title', i18n.language)}
          </h3>
        </div>
        {verified && <span className="task-badge task-badge--verified">{t('quests.task.verified')}</span>}
        {locked && <span className="task-badge">{t('quests.task.lockedBadge')}</span>}
      </div>
      {task.description && (
        <p className="task-card__description">{localized(task, 'description', i18n.language)}</p>
      )}
      {!readOnly && (
        <>
          {locked && !lockedSeen && <Notice tone="info">{t('quests.task.locked')}</Notice>}
          {!verified && !locked && task.input !== 'none' && (
            <Field
              label={
                task.input === 'code'
                  ? t('quests.task.code')
                  : task.loginMethod
                    ? loginLabel(task.loginMethod)
                    : t('quests.task.code')
              }
              value={value}
              maxLength={200}
              autoComplete="off"
              placeholder={task.input === 'code' ? t('quests.task.codePlaceholder') : undefined}
              hint={
                [
                  task.hint ? t('quests.task.hint', { hint: localized(task, 'hint', i18n.language) }) : null,
                  task.input === 'code' && attempts != null
                    ? t('quests.task.attemptsLeft', { count: attempts })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ') || undefined
              }
              keepHint
              error={fieldError ?? undefined}
              onChange={(e) => {
                setValue(e.target.value);
                setFieldError(null);
              }}
            />
          )}
          {!verified && !locked && fieldError && task.input === 'none' && (
            <Notice tone="error">{fieldError}</Notice>
          )}
          {!verified && !locked && task.proof && (
            <TaskProof
              sendProof={actions.sendProof}
              task={task as Task & { proof: NonNullable<Task['proof']> }}
              hasProof={progress?.hasProof ?? false}
              ensureReady={ensureReady}
            />
          )}
          {state.button === 'REVALIDATE' && state.error && !fieldError && (
            <Notice tone="error">{state.error}</Notice>
          )}
          <div className="task-card__actions">
            {!verified &&
              !locked &&
              state.button !== 'COMPLETE TASK' &&
              (progress?.redirectUrl ?? task.actionUrl) && (
                <a
                  className="task-card__open"
                  href={progress?.redirectUrl ?? task.actionUrl ?? undefined}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('quests.task.opensInNewTab')} ↗
                </a>
              )}
            {!(locked && lockedSeen) && (
              <Button
                variant={BUTTON_VARIANT[state.button]}
                size="small"
                busy={state.button === 'VALIDATING'}
                disabled={!isTaskButtonEnabled(state.button)}
                onClick={press}
                className="task-card__button"
                data-state={state.button}
              >
                {label}
              </Button>
            )}
          </div>
        </>
      )}
    </article>
  );
}
