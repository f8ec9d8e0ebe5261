import '../campaigns.css';
import type { CampaignClaim, CampaignDetails, CampaignProgress } from '@khel/core/contract';
import { type CampaignButtonKind, errorCodeOf, localized } from '@khel/core/domain';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
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
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { countedText } from '../../../lib/money-text.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { currentTaskId, initialTaskState } from '../../../lib/task-view.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { useClaimCampaignReward } from '../api/claim-campaign-reward.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignProgress } from '../api/get-campaign-progress.ts';
import { useStartCampaign } from '../api/start-campaign.ts';
import { useCampaignTaskActions } from '../api/task-actions.ts';
import { campaignSlugFromPath, variantBadge, visitorButton } from '../lib/campaign-view.ts';
import { DEFAULT_CAMPAIGN_COVER, rewardText, SlotsBar, variantText } from './campaign-card.tsx';
import { ClaimCelebration, ClaimList } from './campaign-claim.tsx';
import { CampaignEligibility } from './campaign-eligibility.tsx';
import { CampaignLeaderboard } from './campaign-leaderboard.tsx';
import { CampaignReferral, type ShareOptions } from './campaign-referral.tsx';
import { CampaignReminder } from './campaign-reminder.tsx';
import { CampaignRoadmap } from './campaign-roadmap.tsx';
import { CampaignTimer, useNow } from './campaign-timer.tsx';
import { RaffleCheck } from './raffle-check.tsx';

export interface CampaignDetailsScreenProps extends ShareOptions {
  /** Told the main action (the SPEC §4 button, then the current task's), for Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
  /** Called when a reward is claimed here (the Mini App plays its success haptic). */
  onGain?: () => void;
  /** Opens a task's action page (default: a new tab; the Mini App passes Telegram's openLink). */
  openUrl?: (url: string) => void;
}

const BUTTON_VARIANT: Record<CampaignButtonKind, 'primary' | 'secondary'> = {
  GET_STARTED: 'primary',
  CONTINUE_TASKS: 'primary',
  CLAIM_REWARDS: 'primary',
  ENDED: 'secondary',
  COMING_SOON: 'secondary',
};

/** The reasons of a 403 NOT_ELIGIBLE answer to Get started (data.reasons), if it is one. */
function ineligibleOf(error: unknown): CampaignProgress['ineligible'] {
  if (!isApiError(error) || error.status !== 403 || errorCodeOf(error.data) !== 'NOT_ELIGIBLE') return [];
  const reasons = (error.data as { reasons?: unknown } | null)?.reasons;
  return Array.isArray(reasons)
    ? (reasons.filter((r) => typeof r === 'string') as CampaignProgress['ineligible'])
    : [];
}

/** What the user's entry is: held (with the reason, shown plainly) or disqualified. */
function EntryStatus({ progress }: { progress: CampaignProgress }) {
  const { t, i18n } = useTranslation();
  if (progress.entryStatus === 'HELD')
    return (
      <Notice tone="info" as="div" className="campaign-entry-status campaign-entry-status--held">
        <strong>
          {progress.heldReason
            ? t('campaigns.entry.held', {
                reason: translateApiMessage(progress.heldReason, currentLanguage(i18n)),
              })
            : t('campaigns.entry.heldNoReason')}
        </strong>
        <p>{t('campaigns.entry.heldHint')}</p>
      </Notice>
    );
  if (progress.entryStatus === 'DISQUALIFIED')
    return <Notice tone="error">{t('campaigns.entry.disqualified')}</Notice>;
  return null;
}

/** The campaign's page for a visitor or (`signedIn`) a player; exported for the tests, which render signed in. */
export function CampaignView({
  campaign,
  signedIn,
  onPrimaryAction,
  onGain,
  openUrl,
  openShare,
}: { campaign: CampaignDetails; signedIn: boolean } & CampaignDetailsScreenProps) {
  const { t, i18n } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const describeError = useErrorMessage();
  const now = useNow(1000);
  const progressQuery = useCampaignProgress(campaign.id, { enabled: signedIn });
  const progress = signedIn ? progressQuery.data : undefined;
  const start = useStartCampaign();
  const claim = useClaimCampaignReward();
  const intent = useIntentKey();
  const [claimed, setClaimed] = useState<CampaignClaim[] | null>(null);
  const taskActions = useCampaignTaskActions(campaign);
  const tasksRef = useRef<HTMLHeadingElement>(null);
  const title = localized(campaign, 'title', i18n.language);
  const started = progress?.entryStatus != null;
  const button: CampaignButtonKind = progress?.button ?? visitorButton(campaign, now);
  const ineligible = progress?.ineligible.length ? progress.ineligible : ineligibleOf(start.error);

  // Visitors get the login modal; a signed-in user's first task action enters the campaign.
  const { mutateAsync: startMutation } = start;
  const startThis = useCallback(() => startMutation(campaign.id), [startMutation, campaign.id]);
  const ensureReady = useEnsureStarted(signedIn, started, startThis);

  const runClaim = () => {
    const idempotencyKey = intent.begin();
    claim.mutate(
      { campaignId: campaign.id, idempotencyKey },
      {
        onSuccess: (answer) => {
          intent.end();
          setClaimed(answer.claims);
          onGain?.();
        },
      },
    );
  };

  const press = () => {
    switch (button) {
      case 'GET_STARTED':
        return void ensureReady();
      case 'CONTINUE_TASKS':
        tasksRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return undefined;
      case 'CLAIM_REWARDS':
        return runClaim();
      default:
        return undefined;
    }
  };
  const busy =
    (button === 'GET_STARTED' && start.isPending) || (button === 'CLAIM_REWARDS' && claim.isPending);
  const label = t(`campaigns.button.${button}`);
  const actionable = button === 'GET_STARTED' || button === 'CLAIM_REWARDS';
  const current = currentTaskId(campaign.tasks, progress);
  // Get started and Claim rewards are the main action; while tasks remain, the current task's button is.
  useReportPrimaryAction(
    actionable ? onPrimaryAction : undefined,
    actionable ? { key: button, text: label, run: press, busy, enabled: ineligible.length === 0 } : null,
  );

  const done = progress?.completedTasks ?? 0;
  const total = progress?.totalTasks ?? campaign.tasks.length;
  const cover = campaign.coverUrl || campaign.game?.coverUrl || DEFAULT_CAMPAIGN_COVER;
  const raffle = campaign.reward.variant === 'OPEN_SLOT_RAFFLE_REWARD';
  const live = button === 'GET_STARTED' || button === 'CONTINUE_TASKS';

  return (
    <article className="campaign-details" aria-labelledby="campaign-title">
      <div className="campaign-hero">
        <img className="campaign-hero__cover" src={cover} alt="" />
        <div className="campaign-hero__text">
          {campaign.hub && <span className="campaign-card__partner">{campaign.hub.name}</span>}
          <h1 className="page-title campaign-hero__title" id="campaign-title">
            {title}
          </h1>
          <p className="campaign-hero__meta">
            <span className={`campaign-variant campaign-variant--${variantBadge(campaign.reward).key}`}>
              {variantText(t, campaign.reward)}
            </span>
            <span className={`campaign-status campaign-status--${campaign.status.toLowerCase()}`}>
              {t(`campaigns.status.${campaign.status}`)}
            </span>
            <CampaignTimer startsAt={campaign.startsAt} endsAt={campaign.endsAt} now={now} />
          </p>
        </div>
      </div>
      <div className="campaign-layout">
        <div className="campaign-main">
          {claimed && <ClaimCelebration claims={claimed} />}
          <p className="campaign-description">{localized(campaign, 'description', i18n.language)}</p>
          <p className="campaign-rule">
            {t(`campaigns.rule.${campaign.reward.variant}`, {
              count: campaign.reward.totalSlots ?? campaign.reward.winners ?? 0,
              amount: countedText(campaign.reward.amount ?? campaign.reward.pool),
            })}
          </p>
          {progress && <EntryStatus progress={progress} />}
          <CampaignEligibility campaign={campaign} ineligible={ineligible} />
          <h2 className="campaign-section__title" id="campaign-tasks" ref={tasksRef}>
            {t('campaigns.details.tasks')}
          </h2>
          {started && (
            <TaskProgress
              done={done}
              total={total}
              label={t('campaigns.details.progress', { done, total })}
            />
          )}
          {progressQuery.isError && signedIn && (
            <ErrorState
              message={describeError(progressQuery.error)}
              onRetry={() => void progressQuery.refetch()}
            />
          )}
          <ol className="task-list">
            {campaign.tasks.map((task, i) => (
              <li key={task.id}>
                <TaskCard
                  actions={taskActions}
                  task={task}
                  number={i + 1}
                  progress={progress?.tasks.find((p) => p.taskId === task.id)}
                  initial={initialTaskState(task, campaign.tasks, progress?.tasks)}
                  ensureReady={ensureReady}
                  onPrimaryAction={!actionable && task.id === current ? onPrimaryAction : undefined}
                  openUrl={openUrl}
                  note={t('campaigns.details.points', { count: task.points })}
                  readOnly={!live}
                />
              </li>
            ))}
          </ol>
          <CampaignLeaderboard leaderboardId={campaign.leaderboardId} signedIn={signedIn} />
          <CampaignRoadmap stages={campaign.stages} now={now} />
          {raffle && (
            <RaffleCheck
              campaignId={campaign.id}
              slug={campaign.slug}
              myEntryId={progress?.entryId ?? null}
            />
          )}
        </div>
        <aside className="card campaign-side">
          <h2 className="campaign-side__title">{t('campaigns.details.reward')}</h2>
          <p className="campaign-side__reward">
            <span className="campaign-coin" aria-hidden="true">
              K
            </span>
            {rewardText(t, campaign.reward)}
          </p>
          <SlotsBar reward={campaign.reward} />
          {progress && started && (
            <dl className="campaign-me">
              <div>
                <dt>{t('campaigns.details.yourPoints')}</dt>
                <dd data-stat="points">{progress.points}</dd>
              </div>
              <div>
                <dt>{t('campaigns.details.yourRank')}</dt>
                <dd data-stat="rank">
                  {progress.rank ? `#${progress.rank}` : t('campaigns.details.unranked')}
                </dd>
              </div>
            </dl>
          )}
          {progress?.entryStatus === 'FINISHED' && (
            <Notice tone="success">{t('campaigns.details.finished')}</Notice>
          )}
          {button === 'CONTINUE_TASKS' && (
            <TaskProgress
              done={done}
              total={total}
              label={t('campaigns.details.progress', { done, total })}
            />
          )}
          {!signedIn && live ? (
            <>
              <p className="campaign-side__hint">{t('campaigns.details.signInHint')}</p>
              <Button variant="primary" block onClick={() => openModal('login')} data-state={button}>
                {label}
              </Button>
            </>
          ) : (
            <Button
              variant={BUTTON_VARIANT[button]}
              block
              busy={busy}
              disabled={
                !actionable && button !== 'CONTINUE_TASKS'
                  ? true
                  : ineligible.length > 0 && button === 'GET_STARTED'
              }
              onClick={press}
              data-state={button}
              className="campaign-button"
            >
              {label}
            </Button>
          )}
          {button === 'COMING_SOON' && campaign.status === 'PUBLISHED' && (
            <CampaignReminder
              campaignId={campaign.id}
              signedIn={signedIn}
              reminded={progress?.reminded === true}
              onSignIn={() => openModal('login')}
            />
          )}
          {start.isError && ineligibleOf(start.error).length === 0 && (
            <Notice tone="error">{describeError(start.error)}</Notice>
          )}
          {claim.isError && (
            <Notice tone="error" as="div" className="campaign-claim-failed">
              <strong>{t('campaigns.claim.failedTitle')}</strong>
              <p>{t('campaigns.claim.failed')}</p>
            </Notice>
          )}
          {progress && <ClaimList claims={progress.claims} />}
          {progress?.entryId && (
            <p className="campaign-side__entry">{t('campaigns.details.entry', { id: progress.entryId })}</p>
          )}
          {signedIn && campaign.reward.referral !== null && (
            <CampaignReferral campaignId={campaign.id} title={title} openShare={openShare} />
          )}
        </aside>
      </div>
    </article>
  );
}

function CampaignBody(props: { campaign: CampaignDetails } & CampaignDetailsScreenProps) {
  const signedIn = useIsSignedIn();
  return <CampaignView {...props} signedIn={signedIn} />;
}

/**
 * /k-drop/campaigns/<slug>: hero, timer, the SPEC §4 button, eligibility, the user's entry, tasks
 * (the quests' task cards), points and rank, the leaderboard, the roadmap, claims, invites and (raffle)
 * the draw's check. Loading, error and not-found states.
 */
export function CampaignDetailsScreen(props: CampaignDetailsScreenProps = {}) {
  useTextPart('campaigns');
  useTextPart('quests');
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const describeError = useErrorMessage();
  const slug = useMemo(() => campaignSlugFromPath(pathname), [pathname]);
  const campaign = useCampaign(slug);
  const notFound = !slug || (campaign.isError && isApiError(campaign.error) && campaign.error.status === 404);
  return (
    <Page title={campaign.data ? localized(campaign.data, 'title', i18n.language) : t('campaigns.title')}>
      <Link className="back-link" to="/k-drop/campaigns">
        ← {t('campaigns.details.back')}
      </Link>
      {notFound ? (
        <EmptyState message={t('campaigns.details.notFound')} />
      ) : campaign.isPending ? (
        <LoadingState skeletonLines={5} />
      ) : campaign.isError ? (
        <ErrorState message={describeError(campaign.error)} onRetry={() => void campaign.refetch()} />
      ) : (
        <CampaignBody campaign={campaign.data} {...props} />
      )}
    </Page>
  );
}

/** /k-drop/campaigns/<slug>/verify: the raffle's draw, recomputed in the browser. */
export function RaffleVerifyScreen() {
  useTextPart('campaigns');
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const describeError = useErrorMessage();
  const signedIn = useIsSignedIn();
  const slug = useMemo(() => campaignSlugFromPath(pathname), [pathname]);
  const campaign = useCampaign(slug);
  const progress = useCampaignProgress(campaign.data?.id ?? '', {
    enabled: signedIn && Boolean(campaign.data),
  });
  const notFound = !slug || (campaign.isError && isApiError(campaign.error) && campaign.error.status === 404);
  const title = campaign.data ? localized(campaign.data, 'title', i18n.language) : t('campaigns.title');
  return (
    <Page title={`${t('campaigns.raffle.title')} · ${title}`}>
      <Link
        className="back-link"
        to={slug ? `/k-drop/campaigns/${encodeURIComponent(slug)}` : '/k-drop/campaigns'}
      >
        ← {t('campaigns.raffle.back')}
      </Link>
      {notFound ? (
        <EmptyState message={t('campaigns.details.notFound')} />
      ) : campaign.isPending ? (
        <LoadingState skeletonLines={4} />
      ) : campaign.isError ? (
        <ErrorState message={describeError(campaign.error)} onRetry={() => void campaign.refetch()} />
      ) : (
        <>
          <h1 className="page-title">{title}</h1>
          <RaffleCheck
            campaignId={campaign.data.id}
            slug={campaign.data.slug}
            myEntryId={progress.data?.entryId ?? null}
            full
          />
        </>
      )}
    </Page>
  );
}
