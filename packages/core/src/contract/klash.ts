import { z } from 'zod';
import { emailSchema } from '../validation/email.ts';
import { DIAL_CODES } from '../validation/supported-countries.ts';
import { phoneE164ShapeSchema } from './auth.ts';
import { gameRefSchema, pageStateSchema, SLUG_PATTERN, slugSchema } from './games.ts';
import { lazySchema } from './lazy.ts';
import { assetUrlSchema } from './operators.ts';
import { defineRoute, UUID_PATTERN, uuidParams } from './route.ts';
import { moneySchema } from './wallets.ts';

/**
 * Klash tournaments (SPEC §1 "Klash tournaments", §2 /klash, /klash/, /tournaments/).
 *
 * A tournament is for one game, solo or team (a captain registers the team's other members by phone or
 * email, and may enter it for the captain's clan). Two formats:
 * - `bracket`: single elimination. Both sides report `won`/`lost`; agreement settles the match,
 *   disagreement makes it `disputed` (an operator or the game API settles). A side that does not report
 *   by the match deadline forfeits to a side that did; when neither reports, the better seed advances
 *   (`no_show`). Fields that are not a power of two give byes to the best seeds in round 1.
 * - `leaderboard`: a score board fed by the game API (sandbox outside production) for 24 hours
 *   (`endsAt`), ranked by best score; prizes by rank or by percentile band.
 *
 * Money (K-Cash, minor units: 1 K-Cash = 1000): the entry fee is taken at registration into the
 * tournament's escrow (ledger), refunded on withdrawal before registration closes and, exactly once, when
 * the tournament is cancelled. The prize pool is put up by the treasury when the operator opens the
 * tournament; prizes are paid as earnings (to collect on /collect-earnings) by one job, exactly once.
 *
 * Lifecycle, moved on time by jobs: draft → scheduled → registration_open → registration_closed →
 * live → completed; cancelled from any state before completed.
 */

export const KLASH_FORMATS = ['bracket', 'leaderboard'] as const;
export type KlashFormat = (typeof KLASH_FORMATS)[number];

export const KLASH_MODES = ['solo', 'team'] as const;
export type KlashMode = (typeof KLASH_MODES)[number];

export const KLASH_STATUSES = [
  'draft',
  'scheduled',
  'registration_open',
  'registration_closed',
  'live',
  'completed',
  'cancelled',
] as const;
export type KlashStatus = (typeof KLASH_STATUSES)[number];

/** The list's tabs: upcoming (scheduled or registering), live, past (completed or cancelled). */
export const KLASH_LIST_STATUSES = ['upcoming', 'live', 'past'] as const;
export type KlashListStatus = (typeof KLASH_LIST_STATUSES)[number];

/** Where registration stands for a visitor: the register button's state. */
export const KLASH_REGISTRATION_STATES = ['not_open', 'open', 'full', 'closed'] as const;
export type KlashRegistrationState = (typeof KLASH_REGISTRATION_STATES)[number];

/** A registration (an entry: one player, or one team). `cancelled`: the tournament was cancelled (fee refunded). */
export const KLASH_ENTRY_STATUSES = ['registered', 'withdrawn', 'cancelled'] as const;
export type KlashEntryStatus = (typeof KLASH_ENTRY_STATUSES)[number];

/**
 * A bracket match: `waiting` for its sides (earlier matches), `ready` (both known, nothing reported),
 * `reported` (one side reported), `disputed` (the sides disagree), `settled` (winner known).
 */
export const KLASH_MATCH_STATES = ['waiting', 'ready', 'reported', 'disputed', 'settled'] as const;
export type KlashMatchState = (typeof KLASH_MATCH_STATES)[number];

/** How a settled match was decided. */
export const KLASH_MATCH_RESOLUTIONS = [
  'agreed',
  'operator',
  'game_api',
  'forfeit',
  'no_show',
  'bye',
] as const;
export type KlashMatchResolution = (typeof KLASH_MATCH_RESOLUTIONS)[number];

export const KLASH_REPORTS = ['won', 'lost'] as const;
export type KlashReport = (typeof KLASH_REPORTS)[number];

export const KLASH_PRIZE_KINDS = ['rank', 'percentile'] as const;
export type KlashPrizeKind = (typeof KLASH_PRIZE_KINDS)[number];

/** Prize payout of a tournament: `pending` until completed, `paid` once the payout job ran, `none` (cancelled, or no pool). */
export const KLASH_PAYOUT_STATUSES = ['pending', 'paid', 'none'] as const;
export type KlashPayoutStatus = (typeof KLASH_PAYOUT_STATUSES)[number];

/** How bracket seeds are drawn (docs in the module README): recomputable from the published seed. */
export const KLASH_SEEDING_ALGORITHM = 'klash-seeding-v1: sha256(seed:entryId) ascending';

/** A leaderboard tournament lasts this long after it starts unless the operator says otherwise. */
export const KLASH_LEADERBOARD_HOURS = 24;
export const KLASH_MAX_TEAM_SIZE = 10;
export const KLASH_MAX_CAPACITY = 1024;
export const KLASH_DEFAULT_LIMIT = 20;
export const KLASH_MAX_LIMIT = 100;
/** The leaderboard answers at most this many rows (plus the reader's own). */
export const KLASH_LEADERBOARD_MAX_LIMIT = 100;
export const KLASH_DEFAULT_MATCH_MINUTES = 60;

export const KLASH_NOT_FOUND_MESSAGE = 'This tournament is not available.';
export const KLASH_MATCH_NOT_FOUND_MESSAGE = 'This match is not available.';
export const KLASH_REGISTRATION_NOT_OPEN_MESSAGE = 'Registration for this tournament has not opened yet.';
export const KLASH_REGISTRATION_CLOSED_MESSAGE = 'Registration for this tournament is closed.';
export const KLASH_FULL_MESSAGE = 'This tournament is full.';
export const KLASH_ALREADY_REGISTERED_MESSAGE = 'You are already registered for this tournament.';
export const KLASH_NOT_REGISTERED_MESSAGE = 'You are not registered for this tournament.';
export const KLASH_TEAM_REQUIRED_MESSAGE = 'This is a team tournament: enter a team name and its members.';
export const KLASH_SOLO_ONLY_MESSAGE = 'This is a solo tournament: register without a team.';
export const KLASH_TEAM_SIZE_MESSAGE =
  'The team does not have the number of members this tournament asks for.';
export const KLASH_MEMBER_DUPLICATE_MESSAGE = 'List each team member once, and not yourself.';
export const KLASH_MEMBER_PHONE_MESSAGE =
  "A team member's phone number must start with +91, +55, +977 or +880.";
export const KLASH_MEMBER_TAKEN_MESSAGE = 'A member of this team is already registered in this tournament.';
export const KLASH_CLAN_NOT_MEMBER_MESSAGE = 'You can only enter a team for your own clan.';
export const KLASH_WITHDRAW_CLOSED_MESSAGE = 'Registration has closed: you can no longer withdraw.';
export const KLASH_NOT_YOUR_MATCH_MESSAGE =
  'Only a player or team captain of this match can report its result.';
export const KLASH_MATCH_NOT_READY_MESSAGE = 'This match is not ready for results.';
export const KLASH_ALREADY_REPORTED_MESSAGE = 'You already reported the result of this match.';
export const KLASH_MATCH_SETTLED_MESSAGE = 'This match is already settled.';
export const KLASH_NOT_BRACKET_MESSAGE = 'This tournament has no bracket.';
export const KLASH_NOT_LEADERBOARD_MESSAGE = 'This tournament has no leaderboard.';
export const KLASH_NOT_LIVE_MESSAGE = 'This tournament is not live.';
export const KLASH_NOT_EDITABLE_MESSAGE = 'This tournament can no longer be changed.';
export const KLASH_CANNOT_OPEN_MESSAGE = 'Only a draft tournament can be opened.';
export const KLASH_CANNOT_CANCEL_MESSAGE = 'This tournament can no longer be cancelled.';
export const KLASH_WINNER_NOT_IN_MATCH_MESSAGE = 'The winner must be one of the two sides of the match.';
export const KLASH_ENTRY_NOT_FOUND_MESSAGE = 'There is no such entry in this tournament.';
export const KLASH_GAME_NOT_FOUND_MESSAGE = 'There is no game with this slug.';
export const KLASH_RATE_LIMITED_MESSAGE = 'Too many tournament requests. Please try again later.';
/** Success messages. */
export const KLASH_REGISTERED_MESSAGE = 'You are registered. Good luck!';
export const KLASH_WITHDRAWN_MESSAGE = 'You have withdrawn. Any entry fee was refunded.';
export const KLASH_RESULT_RECORDED_MESSAGE = 'Result recorded. Waiting for the other side.';
export const KLASH_RESULT_AGREED_MESSAGE = 'Both sides agree: the match is settled.';
export const KLASH_RESULT_DISPUTED_MESSAGE =
  'The two sides reported different results: the match is disputed until it is settled.';

const isoDate = lazySchema(() => z.string().datetime({ offset: true }));
const textOf = (max: number) => z.string().trim().min(1).max(max);
/** A non-negative amount in minor units, as a string (an entry fee may be free: '0'). */
const feeMinorUnits = lazySchema(() =>
  z
    .string()
    .regex(/^(0|[1-9]\d{0,14})$/, { message: 'Use a whole number of minor units, written as a string' }),
);
const prizeMinorUnits = lazySchema(() =>
  z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { message: 'Use a positive whole number of minor units, written as a string' }),
);

const DIAL_CODE_LIST = Object.values(DIAL_CODES);
/** A team member's phone: E.164, in one of the SPEC §9 countries (IN +91, BR +55, NP +977, BD +880). */
export const klashMemberPhoneSchema = lazySchema(() =>
  phoneE164ShapeSchema.refine((p) => DIAL_CODE_LIST.some((code) => p.startsWith(code)), {
    message: KLASH_MEMBER_PHONE_MESSAGE,
  }),
);

/** A team member as the captain enters them: by phone or by email. */
export const klashMemberInputSchema = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('phone'), phone: klashMemberPhoneSchema }).strict(),
    z.object({ type: z.literal('email'), email: emailSchema }).strict(),
  ]),
);
export type KlashMemberInput = z.infer<typeof klashMemberInputSchema>;

/**
 * Register: `{}` for a solo tournament; a team tournament takes the team's name, its members besides the
 * captain (teamSize − 1 of them) and, optionally, the captain's clan to enter the team for.
 */
export const klashRegisterBodySchema = lazySchema(() =>
  z
    .object({
      team: z
        .object({
          name: textOf(40),
          members: z
            .array(klashMemberInputSchema)
            .min(1)
            .max(KLASH_MAX_TEAM_SIZE - 1),
          clanId: z
            .string()
            .regex(UUID_PATTERN, { message: KLASH_CLAN_NOT_MEMBER_MESSAGE })
            .nullable()
            .optional(),
        })
        .strict()
        .optional(),
    })
    .strict(),
);
export type KlashRegisterBody = z.infer<typeof klashRegisterBodySchema>;

/** Prizes by rank (1st 1200 / 2nd 800 K-Cash): ranks 1..n, each once; the pool is their sum. */
export const klashRankPrizesInputSchema = lazySchema(() =>
  z
    .object({
      kind: z.literal('rank'),
      ranks: z
        .array(
          z
            .object({ rank: z.number().int().min(1).max(KLASH_MAX_CAPACITY), amount: prizeMinorUnits })
            .strict(),
        )
        .min(1)
        .max(64),
    })
    .strict()
    .refine((p) => p.ranks.every((r, i) => r.rank === i + 1), {
      message: 'List the ranks in order from 1, each once',
      path: ['ranks'],
    }),
);

/**
 * Prizes by percentile (leaderboards): the band of entries ranked in the top `fromPercent`..`toPercent` %
 * shares `shareBasisPoints` of the pool equally; the bands' shares add up to 10 000 (100 %).
 */
export const klashPercentilePrizesInputSchema = lazySchema(() =>
  z
    .object({
      kind: z.literal('percentile'),
      pool: prizeMinorUnits,
      bands: z
        .array(
          z
            .object({
              fromPercent: z.number().int().min(0).max(99),
              toPercent: z.number().int().min(1).max(100),
              shareBasisPoints: z.number().int().min(1).max(10_000),
            })
            .strict(),
        )
        .min(1)
        .max(20),
    })
    .strict()
    .refine(
      (p) =>
        p.bands.every(
          (b, i) =>
            b.toPercent > b.fromPercent && b.fromPercent === (i === 0 ? 0 : p.bands[i - 1]?.toPercent),
        ),
      {
        message: 'Bands start at 0 % and follow each other without gaps',
        path: ['bands'],
      },
    )
    .refine((p) => p.bands.reduce((s, b) => s + b.shareBasisPoints, 0) === 10_000, {
      message: 'The bands share exactly 100 % of the pool (10 000 basis points)',
      path: ['bands'],
    }),
);

export const klashPrizesInputSchema = lazySchema(() =>
  z.union([klashRankPrizesInputSchema, klashPercentilePrizesInputSchema]),
);
export type KlashPrizesInput = z.infer<typeof klashPrizesInputSchema>;

/** A tournament as an operator writes it (operator API, CLI `klash create`; docs/examples/klash-tournament.json). */
export const klashTournamentInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      title: textOf(80),
      description: textOf(4000),
      rules: z.string().trim().max(4000).default(''),
      coverUrl: assetUrlSchema.nullable().default(null),
      gameSlug: slugSchema,
      format: z.enum(KLASH_FORMATS),
      mode: z.enum(KLASH_MODES),
      /** Players per side: 1 for solo, 2.. for teams (the captain included). */
      teamSize: z.number().int().min(1).max(KLASH_MAX_TEAM_SIZE).default(1),
      capacity: z.number().int().min(2).max(KLASH_MAX_CAPACITY),
      registrationOpensAt: isoDate,
      registrationClosesAt: isoDate,
      startsAt: isoDate,
      /** Leaderboards: when scores stop counting (default startsAt + 24 h). Brackets: null. */
      endsAt: isoDate.nullable().default(null),
      /** Brackets: how long each round's matches have for both sides to report. */
      matchMinutes: z
        .number()
        .int()
        .min(5)
        .max(7 * 24 * 60)
        .default(KLASH_DEFAULT_MATCH_MINUTES),
      entryFee: feeMinorUnits.default('0'),
      prizes: klashPrizesInputSchema,
    })
    .strict()
    .refine((t) => Date.parse(t.registrationClosesAt) > Date.parse(t.registrationOpensAt), {
      message: 'Registration must close after it opens',
      path: ['registrationClosesAt'],
    })
    .refine((t) => Date.parse(t.startsAt) >= Date.parse(t.registrationClosesAt), {
      message: 'A tournament starts once registration has closed',
      path: ['startsAt'],
    })
    .refine((t) => t.endsAt === null || Date.parse(t.endsAt) > Date.parse(t.startsAt), {
      message: 'A tournament must end after it starts',
      path: ['endsAt'],
    })
    .refine((t) => (t.mode === 'solo' ? t.teamSize === 1 : t.teamSize >= 2), {
      message: 'A solo tournament has teams of 1; a team tournament of 2 or more',
      path: ['teamSize'],
    })
    .refine((t) => t.prizes.kind === 'rank' || t.format === 'leaderboard', {
      message: 'Prizes by percentile are for leaderboard tournaments',
      path: ['prizes'],
    })
    .refine((t) => t.format === 'leaderboard' || t.endsAt === null, {
      message: 'A bracket ends when its final is settled: leave endsAt out',
      path: ['endsAt'],
    }),
);
export type KlashTournamentInput = z.infer<typeof klashTournamentInputSchema>;

/** The prize table as everyone sees it (amounts in K-Cash). */
export const klashPrizesSchema = lazySchema(() =>
  z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('rank'),
      ranks: z.array(z.object({ rank: z.number().int().min(1), amount: moneySchema })),
    }),
    z.object({
      kind: z.literal('percentile'),
      bands: z.array(
        z.object({
          fromPercent: z.number().int(),
          toPercent: z.number().int(),
          shareBasisPoints: z.number().int(),
          /** The band's share of the pool (split equally among its entries). */
          amount: moneySchema,
        }),
      ),
    }),
  ]),
);
export type KlashPrizes = z.infer<typeof klashPrizesSchema>;

/** A tournament in the list. */
export const klashTournamentSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string(),
    coverUrl: z.string(),
    game: gameRefSchema,
    format: z.enum(KLASH_FORMATS),
    mode: z.enum(KLASH_MODES),
    teamSize: z.number().int().min(1),
    status: z.enum(KLASH_STATUSES),
    registrationOpensAt: z.string(),
    registrationClosesAt: z.string(),
    startsAt: z.string(),
    /** Leaderboards: when scores stop counting; brackets: when the final was settled (null before). */
    endsAt: z.string().nullable(),
    capacity: z.number().int().min(2),
    registeredCount: z.number().int().min(0),
    spotsLeft: z.number().int().min(0),
    registration: z.enum(KLASH_REGISTRATION_STATES),
    /** Amount '0': free to enter. */
    entryFee: moneySchema,
    prizePool: moneySchema,
    prizes: klashPrizesSchema,
    payoutStatus: z.enum(KLASH_PAYOUT_STATUSES),
  }),
);
export type KlashTournament = z.infer<typeof klashTournamentSchema>;

/** A team member as shown to the team (contact masked: `+91•••••3210`, `a•••@gmail.com`). */
export const klashMemberSchema = lazySchema(() =>
  z.object({
    type: z.enum(['phone', 'email']),
    masked: z.string(),
    /** Whether the contact is a Khel account (who then gets the team's notifications and sees its matches). */
    joined: z.boolean(),
  }),
);

export const klashRegistrationSchema = lazySchema(() =>
  z.object({
    entryId: z.string().uuid(),
    tournamentId: z.string().uuid(),
    status: z.enum(KLASH_ENTRY_STATUSES),
    /** The player's name, or the team's. */
    name: z.string(),
    /** True for the player of a solo entry and for a team's captain (the one who reports results). */
    isCaptain: z.boolean(),
    team: z
      .object({
        name: z.string(),
        members: z.array(klashMemberSchema),
        clan: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
      })
      .nullable(),
    feePaid: moneySchema,
    refunded: z.boolean(),
    registeredAt: z.string(),
    /** Bracket seed (1 = best), drawn at the start. */
    seed: z.number().int().min(1).nullable(),
    /** Final rank once known (brackets: 1, 2, 3 for both semi-final losers, 5 …). */
    rank: z.number().int().min(1).nullable(),
    prize: moneySchema.nullable(),
    prizePaid: z.boolean(),
  }),
);
export type KlashRegistration = z.infer<typeof klashRegistrationSchema>;

/** An entry shown on a bracket or leaderboard (never contacts). */
export const klashEntrySchema = lazySchema(() =>
  z.object({
    entryId: z.string().uuid(),
    name: z.string(),
    clan: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
    isMe: z.boolean(),
  }),
);

export const klashTournamentDetailsSchema = lazySchema(() =>
  klashTournamentSchema.extend({
    rules: z.string(),
    matchMinutes: z.number().int(),
    /** Verifiable seeding: SHA-256 (hex) of the secret seed, published when registration opens … */
    seedHash: z.string().nullable(),
    /** … and the seed itself, published at the start (brackets). */
    seed: z.string().nullable(),
    seedingAlgorithm: z.string(),
    /** The signed-in reader's entry (as player or team member); null when signed out or not registered. */
    myRegistration: klashRegistrationSchema.nullable(),
    /** Brackets: the champion; leaderboards: the first ranked (once completed). */
    winner: klashEntrySchema.nullable(),
    cancelledAt: z.string().nullable(),
    cancelReason: z.string().nullable(),
    /** Clan teams entered so far (for "my clan's teams"). */
    clanTeams: z.array(klashEntrySchema),
  }),
);
export type KlashTournamentDetails = z.infer<typeof klashTournamentDetailsSchema>;

export const klashTournamentPageSchema = lazySchema(() =>
  pageStateSchema.extend({
    tournaments: z.array(klashTournamentSchema),
  }),
);

/** One side of a match: an entry, or null (to be decided by an earlier match, or a bye). */
export const klashSideSchema = lazySchema(() =>
  z.object({
    entry: klashEntrySchema.nullable(),
    seed: z.number().int().min(1).nullable(),
    /** This side's report, once made. */
    report: z.enum(KLASH_REPORTS).nullable(),
    reportedAt: z.string().nullable(),
    /** The score this side reported (optional). */
    score: z.number().int().nullable(),
    /** No entry will come: the other side advances (round 1 of a field that is not a power of two). */
    isBye: z.boolean(),
  }),
);
export type KlashSide = z.infer<typeof klashSideSchema>;

export const klashMatchSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    tournamentId: z.string().uuid(),
    /** 1 = first round; the final is round `rounds`. */
    round: z.number().int().min(1),
    /** 0 = the final, 1 = semi-finals, 2 = quarter-finals … (to name the round). */
    roundsFromEnd: z.number().int().min(0),
    /** Position in its round, from 0 (top of the bracket). */
    position: z.number().int().min(0),
    state: z.enum(KLASH_MATCH_STATES),
    sides: z.tuple([klashSideSchema, klashSideSchema]),
    /** 0 or 1 (index in `sides`) once settled. */
    winnerSide: z.number().int().min(0).max(1).nullable(),
    resolution: z.enum(KLASH_MATCH_RESOLUTIONS).nullable(),
    /** When the sides must have reported (null while waiting). */
    deadlineAt: z.string().nullable(),
    settledAt: z.string().nullable(),
    /** Which side the reader is on (0 or 1), or null. */
    mySide: z.number().int().min(0).max(1).nullable(),
  }),
);
export type KlashMatch = z.infer<typeof klashMatchSchema>;

export const klashBracketSchema = lazySchema(() =>
  z.object({
    tournamentId: z.string().uuid(),
    status: z.enum(KLASH_STATUSES),
    /** Number of rounds (log2 of the bracket size); 0 before the start. */
    roundCount: z.number().int().min(0),
    rounds: z.array(
      z.object({
        round: z.number().int().min(1),
        roundsFromEnd: z.number().int().min(0),
        matches: z.array(klashMatchSchema),
      }),
    ),
    champion: klashEntrySchema.nullable(),
    seedHash: z.string().nullable(),
    seed: z.string().nullable(),
    seedingAlgorithm: z.string(),
    /** Entry ids in seed order (seed 1 first), to recompute the seeding. */
    seeding: z.array(z.string().uuid()),
  }),
);
export type KlashBracket = z.infer<typeof klashBracketSchema>;

export const klashMyMatchSchema = lazySchema(() =>
  klashMatchSchema.extend({
    tournament: z.object({
      id: z.string().uuid(),
      slug: z.string(),
      title: z.string(),
      game: gameRefSchema,
      mode: z.enum(KLASH_MODES),
    }),
    /** The reader reports this match's result: they are its solo player or their team's captain. */
    canReport: z.boolean(),
  }),
);
export const klashMyMatchesSchema = lazySchema(() => z.object({ matches: z.array(klashMyMatchSchema) }));

export const klashLeaderboardRowSchema = lazySchema(() =>
  klashEntrySchema.extend({
    /** Ties share a rank (1, 2, 2, 4). */
    rank: z.number().int().min(1),
    score: z.number().int(),
    /** What this rank wins if the board closed now (the final prize once completed). */
    prize: moneySchema.nullable(),
  }),
);
export type KlashLeaderboardRow = z.infer<typeof klashLeaderboardRowSchema>;

export const klashLeaderboardSchema = lazySchema(() =>
  z.object({
    tournamentId: z.string().uuid(),
    status: z.enum(KLASH_STATUSES),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    /** Last score received (null: none yet). */
    updatedAt: z.string().nullable(),
    /** Entries with a score. */
    total: z.number().int().min(0),
    rows: z.array(klashLeaderboardRowSchema),
    /** The reader's own row (also when outside `rows`), null when signed out or unranked. */
    me: klashLeaderboardRowSchema.nullable(),
  }),
);
export type KlashLeaderboard = z.infer<typeof klashLeaderboardSchema>;

export const klashListQuerySchema = lazySchema(() =>
  z.object({
    status: z.enum(KLASH_LIST_STATUSES).default('upcoming'),
    gameSlug: z.string().max(80).regex(SLUG_PATTERN).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(KLASH_MAX_LIMIT).default(KLASH_DEFAULT_LIMIT),
  }),
);
export const klashLeaderboardQuerySchema = lazySchema(() =>
  z.object({
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(KLASH_LEADERBOARD_MAX_LIMIT)
      .default(KLASH_LEADERBOARD_MAX_LIMIT),
  }),
);

/** A tournament by slug or by id (deep links `klash_<slug-or-id>`). */
export const klashTournamentParams = lazySchema(() =>
  z.object({
    tournament: z
      .string()
      .max(80)
      .refine((v) => SLUG_PATTERN.test(v) || UUID_PATTERN.test(v), { message: KLASH_NOT_FOUND_MESSAGE }),
  }),
);
export const klashTournamentIdParams = lazySchema(() => uuidParams('tournamentId', KLASH_NOT_FOUND_MESSAGE));
export const klashMatchParams = lazySchema(() => uuidParams('matchId', KLASH_MATCH_NOT_FOUND_MESSAGE));
export const klashOperatorSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().max(80).regex(SLUG_PATTERN, { message: KLASH_NOT_FOUND_MESSAGE }),
  }),
);

export const klashReportBodySchema = lazySchema(() =>
  z
    .object({
      result: z.enum(KLASH_REPORTS),
      score: z.number().int().min(0).max(1_000_000_000).optional(),
    })
    .strict(),
);

export const klashReportAnswerSchema = lazySchema(() => z.object({ match: klashMatchSchema }));

export const klashOperatorTournamentSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    status: z.enum(KLASH_STATUSES),
  }),
);
export const klashCancelBodySchema = lazySchema(() => z.object({ reason: textOf(300) }).strict());
export const klashCancelAnswerSchema = lazySchema(() =>
  klashOperatorTournamentSchema.extend({
    /** Entries whose fee is (being) refunded by the refund job. */
    refunds: z.number().int().min(0),
  }),
);
export const klashSettleBodySchema = lazySchema(() =>
  z
    .object({ winnerEntryId: z.string().regex(UUID_PATTERN, { message: KLASH_WINNER_NOT_IN_MATCH_MESSAGE }) })
    .strict(),
);
export const klashScoresBodySchema = lazySchema(() =>
  z
    .object({
      scores: z
        .array(
          z
            .object({
              entryId: z.string().regex(UUID_PATTERN, { message: KLASH_ENTRY_NOT_FOUND_MESSAGE }),
              score: z.number().int().min(0).max(1_000_000_000),
            })
            .strict(),
        )
        .min(1)
        .max(500),
    })
    .strict(),
);
export const klashDisputesSchema = lazySchema(() => z.object({ matches: z.array(klashMatchSchema) }));

export const klashRoutes = {
  klashTournaments: defineRoute({
    method: 'GET',
    path: '/klash/tournaments',
    summary:
      'Tournaments by tab (upcoming, live, past), optionally for one game, soonest first (past: latest first)',
    tag: 'Klash',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    query: klashListQuerySchema,
    response: klashTournamentPageSchema,
  }),
  klashTournament: defineRoute({
    method: 'GET',
    path: '/klash/tournaments/:tournament',
    summary:
      "A tournament by slug or id: game, format, mode, schedule, capacity, fee, prizes, seeding; with a bearer token also the reader's registration",
    tag: 'Klash',
    auth: 'none',
    params: klashTournamentParams,
    response: klashTournamentDetailsSchema,
  }),
  klashRegister: defineRoute({
    method: 'POST',
    path: '/klash/tournaments/:tournamentId/registration',
    summary:
      'Register (solo: empty body; team: name, members by phone or email, optional clan): takes the entry fee into escrow; never past capacity',
    tag: 'Klash',
    auth: 'bearer',
    params: klashTournamentIdParams,
    body: klashRegisterBodySchema,
    idempotent: true,
    successStatus: 201,
    response: klashRegistrationSchema,
  }),
  klashWithdraw: defineRoute({
    method: 'DELETE',
    path: '/klash/tournaments/:tournamentId/registration',
    summary: 'Withdraw before registration closes: the entry fee is refunded',
    tag: 'Klash',
    auth: 'bearer',
    params: klashTournamentIdParams,
    idempotent: true,
    response: klashRegistrationSchema,
  }),
  klashBracket: defineRoute({
    method: 'GET',
    path: '/klash/tournaments/:tournamentId/bracket',
    summary: "A bracket tournament's rounds, matches, sides, reports, states and champion",
    tag: 'Klash',
    auth: 'none',
    params: klashTournamentIdParams,
    response: klashBracketSchema,
  }),
  klashLeaderboard: defineRoute({
    method: 'GET',
    path: '/klash/tournaments/:tournamentId/leaderboard',
    summary: "A leaderboard tournament's ranked scores with each rank's prize (projected while live)",
    tag: 'Klash',
    auth: 'none',
    params: klashTournamentIdParams,
    query: klashLeaderboardQuerySchema,
    response: klashLeaderboardSchema,
  }),
  klashMyMatches: defineRoute({
    method: 'GET',
    path: '/klash/me/matches',
    summary: "The signed-in user's bracket matches: open ones first, then the last settled",
    tag: 'Klash',
    auth: 'bearer',
    response: klashMyMatchesSchema,
  }),
  klashReport: defineRoute({
    method: 'POST',
    path: '/klash/matches/:matchId/report',
    summary: 'Report won or lost for your side: agreement settles the match, disagreement disputes it',
    tag: 'Klash',
    auth: 'bearer',
    params: klashMatchParams,
    body: klashReportBodySchema,
    response: klashReportAnswerSchema,
  }),
  operatorKlashUpsert: defineRoute({
    method: 'PUT',
    path: '/operator/klash/tournaments',
    summary:
      'Create or edit a draft tournament by slug (once opened, its pool is funded and its rules promised)',
    tag: 'Operators',
    auth: 'operator',
    body: klashTournamentInputSchema,
    response: klashOperatorTournamentSchema,
  }),
  operatorKlashOpen: defineRoute({
    method: 'POST',
    path: '/operator/klash/tournaments/:slug/open',
    summary: 'Open a draft: the treasury funds the prize pool and registration opens on schedule',
    tag: 'Operators',
    auth: 'operator',
    params: klashOperatorSlugParams,
    response: klashOperatorTournamentSchema,
  }),
  operatorKlashCancel: defineRoute({
    method: 'POST',
    path: '/operator/klash/tournaments/:slug/cancel',
    summary: 'Cancel a tournament before it completes: every entry fee is refunded exactly once (by a job)',
    tag: 'Operators',
    auth: 'operator',
    params: klashOperatorSlugParams,
    body: klashCancelBodySchema,
    response: klashCancelAnswerSchema,
  }),
  operatorKlashDisputes: defineRoute({
    method: 'GET',
    path: '/operator/klash/tournaments/:slug/disputes',
    summary: "A tournament's disputed matches, oldest first",
    tag: 'Operators',
    auth: 'operator',
    params: klashOperatorSlugParams,
    response: klashDisputesSchema,
  }),
  operatorKlashSettle: defineRoute({
    method: 'POST',
    path: '/operator/klash/matches/:matchId/settle',
    summary: 'Settle a match (disputed or not yet settled) for one side; the winner advances',
    tag: 'Operators',
    auth: 'operator',
    params: klashMatchParams,
    body: klashSettleBodySchema,
    response: klashReportAnswerSchema,
  }),
  operatorKlashScores: defineRoute({
    method: 'POST',
    path: '/operator/klash/tournaments/:slug/scores',
    summary: "Record leaderboard scores by hand (an entry's best score counts), while the board is live",
    tag: 'Operators',
    auth: 'operator',
    params: klashOperatorSlugParams,
    body: klashScoresBodySchema,
    response: lazySchema(() => z.object({ recorded: z.number().int().min(0) })),
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const klashMessages = {
  KLASH_NOT_FOUND: KLASH_NOT_FOUND_MESSAGE,
  KLASH_MATCH_NOT_FOUND: KLASH_MATCH_NOT_FOUND_MESSAGE,
  KLASH_REGISTRATION_NOT_OPEN: KLASH_REGISTRATION_NOT_OPEN_MESSAGE,
  KLASH_REGISTRATION_CLOSED: KLASH_REGISTRATION_CLOSED_MESSAGE,
  KLASH_FULL: KLASH_FULL_MESSAGE,
  KLASH_ALREADY_REGISTERED: KLASH_ALREADY_REGISTERED_MESSAGE,
  KLASH_NOT_REGISTERED: KLASH_NOT_REGISTERED_MESSAGE,
  KLASH_TEAM_REQUIRED: KLASH_TEAM_REQUIRED_MESSAGE,
  KLASH_SOLO_ONLY: KLASH_SOLO_ONLY_MESSAGE,
  KLASH_TEAM_SIZE: KLASH_TEAM_SIZE_MESSAGE,
  KLASH_MEMBER_DUPLICATE: KLASH_MEMBER_DUPLICATE_MESSAGE,
  KLASH_MEMBER_PHONE: KLASH_MEMBER_PHONE_MESSAGE,
  KLASH_MEMBER_TAKEN: KLASH_MEMBER_TAKEN_MESSAGE,
  KLASH_CLAN_NOT_MEMBER: KLASH_CLAN_NOT_MEMBER_MESSAGE,
  KLASH_WITHDRAW_CLOSED: KLASH_WITHDRAW_CLOSED_MESSAGE,
  KLASH_NOT_YOUR_MATCH: KLASH_NOT_YOUR_MATCH_MESSAGE,
  KLASH_MATCH_NOT_READY: KLASH_MATCH_NOT_READY_MESSAGE,
  KLASH_ALREADY_REPORTED: KLASH_ALREADY_REPORTED_MESSAGE,
  KLASH_MATCH_SETTLED: KLASH_MATCH_SETTLED_MESSAGE,
  KLASH_REGISTERED: KLASH_REGISTERED_MESSAGE,
  KLASH_WITHDRAWN: KLASH_WITHDRAWN_MESSAGE,
  KLASH_RESULT_RECORDED: KLASH_RESULT_RECORDED_MESSAGE,
  KLASH_RESULT_AGREED: KLASH_RESULT_AGREED_MESSAGE,
  KLASH_RESULT_DISPUTED: KLASH_RESULT_DISPUTED_MESSAGE,
  KLASH_RATE_LIMITED: KLASH_RATE_LIMITED_MESSAGE,
} as const;
