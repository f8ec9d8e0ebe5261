import { type Task, TELEGRAM_TASK_TYPES, type UserTask } from '@khel/core/contract';
import { isTaskButtonEnabled, localized, type TaskValidationState } from '@khel/core/domain';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskProofInput } from '../../api/task-proofs.ts';
import type { PrimaryActionListener } from '../../lib/primary-action.ts';
import { useApi } from '../../providers/api-context.ts';
import { Button } from '../button.tsx';
import { Field } from '../field.tsx';
import { Notice } from '../notice.tsx';
import { TelegramLinkPanel } from '../telegram-link-panel.tsx';
import { TaskProof } from './task-proof.tsx';
import { type TaskCardState, useTaskCard } from './use-task-card.ts';

/**
 * What a task card sends: quests validate through POST /userquest/task/validate, campaigns through
 * POST /campaigns/:id/task/validate; proofs go to /userquest/proofs with the quest row's id either way.
 */
export interface TaskActions {
  validate: (input: {
    taskId: string;
    value?: string;
  }) => Promise<{ verified: boolean; message: string | null; messageCode?: string | null }>;
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

const isTelegramTask = (task: Task) => TELEGRAM_TASK_TYPES.includes(task.type);

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

/** The task's number (✓ once verified), step, title, badges and description. */
function TaskCardHead({
  task,
  number,
  note,
  card,
}: {
  task: Task;
  number: number;
  note?: string;
  card: TaskCardState;
}) {
  const { t, i18n } = useTranslation();
  const { verified, locked } = card;
  return (
    <>
      <div className="task-card__head">
        <span className="task-card__number" aria-hidden="true">
          {verified ? '✓' : number}
        </span>
        <div className="task-card__heading">
          <p className="task-card__step">
            {t('quests.task.step', { number })}
            {note && <span className="task-card__note"> · {note}</span>}
          </p>
          <h3 className="task-card__title" id={`task-${task.id}`}>
            {localized(task, 'title', i18n.language)}
          </h3>
        </div>
        {isTelegramTask(task) && (
          <span className="task-badge task-badge--telegram">{t('quests.task.telegramBadge')}</span>
        )}
        {verified && <span className="task-badge task-badge--verified">{t('quests.task.verified')}</span>}
        {locked && <span className="task-badge">{t('quests.task.lockedBadge')}</span>}
      </div>
      {task.description && (
        <p className="task-card__description">{localized(task, 'description', i18n.language)}</p>
      )}
      {isTelegramTask(task) && !verified && (
        <p className="task-card__hint">{t('quests.task.telegramHint')}</p>
      )}
    </>
  );
}

/** The value a task asks for (special code or game login value), with its hint and attempts left. */
function TaskValueField({
  task,
  progress,
  card,
}: {
  task: Task;
  progress: UserTask | undefined;
  card: TaskCardState;
}) {
  const { t, i18n } = useTranslation();
  const attempts = progress?.attemptsLeft;
  return (
    <Field
      label={
        task.input === 'code'
          ? t('quests.task.code')
          : task.loginMethod
            ? t(`quests.task.login.${task.loginMethod}`)
            : t('quests.task.code')
      }
      value={card.value}
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
      error={card.fieldError ?? undefined}
      onChange={(e) => card.changeValue(e.target.value)}
    />
  );
}

/** The link to the task's action page (once opened) and the SPEC §4 button. */
function TaskCardActions({
  task,
  progress,
  card,
}: {
  task: Task;
  progress: UserTask | undefined;
  card: TaskCardState;
}) {
  const { t } = useTranslation();
  const { state, verified, locked, lockedSeen } = card;
  return (
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
          onClick={card.press}
          className="task-card__button"
          data-state={state.button}
        >
          {card.label}
        </Button>
      )}
    </div>
  );
}

/**
 * One task: its number, title and description, the value it asks for (special code or game login
 * value, checked by the SPEC §5 rule before sending), its proof, and the SPEC §4 button (COMPLETE
 * TASK opens the action in a new tab, then VALIDATE; VALIDATING; REVALIDATE with the reason;
 * VERIFIED; OKAY on a locked task). Shared by quests and campaigns; its texts are the `quests` part's
 * (`quests.task.…`), so a screen showing it loads that part.
 */
export function TaskCard(props: TaskCardProps) {
  const { actions, task, number, progress, ensureReady, note, readOnly = false } = props;
  const { t } = useTranslation();
  const { platform } = useApi();
  const card = useTaskCard({ ...props, openUrl: props.openUrl ?? openInNewTab, readOnly });
  const { state, fieldError, verified, locked } = card;
  const open = !verified && !locked;
  return (
    <article
      className={`task-card${verified ? ' task-card--verified' : ''}${locked ? ' task-card--locked' : ''}`}
      aria-labelledby={`task-${task.id}`}
      data-task-type={task.type}
    >
      <TaskCardHead task={task} number={number} note={note} card={card} />
      {!readOnly && (
        <>
          {locked && !card.lockedSeen && <Notice tone="info">{t('quests.task.locked')}</Notice>}
          {open && task.input !== 'none' && <TaskValueField task={task} progress={progress} card={card} />}
          {open && fieldError && task.input === 'none' && <Notice tone="error">{fieldError}</Notice>}
          {open && task.proof && (
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
          {/* Refused for want of a linked Telegram account: the website links it right here (the account part's texts). */}
          {open && platform === 'website' && card.failureCode === 'TELEGRAM_LINK_REQUIRED' && (
            <Suspense fallback={null}>
              <TelegramLinkPanel />
            </Suspense>
          )}
          <TaskCardActions task={task} progress={progress} card={card} />
        </>
      )}
    </article>
  );
}
