import type {
  Campaign,
  CampaignDetails,
  CampaignProgress,
  CampaignReferral,
  Contribution,
  LeaderboardEntry,
  LeaderboardTop,
  Task,
} from '@khel/core/contract';
import { task, userTask } from '../../../test/task-fixtures.ts';

/** Answers of the campaigns and leaderboards API as the screens' tests put them in the query cache. */
const kcash = (amount: string) => ({ amount, currency: 'KCASH' as const, decimals: 3 });
const DAY = 86_400_000;
/** Live now: started five days ago, ends in 25 days (whenever the tests run). */
export const STARTS_AT = new Date(Date.now() - 5 * DAY).toISOString();
export const ENDS_AT = new Date(Date.now() + 25 * DAY).toISOString();

export const CAMPAIGN_ID = '44444444-4444-4444-8444-444444444444';
export const QUEST_ID = '55555555-5555-4555-8555-555555555555';
export const BOARD_ID = '66666666-6666-4666-8666-666666666666';
export const CAMPAIGN_TASK_IDS = [
  'bbbbbbbb-0000-4000-8000-000000000001',
  'bbbbbbbb-0000-4000-8000-000000000002',
] as const;

export function campaign(fields: Partial<Campaign> = {}): Campaign {
  return {
    id: CAMPAIGN_ID,
    slug: 'monsoon-drop',
    title: 'Monsoon Drop',
    description: 'Follow Khel and join the Discord: the first 100 finishers get 500 K-Cash each.',
    coverUrl: '/art/games/dark-throne-sieges.svg',
    hub: null,
    game: null,
    status: 'LIVE',
    startsAt: STARTS_AT,
    endsAt: ENDS_AT,
    featured: true,
    reward: {
      variant: 'FIXED_SLOT_FIXED_REWARD',
      amount: kcash('500000'),
      pool: kcash('50000000'),
      totalSlots: 100,
      remainingSlots: 75,
      winners: null,
      bands: null,
      referral: { rewardPerFinisher: kcash('50000'), maxRewardedReferrals: 10 },
    },
    eligibility: {
      countries: [],
      continents: [],
      kycRequired: false,
      pogRequired: false,
      clanRequired: false,
    },
    entryCaps: { perIp: null, perDevice: 2 },
    participants: 40,
    finishers: 25,
    taskCount: 2,
    questId: QUEST_ID,
    leaderboardId: BOARD_ID,
    seedHash: null,
    seed: null,
    drawnAt: null,
    translations: { 'pt-BR': { title: 'Drop das Monções' } },
    ...fields,
  };
}

function campaignTask(
  id: string,
  title: string,
  { points = 10, ...fields }: Partial<Task & { points: number }> = {},
): Task & { points: number } {
  return { ...task(id, { type: 'special_code', title, ...fields }), points };
}

export function campaignDetails(fields: Partial<CampaignDetails> = {}): CampaignDetails {
  return {
    ...campaign(),
    tasks: [
      campaignTask(CAMPAIGN_TASK_IDS[0], 'Follow Khel on X', { type: 'x_follow', needsAction: true }),
      campaignTask(CAMPAIGN_TASK_IDS[1], 'Campaign code', { input: 'code', points: 20 }),
    ],
    stages: [
      {
        title: 'Sign-ups',
        description: 'Finish every task.',
        startsAt: STARTS_AT,
        endsAt: ENDS_AT,
        gamer_earnings: kcash('500000'),
        earningType: 'FIXED_REWARD',
        translations: {},
      },
    ],
    ...fields,
  };
}

export function progress(fields: Partial<CampaignProgress> = {}): CampaignProgress {
  return {
    campaignId: CAMPAIGN_ID,
    entryStatus: 'STARTED',
    entryId: '17',
    heldReason: null,
    startedAt: '2026-11-24T00:00:00.000Z',
    finishedAt: null,
    points: 10,
    completedTasks: 1,
    totalTasks: 2,
    tasks: [userTask(CAMPAIGN_TASK_IDS[0], { status: 'VERIFIED' }), userTask(CAMPAIGN_TASK_IDS[1])],
    rank: 4,
    ineligible: [],
    claims: [],
    button: 'CONTINUE_TASKS',
    ...fields,
  };
}

export function entry(rank: number, fields: Partial<LeaderboardEntry> = {}): LeaderboardEntry {
  return {
    rank,
    displayName: `player${rank}`,
    avatarUrl: null,
    level: 1,
    score: 100 - rank,
    reachedAt: '2026-11-24T00:00:00.000Z',
    ...fields,
  };
}

export function leaderboard(count = 5): LeaderboardTop {
  return {
    leaderboard: {
      id: BOARD_ID,
      slug: 'monsoon-drop',
      title: 'Monsoon Drop',
      kind: 'campaign',
      status: 'LIVE',
      campaignId: CAMPAIGN_ID,
      campaignSlug: 'monsoon-drop',
      startsAt: STARTS_AT,
      endsAt: ENDS_AT,
      participants: 40,
    },
    top: Array.from({ length: count }, (_, i) => entry(i + 1)),
    total: 40,
  };
}

export function contribution(fields: Partial<Contribution> = {}): Contribution {
  return {
    leaderboardId: BOARD_ID,
    entry: entry(4, { displayName: 'me' }),
    total: 40,
    breakdown: [{ label: 'Follow Khel on X', points: 10 }],
    ...fields,
  };
}

export function referral(fields: Partial<CampaignReferral> = {}): CampaignReferral {
  return {
    code: 'AB12CD',
    links: {
      website: 'https://khel.example/k-drop/campaigns/monsoon-drop?ref=AB12CD',
      miniApp: 'https://t.me/khel_bot/app?startapp=ref_AB12CD',
    },
    joined: 3,
    finished: 1,
    earned: kcash('50000'),
    rewardPerFinisher: kcash('50000'),
    maxRewardedReferrals: 10,
    ...fields,
  };
}
