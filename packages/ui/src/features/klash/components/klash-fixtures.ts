import {
  type KlashBracket,
  type KlashMatch,
  type KlashRegistration,
  type KlashSide,
  type KlashTournamentDetails,
  money,
} from '@khel/core/contract';

/** Sample klash data for the screens' tests. */
export const TOURNAMENT_ID = '0d7c1f3e-8a2b-4c5d-9e6f-1a2b3c4d5e6f';
const GAME_ID = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';
export const ENTRY = (n: number) => `e0000000-0000-4000-8000-00000000000${n}`;
const MATCH = (n: number) => `a0000000-0000-4000-8000-00000000000${n}`;

export function tournament(over: Partial<KlashTournamentDetails> = {}): KlashTournamentDetails {
  return {
    id: TOURNAMENT_ID,
    slug: 'bgmi-squad-cup',
    title: 'BGMI Squad Cup',
    description: 'Four squads, one night, one champion.',
    coverUrl: 'https://cdn.khel.example/klash/bgmi-cup.jpg',
    game: { id: GAME_ID, slug: 'bgmi', name: 'BGMI', coverUrl: 'https://cdn.khel.example/games/bgmi.jpg' },
    format: 'bracket',
    mode: 'team',
    teamSize: 2,
    status: 'registration_open',
    registrationOpensAt: '2026-11-01T10:00:00.000Z',
    registrationClosesAt: '2099-11-01T10:00:00.000Z',
    startsAt: '2099-11-01T12:00:00.000Z',
    endsAt: null,
    capacity: 4,
    registeredCount: 1,
    spotsLeft: 3,
    registration: 'open',
    entryFee: money(100_000n, 'KCASH'),
    prizePool: money(2_000_000n, 'KCASH'),
    prizes: {
      kind: 'rank',
      ranks: [
        { rank: 1, amount: money(1_200_000n, 'KCASH') },
        { rank: 2, amount: money(800_000n, 'KCASH') },
      ],
    },
    payoutStatus: 'pending',
    rules: 'Custom rooms, TPP, Erangel.',
    matchMinutes: 60,
    seedHash: null,
    seed: null,
    seedingAlgorithm: 'klash-seeding-v1: sha256(seed:entryId) ascending',
    myRegistration: null,
    winner: null,
    cancelledAt: null,
    cancelReason: null,
    clanTeams: [],
    ...over,
  };
}

export function registration(over: Partial<KlashRegistration> = {}): KlashRegistration {
  return {
    entryId: ENTRY(1),
    tournamentId: TOURNAMENT_ID,
    status: 'registered',
    name: 'Pune Panthers',
    isCaptain: true,
    team: {
      name: 'Pune Panthers',
      members: [{ type: 'phone', masked: '+91•••••3210', joined: true }],
      clan: null,
    },
    feePaid: money(100_000n, 'KCASH'),
    refunded: false,
    registeredAt: '2026-11-02T10:00:00.000Z',
    seed: null,
    rank: null,
    prize: null,
    prizePaid: false,
    ...over,
  };
}

const side = (n: number | null, over: Partial<KlashSide> = {}): KlashSide => ({
  entry: n === null ? null : { entryId: ENTRY(n), name: `Team ${n}`, clan: null, isMe: n === 1 },
  seed: n,
  report: null,
  reportedAt: null,
  score: null,
  isBye: false,
  ...over,
});

function match(
  n: number,
  round: number,
  position: number,
  sides: [KlashSide, KlashSide],
  over: Partial<KlashMatch> = {},
): KlashMatch {
  return {
    id: MATCH(n),
    tournamentId: TOURNAMENT_ID,
    round,
    roundsFromEnd: 2 - round,
    position,
    state: 'ready',
    sides,
    winnerSide: null,
    resolution: null,
    deadlineAt: '2099-11-01T13:00:00.000Z',
    settledAt: null,
    mySide: null,
    ...over,
  };
}

/** Four teams: team 1 (the reader's) beat team 4, team 2 beat team 3, team 1 won the final. */
export function finishedBracket(): KlashBracket {
  const settled = { state: 'settled' as const, winnerSide: 0, resolution: 'agreed' as const };
  return {
    tournamentId: TOURNAMENT_ID,
    status: 'completed',
    roundCount: 2,
    rounds: [
      {
        round: 1,
        roundsFromEnd: 1,
        matches: [
          match(1, 1, 0, [side(1, { score: 3 }), side(4, { score: 1 })], { ...settled, mySide: 0 }),
          match(2, 1, 1, [side(2, { score: 2 }), side(3, { score: 0 })], settled),
        ],
      },
      {
        round: 2,
        roundsFromEnd: 0,
        matches: [match(3, 2, 0, [side(1, { score: 2 }), side(2, { score: 1 })], { ...settled, mySide: 0 })],
      },
    ],
    champion: { entryId: ENTRY(1), name: 'Team 1', clan: null, isMe: true },
    seedHash: null,
    seed: null,
    seedingAlgorithm: 'klash-seeding-v1: sha256(seed:entryId) ascending',
    seeding: [ENTRY(1), ENTRY(2), ENTRY(3), ENTRY(4)],
  };
}

/** The same bracket live: round 1 settled, the final ready for the reader to report. */
export function liveBracket(): KlashBracket {
  const bracket = finishedBracket();
  const final = bracket.rounds[1]!.matches[0]!;
  bracket.rounds[1]!.matches[0] = {
    ...final,
    state: 'ready',
    winnerSide: null,
    resolution: null,
    sides: [side(1), side(2)],
  };
  return { ...bracket, status: 'live', champion: null };
}
