import type {
  MintState,
  PogCard,
  PogCatalogue,
  PogDashboard,
  PogFeedPage,
  PogMintStatus,
  PogScores,
} from '@khel/core/contract';
import type { PogLeaderboard } from '../api/get-pog-leaderboard.ts';
import type { PogReferrals } from '../api/get-pog-referrals.ts';

/** Sample POG data for the screens' tests and previews. */
export const CARD_ID = '6d1f0b9e-2a3c-4e5f-8a7b-9c0d1e2f3a4b';
export const CLAN_ID = '3c6f1d2a-8b4e-4f7a-9c1d-2e5b7a9c0d11';

export const SCORES: PogScores = { HUMAN: 720, PLAY: 840, SKILL: 610, COMMERCE: 380, SOCIAL: 560 };

export const pogCard = (over: Partial<PogCard> = {}): PogCard => {
  const name = over.name ?? 'RaviPlays';
  return {
    id: CARD_ID,
    name,
    theme: 'Sci-Fi',
    variant: 'Epic',
    scores: SCORES,
    total: 655,
    badges: [
      { id: 'ProofOfPlay', type: 'OverallActivity', earnedAt: '2026-11-20T10:00:00.000Z' },
      { id: 'ProofOfHuman', type: 'OverallActivity', earnedAt: '2026-11-20T10:00:00.000Z' },
      { id: 'TelegramerSocial', type: 'SocialActivity', earnedAt: '2026-11-21T10:00:00.000Z' },
    ],
    avatarUrl: null,
    images: {
      front: `/api/pog/cards/${name}/front.png`,
      back: `/api/pog/cards/${name}/back.png`,
      share: `/api/pog/cards/${name}/share.png`,
    },
    showcaseUrl: `https://khel.example/pog-showcase?username=${name}`,
    likes: 42,
    likedByMe: false,
    clan: { id: CLAN_ID, name: 'Mumbai Mavericks' },
    mint: {
      chain: 'evm',
      network: 'khel-evm-sandbox',
      contract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: '17',
      owner: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      txHash: '0x8f2a9c3b1d4e5f60718293a4b5c6d7e8f90123456789abcdef0123456789abcd',
      block: '1204',
      explorerUrl: null,
      mintedAt: '2026-11-26T18:30:00.000Z',
    },
    rank: 12,
    ...over,
  };
};

/** A few cards of each variant, for feeds. */
export const FEED_CARDS: PogCard[] = [
  pogCard({
    id: '11111111-1111-4111-8111-111111111111',
    name: 'ShadowQueen',
    variant: 'Legendary',
    total: 912,
    likes: 318,
    rank: 1,
    likedByMe: true,
  }),
  pogCard({
    id: '22222222-2222-4222-8222-222222222222',
    name: 'BgmiBaba',
    variant: 'Legendary',
    total: 864,
    likes: 201,
    rank: 2,
    clan: { id: CLAN_ID, name: 'Delhi Dynamos' },
  }),
  pogCard({
    id: '33333333-3333-4333-8333-333333333333',
    name: 'RioRusher',
    variant: 'Rare',
    total: 402,
    likes: 77,
    rank: 31,
    clan: null,
  }),
  pogCard({
    id: '44444444-4444-4444-8444-444444444444',
    name: 'PixelPari',
    variant: 'Common',
    total: 180,
    likes: 9,
    rank: 88,
  }),
  pogCard(),
];

export const feedPage = (cards: PogCard[], feed: PogFeedPage['feed'] = 'legendary'): PogFeedPage => ({
  feed,
  cards,
  page: 1,
  limit: 20,
  total: cards.length,
  offset: cards.length,
  isLastCard: true,
});

const STEP: Record<MintState, 0 | 1 | 2> = {
  ReserveUsername: 0,
  AvatarCategorySelection: 1,
  CharacterSelection: 1,
  StyleSelection: 1,
  SelfieUpload: 1,
  AvatarGenerationPending: 1,
  SlotPaymentProcessing: 1,
  SlotPaymentFailed: 1,
  MintInProgress: 2,
  Minted: 2,
};

export const mintStatus = (state: MintState, over: Partial<PogMintStatus> = {}): PogMintStatus => ({
  cardId: state === 'ReserveUsername' ? null : CARD_ID,
  state,
  mode: 'customize_pog',
  step: STEP[state],
  name: state === 'ReserveUsername' ? null : 'RaviPlays',
  choices: {
    theme: state === 'ReserveUsername' ? null : 'Sci-Fi',
    category: state === 'ReserveUsername' || state === 'AvatarCategorySelection' ? null : 'space-ranger',
    character: null,
    style: null,
    selfie: false,
  },
  avatarUrl: null,
  generationsLeft: 5,
  slots: 0,
  slotPrices: { KCASH: '500000', RKHEL: '5000000' },
  chain: 'evm',
  mintStartedAt: null,
  mintExpectedMs: 100_000,
  mintError: null,
  mint: state === 'Minted' ? pogCard().mint : null,
  card: state === 'Minted' ? pogCard() : null,
  ...over,
});

export const CATALOGUE: PogCatalogue = {
  themes: [
    {
      id: 'Sci-Fi',
      categories: [
        {
          id: 'space-ranger',
          label: 'Space ranger',
          characters: [
            { id: 'nova', label: 'Nova' },
            { id: 'orion', label: 'Orion' },
            { id: 'vega', label: 'Vega' },
          ],
        },
        { id: 'cyborg', label: 'Cyborg', characters: [{ id: 'unit-7', label: 'Unit 7' }] },
      ],
      styles: [
        { id: 'neon', label: 'Neon' },
        { id: 'comic', label: 'Comic' },
        { id: 'painted', label: 'Painted' },
      ],
    },
    ...(['Adventure', 'Fantasy', 'Action', 'Toon', 'Horror'] as const).map((id) => ({
      id,
      categories: [{ id: 'hero', label: 'Hero', characters: [{ id: 'ace', label: 'Ace' }] }],
      styles: [{ id: 'classic', label: 'Classic' }],
    })),
  ],
};

export const dashboard = (over: Partial<PogDashboard> = {}): PogDashboard => ({
  card: pogCard(),
  scores: SCORES,
  total: 655,
  variant: 'Epic',
  nextVariant: { variant: 'Legendary', pointsNeeded: 145 },
  badges: pogCard().badges,
  boostBasisPoints: 11_500,
  activity: { questsCompleted: 34, socialTasks: 12 },
  scoredAt: '2026-11-27T06:00:00.000Z',
  ...over,
});

export const clanEntry = (rank: number, name: string, score: number) => ({
  rank,
  clanId: `${rank}${rank}${rank}${rank}${rank}${rank}${rank}${rank}-aaaa-4aaa-8aaa-aaaaaaaaaaaa`.slice(0, 36),
  clanName: name,
  clanLogo: null,
  pogScore: score,
  minted: Math.max(1, 12 - rank),
  memberCount: 20,
});

export const leaderboard = (over: Partial<PogLeaderboard> = {}): PogLeaderboard => {
  const clans = [
    clanEntry(1, 'Mumbai Mavericks', 9_420),
    clanEntry(2, 'São Paulo Snipers', 8_870),
    clanEntry(3, 'Delhi Dynamos', 7_310),
    clanEntry(4, 'Recife Raiders', 5_020),
    clanEntry(5, 'Pune Pixels', 3_390),
  ];
  return { tab: 'global-clans', clans, myClan: clans[3] ?? null, members: [], ...over };
};

export const referrals = (over: Partial<PogReferrals> = {}): PogReferrals => ({
  code: 'RAVI7',
  webUrl: 'https://khel.example/pog?ref=RAVI7',
  miniAppUrl: 'https://t.me/khel_bot/app?startapp=ref_RAVI7',
  invited: 6,
  minted: 2,
  kpointsEarned: '200',
  rewardPerMint: '100',
  friends: [
    { displayName: 'Ananya', minted: true, name: 'AnanyaGG' },
    { displayName: 'Lucas', minted: false, name: null },
  ],
  ...over,
});
