import { ShareToChatButton } from '../../../components/share-to-chat.tsx';
import '../quests.css';
import type { QuestDetails, QuestStatusView } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import { TaskCard } from '../../../components/tasks/task-card.tsx';
import { TaskProgress } from '../../../components/tasks/task-progress.tsx';
import { useEnsureStarted } from '../../../components/tasks/use-ensure-started.ts';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { displayLocale } from '../../../lib/display-locale.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { currentTaskId, initialTaskState } from '../../../lib/task-view.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link, useLocation } from '../../../routing/index.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useQuest } from '../api/get-quest.ts';
import { useQuestStatus } from '../api/get-quest-status.ts';
import { useCommunityRedirect } from '../api/get-third-party-redirect.ts';
import { useStartQuest } from '../api/start-quest.ts';
import { useQuestTaskActions } from '../api/task-actions.ts';
import { questSlugFromLocation, rewardsOf } from '../lib/quest-view.ts';
import { DEFAULT_QUEST_COVER, slotsText } from './quest-card.tsx';
import { QuestComplete } from './quest-complete.tsx';
import { RewardChips } from './reward-chips.tsx';

export interface QuestDetailsScreenProps {
  /** Told the main action (start the quest, then the current task's button), for Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
  /** Called when the user completes the quest here (the Mini App plays its success haptic). */
  onGain?: () => void;
  /** Opens a task's action page (default: a new tab; the Mini App passes Telegram's openLink). */
  openUrl?: (url: string) => void;
}

/** The quest's cover, partner, title, status, slots and game. */
function QuestHero({ quest }: { quest: QuestDetails }) {
  const { t, i18n } = useTranslation();
  const cover = quest.coverUrl || quest.game?.coverUrl || DEFAULT_QUEST_COVER;
  const slots = slotsText(t, quest.remainingSlots);
  return (
    <div className="quest-details__hero">
      <img className="quest-details__cover" src={cover} alt="" />
      <div className="quest-details__hero-text">
        {quest.hub && (
          <Link className="quest-details__partner" to={`/k-quest/${quest.hub.slug}`}>
            <img src={quest.hub.logoUrl} alt="" className="quest-details__partner-logo" />
            <span>{quest.hub.name}</span>
          </Link>
        )}
        <h1 className="page-title quest-details__title" id="quest-title">
          {localized(quest, 'title', i18n.language)}
        </h1>
        <p className="quest-details__meta">
          <span className={`quest-badge quest-badge--${quest.status.toLowerCase()}`}>
            {t(`quests.status.${quest.status}`)}
          </span>
          {quest.recurrence && (
            <span className="quest-badge quest-badge--repeat">{t(`quests.repeats.${quest.recurrence}`)}</span>
          )}
          <span>{slots}</span>
          {quest.game && <span>{quest.game.name}</span>}
        </p>
        {quest.recurrence && quest.resetsAt && (
          <p className="quest-details__repeat">
            {t('quests.repeatsNext', {
              when: new Intl.DateTimeFormat(displayLocale(), {
                weekday: 'short',
                day: 'numeric',
                month: 'short',
                hour: '2-digit',
                minute: '2-digit',
              }).format(new Date(quest.resetsAt)),
            })}
          </p>
        )}
        <ShareToChatButton kind="quest" item={quest} />
      </div>
    </div>
  );
}

/** The quest's side: its rewards, why it cannot be started, sign in or Start, and the offerwall. */
function QuestSide({
  quest,
  signedIn,
  needsStart,
  start,
  statusPending,
  ensureReady,
}: {
  quest: QuestDetails;
  signedIn: boolean;
  needsStart: boolean;
  start: ReturnType<typeof useStartQuest>;
  statusPending: boolean;
  ensureReady: () => Promise<boolean>;
}) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const describeError = useErrorMessage();
  const live = quest.status === 'LIVE';
  return (
    <aside className="quest-details__side card">
      <h2 className="quest-side__title">{t('quests.rewards.title')}</h2>
      <RewardChips rewards={rewardsOf(quest.rewards)} size="large" />
      {!live && <Notice tone="info">{t('quests.details.notLive')}</Notice>}
      {start.isError && <Notice tone="error">{describeError(start.error)}</Notice>}
      {!signedIn && live && (
        <>
          <p className="quest-side__hint">{t('quests.details.signInHint')}</p>
          <Button variant="primary" block onClick={() => openModal('login')}>
            {t('quests.details.signIn')}
          </Button>
        </>
      )}
      {signedIn && needsStart && (
        <Button
          variant="primary"
          block
          busy={start.isPending}
          disabled={quest.remainingSlots === 0 || statusPending}
          onClick={() => void ensureReady()}
        >
          {t('quests.details.start')}
        </Button>
      )}
      <Link
        className="quest-side__offerwall"
        to={`/quest-details/${encodeURIComponent(quest.slug)}/offerwall`}
      >
        {t('quests.offerwall.moreWays')}
      </Link>
    </aside>
  );
}

/** The quest's tasks: progress once started, and a task card each; the current one reports the main action. */
function QuestTasks({
  quest,
  view,
  status,
  ensureReady,
  onPrimaryAction,
  openUrl,
}: {
  quest: QuestDetails;
  view: QuestStatusView | undefined;
  status: ReturnType<typeof useQuestStatus>;
  ensureReady: () => Promise<boolean>;
  /** The current task's, once the quest is started. */
  onPrimaryAction?: PrimaryActionListener | undefined;
  openUrl?: ((url: string) => void) | undefined;
}) {
  const { t } = useTranslation();
  const signedIn = useIsSignedIn();
  const describeError = useErrorMessage();
  const taskActions = useQuestTaskActions(quest.id);
  const started = view?.status === 'STARTED' || view?.status === 'COMPLETED';
  const current = currentTaskId(quest.tasks, view);
  const done = view?.completedTasks ?? 0;
  const total = view?.totalTasks ?? quest.tasks.length;
  return (
    <>
      <h2 className="quest-section__title">{t('quests.details.tasks')}</h2>
      {signedIn && started && (
        <TaskProgress done={done} total={total} label={t('quests.details.progress', { done, total })} />
      )}
      {status.isError && (
        <ErrorState message={describeError(status.error)} onRetry={() => void status.refetch()} />
      )}
      <ol className="task-list">
        {quest.tasks.map((task, i) => (
          <li key={task.id}>
            <TaskCard
              actions={taskActions}
              task={task}
              number={i + 1}
              progress={view?.tasks.find((p) => p.taskId === task.id)}
              initial={initialTaskState(task, quest.tasks, view?.tasks)}
              ensureReady={ensureReady}
              onPrimaryAction={task.id === current ? onPrimaryAction : undefined}
              openUrl={openUrl}
            />
          </li>
        ))}
      </ol>
    </>
  );
}

function QuestBody({
  quest,
  onPrimaryAction,
  onGain,
  openUrl,
}: {
  quest: QuestDetails;
  onPrimaryAction?: PrimaryActionListener | undefined;
  onGain?: (() => void) | undefined;
  openUrl?: ((url: string) => void) | undefined;
}) {
  const { t, i18n } = useTranslation();
  const signedIn = useIsSignedIn();
  const status = useQuestStatus(quest.id, { enabled: signedIn });
  const start = useStartQuest();
  const view: QuestStatusView | undefined = status.data;
  // Sent by a partner's community client (?clientId=): back there after the phone sign-in (SPEC §2).
  useCommunityRedirect(quest.id);
  const started = view?.status === 'STARTED' || view?.status === 'COMPLETED';
  // A completion seen happen on this screen (not one loaded as done) is a gain.
  const lastStatus = useRef(view?.status);
  useEffect(() => {
    if (lastStatus.current === 'STARTED' && view?.status === 'COMPLETED') onGain?.();
    lastStatus.current = view?.status;
  }, [view?.status, onGain]);
  const live = quest.status === 'LIVE';

  // Visitors get the login modal (after sign-in the quests page reloads onto this quest, SPEC §2);
  // a signed-in user's first action starts the quest.
  const { mutateAsync: startMutation } = start;
  const startThis = useCallback(() => startMutation(quest.id), [startMutation, quest.id]);
  const ensureReady = useEnsureStarted(signedIn, started, startThis);

  const needsStart = !started && live;
  // Until the quest starts, starting is the main action; then the current task reports its own.
  useReportPrimaryAction(
    needsStart ? onPrimaryAction : undefined,
    needsStart
      ? {
          key: 'start',
          text: signedIn ? t('quests.details.start') : t('quests.details.signIn'),
          run: () => void ensureReady(),
          busy: start.isPending,
          enabled: quest.remainingSlots !== 0,
        }
      : null,
  );

  return (
    <article className="quest-details" aria-labelledby="quest-title">
      <QuestHero quest={quest} />
      <div className="quest-details__layout">
        <div className="quest-details__main">
          <p className="quest-details__description">{localized(quest, 'description', i18n.language)}</p>
          {view?.status === 'COMPLETED' && <QuestComplete rewarded={view.rewarded ?? quest.rewards} />}
          <QuestTasks
            quest={quest}
            view={view}
            status={status}
            ensureReady={ensureReady}
            onPrimaryAction={needsStart ? undefined : onPrimaryAction}
            openUrl={openUrl}
          />
        </div>
        <QuestSide
          quest={quest}
          signedIn={signedIn}
          needsStart={needsStart}
          start={start}
          statusPending={status.isPending}
          ensureReady={ensureReady}
        />
      </div>
    </article>
  );
}

/**
 * /quest-details/{slug} and /quest-details/?slug=…: the quest with its tasks. Visitors browse; acting
 * opens the login modal. Loading, error and not-found states.
 */
export function QuestDetailsScreen({ onPrimaryAction, onGain, openUrl }: QuestDetailsScreenProps = {}) {
  useTextPart('quests');
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const describeError = useErrorMessage();
  const slug = useMemo(() => questSlugFromLocation(pathname, search), [pathname, search]);
  const quest = useQuest(slug);
  const notFound = !slug || (quest.isError && isApiError(quest.error) && quest.error.status === 404);
  return (
    <Page title={quest.data ? localized(quest.data, 'title', i18n.language) : t('routes.questDetails')}>
      <Link className="back-link" to="/k-quest/">
        ← {t('quests.details.back')}
      </Link>
      {notFound ? (
        <EmptyState message={t('quests.details.notFound')} />
      ) : quest.isPending ? (
        <LoadingState skeletonLines={5} />
      ) : quest.isError ? (
        <ErrorState message={describeError(quest.error)} onRetry={() => void quest.refetch()} />
      ) : (
        <QuestBody quest={quest.data} onPrimaryAction={onPrimaryAction} onGain={onGain} openUrl={openUrl} />
      )}
    </Page>
  );
}
