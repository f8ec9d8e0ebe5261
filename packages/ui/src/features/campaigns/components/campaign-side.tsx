import type { CampaignDetails, CampaignProgress } from '@khel/core/contract';
import type { CampaignButtonKind } from '@khel/core/domain';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import type { ShareOptions } from '../../../components/share-row.tsx';
import { TaskProgress } from '../../../components/tasks/task-progress.tsx';
import { useErrorMessage } from '../../../hooks/use-error-message.ts';
import { useFormatDateTime } from '../../../hooks/use-format-date-time.ts';
import { numberText } from '../../../lib/display-locale.ts';
import { useUiStore } from '../../../stores/ui-store.ts';
import { type CampaignAction, ineligibleOf } from '../hooks/use-campaign-action.ts';
import { rewardText, SlotsBar } from './campaign-card.tsx';
import { ClaimList } from './campaign-claim.tsx';
import { CampaignReferral } from './campaign-referral.tsx';
import { CampaignReminder } from './campaign-reminder.tsx';

const BUTTON_VARIANT: Record<CampaignButtonKind, 'primary' | 'secondary'> = {
  GET_STARTED: 'primary',
  CONTINUE_TASKS: 'primary',
  CLAIM_REWARDS: 'primary',
  ENDED: 'secondary',
  COMING_SOON: 'secondary',
};

interface CampaignSideProps extends ShareOptions {
  campaign: CampaignDetails;
  title: string;
  signedIn: boolean;
  progress: CampaignProgress | undefined;
  action: CampaignAction;
  done: number;
  total: number;
  live: boolean;
}

/** The player's points and rank in the campaign. */
function MyStanding({ progress }: { progress: CampaignProgress }) {
  const { t } = useTranslation();
  return (
    <dl className="campaign-me">
      <div>
        <dt>{t('campaigns.details.yourPoints')}</dt>
        <dd data-stat="points">{numberText(progress.points)}</dd>
      </div>
      <div>
        <dt>{t('campaigns.details.yourRank')}</dt>
        <dd data-stat="rank">{progress.rank ? `#${progress.rank}` : t('campaigns.details.unranked')}</dd>
      </div>
    </dl>
  );
}

/** The SPEC §4 button; a visitor's opens the login modal while the campaign runs. */
function CampaignButton({ signedIn, action, live }: Pick<CampaignSideProps, 'signedIn' | 'action' | 'live'>) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const { button, label, actionable, ineligible } = action;
  if (!signedIn && live)
    return (
      <>
        <p className="campaign-side__hint">{t('campaigns.details.signInHint')}</p>
        <Button variant="primary" block onClick={() => openModal('login')} data-state={button}>
          {label}
        </Button>
      </>
    );
  return (
    <Button
      variant={BUTTON_VARIANT[button]}
      block
      busy={action.busy}
      disabled={
        !actionable && button !== 'CONTINUE_TASKS' ? true : ineligible.length > 0 && button === 'GET_STARTED'
      }
      onClick={action.press}
      data-state={button}
      className="campaign-button"
    >
      {label}
    </Button>
  );
}

/** Finished, waiting for the campaign to end: when the reward can be claimed. */
function RewardComesLater({ endsAt }: { endsAt: string | null }) {
  const { t } = useTranslation();
  const formatDate = useFormatDateTime();
  return (
    <p className="campaign-side__later" data-testid="reward-later">
      {endsAt
        ? t('campaigns.details.rewardWhenEnded', { date: formatDate(endsAt) })
        : t('campaigns.details.rewardWhenEndedOpen')}
    </p>
  );
}

/** What went wrong with Get started or Claim rewards. */
function ActionErrors({ action }: { action: CampaignAction }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const { start, claim } = action;
  return (
    <>
      {start.isError && ineligibleOf(start.error).length === 0 && (
        <Notice tone="error">{describeError(start.error)}</Notice>
      )}
      {claim.isError && (
        <Notice tone="error" as="div" className="campaign-claim-failed">
          <strong>{t('campaigns.claim.failedTitle')}</strong>
          <p>{t('campaigns.claim.failed')}</p>
        </Notice>
      )}
    </>
  );
}

/** The campaign page's side: the reward, the player's standing, the SPEC §4 button, claims and invites. */
export function CampaignSide({
  campaign,
  title,
  signedIn,
  progress,
  action,
  done,
  total,
  live,
  openShare,
}: CampaignSideProps) {
  const { t } = useTranslation();
  const openModal = useUiStore((s) => s.openModal);
  const { button } = action;
  const finished = progress?.entryStatus === 'FINISHED';
  return (
    <aside className="card campaign-side">
      <h2 className="campaign-side__title">{t('campaigns.details.reward')}</h2>
      <p className="campaign-side__reward">
        <span className="campaign-coin" aria-hidden="true">
          K
        </span>
        {rewardText(t, campaign.reward)}
      </p>
      <SlotsBar reward={campaign.reward} />
      {progress && action.started && <MyStanding progress={progress} />}
      {finished && <Notice tone="success">{t('campaigns.details.finished')}</Notice>}
      {finished && button === 'CONTINUE_TASKS' ? (
        // Every task done, the reward not yet claimable: no "Continue tasks" with nothing left, but when.
        <RewardComesLater endsAt={campaign.endsAt} />
      ) : (
        <>
          {button === 'CONTINUE_TASKS' && (
            <TaskProgress
              done={done}
              total={total}
              label={t('campaigns.details.progress', { done, total })}
            />
          )}
          <CampaignButton signedIn={signedIn} action={action} live={live} />
        </>
      )}
      {button === 'COMING_SOON' && campaign.status === 'PUBLISHED' && (
        <CampaignReminder
          campaignId={campaign.id}
          signedIn={signedIn}
          reminded={progress?.reminded === true}
          onSignIn={() => openModal('login')}
        />
      )}
      <ActionErrors action={action} />
      {progress && <ClaimList claims={progress.claims} />}
      {progress?.entryId && (
        <p className="campaign-side__entry">{t('campaigns.details.entry', { id: progress.entryId })}</p>
      )}
      {signedIn && campaign.reward.referral !== null && (
        <CampaignReferral campaignId={campaign.id} title={title} openShare={openShare} />
      )}
    </aside>
  );
}
