import type { CampaignClaim, CampaignDetails, CampaignProgress } from '@khel/core/contract';
import { type CampaignButtonKind, errorCodeOf } from '@khel/core/domain';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEnsureStarted } from '../../../components/tasks/use-ensure-started.ts';
import { isApiError } from '../../../lib/api-result.ts';
import { useIntentKey } from '../../../lib/intent.ts';
import { type PrimaryActionListener, useReportPrimaryAction } from '../../../lib/primary-action.ts';
import { useClaimCampaignReward } from '../api/claim-campaign-reward.ts';
import { useStartCampaign } from '../api/start-campaign.ts';
import { visitorButton } from '../lib/campaign-view.ts';

/** The reasons of a 403 NOT_ELIGIBLE answer to Get started (data.reasons), if it is one. */
export function ineligibleOf(error: unknown): CampaignProgress['ineligible'] {
  if (!isApiError(error) || error.status !== 403 || errorCodeOf(error.data) !== 'NOT_ELIGIBLE') return [];
  const reasons = (error.data as { reasons?: unknown } | null)?.reasons;
  return Array.isArray(reasons)
    ? (reasons.filter((r) => typeof r === 'string') as CampaignProgress['ineligible'])
    : [];
}

export interface CampaignActionOptions {
  signedIn: boolean;
  progress: CampaignProgress | undefined;
  now: number;
  /** Told the main action (Get started / Claim rewards), for Telegram's MainButton. */
  onPrimaryAction?: PrimaryActionListener;
  /** Called when a reward is claimed. */
  onGain?: () => void;
}

export type CampaignAction = ReturnType<typeof useCampaignAction>;

/**
 * The campaign's SPEC §4 button: which it is, what pressing it does (enter, scroll to the tasks, claim), and the
 * start and claim requests behind it. Get started and Claim rewards are reported as the main action.
 */
export function useCampaignAction(campaign: CampaignDetails, options: CampaignActionOptions) {
  const { signedIn, progress, now, onPrimaryAction, onGain } = options;
  const { t } = useTranslation();
  const start = useStartCampaign();
  const claim = useClaimCampaignReward();
  const intent = useIntentKey();
  const [claimed, setClaimed] = useState<CampaignClaim[] | null>(null);
  const tasksRef = useRef<HTMLHeadingElement>(null);
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
  // Get started and Claim rewards are the main action; while tasks remain, the current task's button is.
  useReportPrimaryAction(
    actionable ? onPrimaryAction : undefined,
    actionable ? { key: button, text: label, run: press, busy, enabled: ineligible.length === 0 } : null,
  );

  return {
    start,
    claim,
    claimed,
    tasksRef,
    started,
    button,
    ineligible,
    ensureReady,
    press,
    busy,
    label,
    actionable,
  };
}
