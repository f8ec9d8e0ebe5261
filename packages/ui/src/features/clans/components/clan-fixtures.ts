import type {
  ClanBoard,
  ClanDashboard,
  ClanDetail,
  ClanMember,
  ClanStatus,
  ClanSummary,
} from '@khel/core/contract';

/** Sample clans data for the clans screens' tests. */
export const CLAN_ID = '3c6f1d2a-8b4e-4f7a-9c1d-2e5b7a9c0d11';
export const CHIEF_ID = '5f0c9a4e-3b7d-4c1e-9a2f-0d6b8e1c2a34';
export const MEMBER_ID = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
export const QUEST_ID = '9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';

export const clanSummary = (over: Partial<ClanSummary> = {}): ClanSummary => ({
  id: CLAN_ID,
  clanName: 'Mumbai Mavericks',
  city: 'Mumbai',
  country: 'IN',
  description: 'BGMI and Valorant squad from IIT Bombay. Scrims every night.',
  clanLogo: null,
  bannerImage: null,
  collegeName: 'IIT Bombay',
  chief: { userId: CHIEF_ID, displayName: 'Ravi', avatarUrl: null },
  memberCount: 12,
  memberCap: 50,
  joinPolicy: 'OPEN',
  dashboardType: 'k_quest',
  score: 3_400,
  tier: 'Silver',
  rank: 7,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...over,
});

export const clanDetail = (over: Partial<ClanDetail> = {}): ClanDetail => ({
  ...clanSummary(),
  nextTier: 'Gold',
  pointsToNextTier: 1_600,
  viewerRole: 'Gamer',
  viewerRequestPending: false,
  invite: null,
  telegramGroup: null,
  ...over,
});

export const INVITE = {
  webUrl: `https://khel.example/discover-clan?clanId=${CLAN_ID}`,
  miniAppUrl: `https://t.me/khel_bot/app?startapp=clan_${CLAN_ID}`,
  startParam: `clan_${CLAN_ID}`,
};

export const RULES: ClanStatus['rules'] = {
  minDaysBeforeClanDelete: 7,
  minDaysToJoinClanAfterLeaving: 3,
  minDaysToRecreateClanAfterDelete: 30,
  minDateBeforeClanDelete: null,
  minDateToJoinClanAfterLeaving: null,
  minDateToRecreateClanAfterDelete: null,
};

export const status = (over: Partial<ClanStatus> = {}): ClanStatus => ({
  role: 'Gamer',
  clan: null,
  pendingRequests: [],
  registration: null,
  rules: RULES,
  ...over,
});

export const member = (over: Partial<ClanMember> = {}): ClanMember => ({
  userId: MEMBER_ID,
  displayName: 'Ananya',
  username: 'ananya_gg',
  avatarUrl: null,
  role: 'Member',
  joinedAt: '2026-11-20T08:30:00.000Z',
  points: 420,
  ...over,
});

export const membersPage = (members: ClanMember[]) => ({
  pages: [{ page: 1, limit: 20, total: members.length, offset: 0, isLastCard: true, members }],
  pageParams: [1],
});

export const clanPage = (clans: ClanSummary[], isLastCard = true) => ({
  pages: [{ page: 1, limit: 20, total: clans.length, offset: 0, isLastCard, clans }],
  pageParams: [1],
});

export const stats = {
  clanId: CLAN_ID,
  memberCount: 12,
  score: 3_400,
  tier: 'Silver' as const,
  nextTier: 'Gold' as const,
  pointsToNextTier: 1_600,
  rank: 7,
  totalClans: 120,
  questsCompleted: 31,
  campaignsFinished: 4,
  activeMembers7d: 9,
};

export const pogScores = {
  clanId: CLAN_ID,
  total: 0,
  scores: (['HUMAN', 'PLAY', 'SKILL', 'COMMERCE', 'SOCIAL'] as const).map((category) => ({
    category,
    score: 0,
  })),
  minters: 0,
};

export const dashboard: ClanDashboard = {
  type: 'k_quest',
  items: [{ id: QUEST_ID, slug: 'summer-cup', title: 'Summer Cup', finished: 1, started: 1 }],
  members: [
    {
      userId: CHIEF_ID,
      displayName: 'Ravi',
      avatarUrl: null,
      finished: [QUEST_ID],
      started: [],
      points: 900,
    },
    {
      userId: MEMBER_ID,
      displayName: 'Ananya',
      avatarUrl: null,
      finished: [],
      started: [QUEST_ID],
      points: 420,
    },
  ],
};

export const globalBoard: ClanBoard = {
  board: 'global',
  partner: null,
  top: [
    {
      rank: 1,
      clanId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
      clanName: 'Delhi Dragons',
      clanLogo: null,
      tier: 'Diamond',
      score: 25_000,
      memberCount: 48,
    },
  ],
  mine: {
    rank: 7,
    clanId: CLAN_ID,
    clanName: 'Mumbai Mavericks',
    clanLogo: null,
    tier: 'Silver',
    score: 3_400,
    memberCount: 12,
  },
  total: 120,
};
