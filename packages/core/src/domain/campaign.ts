/** SPEC §4 campaign statuses. */
export const CAMPAIGN_STATUSES = [
  'ARCHIVED',
  'DRAFT',
  'ENDED',
  'LIVE',
  'PUBLISHED',
  'REWARDS_CREDITED',
  'CLAIM_REWARDS',
  'PROCESSING_REWARDS',
] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** SPEC §4: the success marker of a reward disbursement. */
export const REWARD_DISBURSEMENT_SUCCESSFUL = 'REWARD_DISBURSEMENT_SUCCESSFUL';

/** SPEC §3 campaign variants. */
export const CAMPAIGN_VARIANTS = [
  'FIXED_SLOT_FIXED_REWARD',
  'OPEN_SLOT_DYNAMIC_REWARD',
  'OPEN_SLOT_LEADERBOARD_REWARD',
  'OPEN_SLOT_RAFFLE_REWARD',
] as const;
export type CampaignVariant = (typeof CAMPAIGN_VARIANTS)[number];

export type Instant = Date | number | string;

function ms(t: Instant): number {
  return t instanceof Date ? t.getTime() : typeof t === 'number' ? t : Date.parse(t);
}

export type CampaignTimer =
  | { label: 'Starts'; target: Date; remainingMs: number }
  | { label: 'Ends'; target: Date; remainingMs: number }
  | { label: null; target: null; remainingMs: 0 };

/**
 * SPEC §4 timer: "Starts" with the time left before the start, "Ends" with the time left while it
 * runs, nothing after the end. The start instant itself counts as running, the end instant as over.
 * A campaign without an end (`endsAt` null) shows nothing once it has started.
 */
export function getCampaignTimer(input: {
  startsAt: Instant;
  endsAt: Instant | null;
  now: Instant;
}): CampaignTimer {
  const now = ms(input.now);
  const start = ms(input.startsAt);
  if (now < start) return { label: 'Starts', target: new Date(start), remainingMs: start - now };
  if (input.endsAt !== null) {
    const end = ms(input.endsAt);
    if (now < end) return { label: 'Ends', target: new Date(end), remainingMs: end - now };
  }
  return { label: null, target: null, remainingMs: 0 };
}

export interface CampaignUserProgress {
  /** The user has pressed Get started (the campaign start call succeeded). */
  started: boolean;
  completedTasks: number;
  totalTasks: number;
  /** The user already claimed this campaign's reward. */
  rewardClaimed?: boolean;
  /**
   * The user has a reward waiting to be claimed (a fixed reward right after finishing, a pool share,
   * prize or referral bonus once rewards are credited): the button is CLAIM_REWARDS whatever the status.
   */
  hasClaimable?: boolean;
}

export type CampaignButton =
  | { kind: 'GET_STARTED'; disabled: false }
  | { kind: 'CONTINUE_TASKS'; disabled: false; completed: number; total: number; progress: number }
  | { kind: 'CLAIM_REWARDS'; disabled: false }
  | { kind: 'COMING_SOON'; disabled: true }
  | { kind: 'ENDED'; disabled: true };

export type CampaignButtonKind = CampaignButton['kind'];

/** completed/total clamped to 0..1; 0 when the campaign has no tasks. */
export function campaignProgress(completed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, completed / total));
}

/**
 * The campaign card's button (SPEC §4). Rules, in order:
 * 0. A user with a reward waiting (`hasClaimable`) → CLAIM_REWARDS, in any status but DRAFT.
 * 1. DRAFT → COMING_SOON. ARCHIVED, ENDED, PROCESSING_REWARDS, REWARDS_CREDITED → ENDED.
 * 2. CLAIM_REWARDS → CLAIM_REWARDS for a user who started, completed every task and has not claimed;
 *    ENDED for everyone else (the campaign is over for them).
 * 3. PUBLISHED and LIVE follow the clock as well as the status, because the status is switched by a
 *    job and may lag: before the start → COMING_SOON; at or after the end → ENDED.
 * 4. Otherwise (running): a user who has not started (or is signed out) → GET_STARTED; a user who
 *    started → CONTINUE_TASKS with progress = completed/total, even at 100 % (rewards are claimed
 *    only once the campaign reaches CLAIM_REWARDS).
 */
export function getCampaignButton(input: {
  status: CampaignStatus;
  startsAt: Instant;
  endsAt: Instant | null;
  now: Instant;
  user: CampaignUserProgress | null;
}): CampaignButton {
  const { status, user } = input;
  const ended: CampaignButton = { kind: 'ENDED', disabled: true };
  const comingSoon: CampaignButton = { kind: 'COMING_SOON', disabled: true };
  if (user?.hasClaimable && status !== 'DRAFT') return { kind: 'CLAIM_REWARDS', disabled: false };
  switch (status) {
    case 'DRAFT':
      return comingSoon;
    case 'ARCHIVED':
    case 'ENDED':
    case 'PROCESSING_REWARDS':
    case 'REWARDS_CREDITED':
      return ended;
    case 'CLAIM_REWARDS': {
      const eligible =
        user?.started &&
        user.totalTasks > 0 &&
        user.completedTasks >= user.totalTasks &&
        user.rewardClaimed !== true;
      return eligible ? { kind: 'CLAIM_REWARDS', disabled: false } : ended;
    }
    case 'PUBLISHED':
    case 'LIVE': {
      const timer = getCampaignTimer(input);
      if (timer.label === 'Starts') return comingSoon;
      if (input.endsAt !== null && timer.label === null) return ended;
      if (!user?.started) return { kind: 'GET_STARTED', disabled: false };
      return {
        kind: 'CONTINUE_TASKS',
        disabled: false,
        completed: user.completedTasks,
        total: user.totalTasks,
        progress: campaignProgress(user.completedTasks, user.totalTasks),
      };
    }
  }
}
