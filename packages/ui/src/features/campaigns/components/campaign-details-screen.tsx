import '../campaigns.css';
import type { CampaignDetails, CampaignProgress } from '@khel/core/contract';
import { localized } from '@khel/core/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { LoadingState } from '../../../components/loading-state.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Page } from '../../../components/page.tsx';
import type { ShareOptions } from '../../../components/share-row.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { currentLanguage, translateApiMessage } from '../../../i18n/index.ts';
import { useTextPart } from '../../../i18n/use-text-part.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { countedText } from '../../../lib/money-text.ts';
import type { PrimaryActionListener } from '../../../lib/primary-action.ts';
import { useIsSignedIn } from '../../../providers/api-context.ts';
import { Link, useLocation } from '../../../routing/index.ts';
import { useCampaign } from '../api/get-campaign.ts';
import { useCampaignProgress } from '../api/get-campaign-progress.ts';
import { useCampaignAction } from '../hooks/use-campaign-action.ts';
import { campaignSlugFromPath } from '../lib/campaign-view.ts';
import { ClaimCelebration } from './campaign-claim.tsx';
import { CampaignEligibility } from './campaign-eligibility.tsx';
import { CampaignHero } from './campaign-hero.tsx';
import { CampaignLeaderboard } from './campaign-leaderboard.tsx';
import { CampaignRoadmap } from './campaign-roadmap.tsx';
import { CampaignSide } from './campaign-side.tsx';
import { CampaignTasks } from './campaign-tasks.tsx';
import { useNow } from './campaign-timer.tsx';
import { RaffleCheck } from './raffle-check.tsx';

export interface CampaignDetailsScreenProps extends ShareOptions {
  /** Told the main action (the SPEC §4 button, then the current task's), for Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
  /** Called when a reward is claimed here (the Mini App plays its success haptic). */
  onGain?: () => void;
  /** Opens a task's action page (default: a new tab; the Mini App passes Telegram's openLink). */
  openUrl?: (url: string) => void;
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
                reason: translateApiMessage(
                  progress.heldReasonCode,
                  progress.heldReason,
                  currentLanguage(i18n),
                ),
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
  const now = useNow(1000);
  const progressQuery = useCampaignProgress(campaign.id, { enabled: signedIn });
  const progress = signedIn ? progressQuery.data : undefined;
  const action = useCampaignAction(campaign, { signedIn, progress, now, onPrimaryAction, onGain });
  const title = localized(campaign, 'title', i18n.language);
  const { button } = action;
  const done = progress?.completedTasks ?? 0;
  const total = progress?.totalTasks ?? campaign.tasks.length;
  const raffle = campaign.reward.variant === 'OPEN_SLOT_RAFFLE_REWARD';
  const live = button === 'GET_STARTED' || button === 'CONTINUE_TASKS';
  const progressError =
    progressQuery.isError && signedIn
      ? { error: progressQuery.error, retry: () => void progressQuery.refetch() }
      : null;

  return (
    <article className="campaign-details" aria-labelledby="campaign-title">
      <CampaignHero campaign={campaign} title={title} now={now} />
      <div className="campaign-layout">
        <div className="campaign-main">
          {action.claimed && <ClaimCelebration claims={action.claimed} />}
          <p className="campaign-description">{localized(campaign, 'description', i18n.language)}</p>
          <p className="campaign-rule">
            {t(`campaigns.rule.${campaign.reward.variant}`, {
              count: campaign.reward.totalSlots ?? campaign.reward.winners ?? 0,
              amount: countedText(campaign.reward.amount ?? campaign.reward.pool),
            })}
          </p>
          {progress && <EntryStatus progress={progress} />}
          <CampaignEligibility campaign={campaign} ineligible={action.ineligible} />
          <CampaignTasks
            campaign={campaign}
            progress={progress}
            progressError={progressError}
            action={action}
            done={done}
            total={total}
            live={live}
            onPrimaryAction={onPrimaryAction}
            openUrl={openUrl}
          />
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
        <CampaignSide
          campaign={campaign}
          title={title}
          signedIn={signedIn}
          progress={progress}
          action={action}
          done={done}
          total={total}
          live={live}
          openShare={openShare}
        />
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
