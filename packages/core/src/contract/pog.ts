import { z } from 'zod';
import { MESSAGES } from '../domain/messages.ts';
import { MINT_MODES, MINT_STATES, MINT_STEPS } from '../domain/mint-flow.ts';
import { pogUsernameSchema } from '../validation/username.ts';
import { pageStateSchema } from './games.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute, uuidParams } from './route.ts';

export { MINT_MODES, MINT_STATES, type MintMode, type MintState } from '../domain/mint-flow.ts';

/**
 * Proof of Gamer (SPEC §1 POG, §2 /pog, /my-pog, /pog/mint, /pog/leaderboard, /pog-showcase, §3 POG, §4 mint flow,
 * §6 boosts and slots, §7 POG mint, feeds, share, the graphql dashboard). A gamer reserves a name (5–12 letters and
 * digits, unique ignoring case), creates an avatar (quick_mint: defaults in one tap; customize_pog: theme, category,
 * character, style, an optional selfie) and mints a soulbound card: on the website an ERC-721 + ERC-5192 token on an
 * EVM chain, in the Mini App a TEP-85 SBT on TON. The server drives the flow's state, so a reload or another device
 * resumes where the user was. Five scores (HUMAN, PLAY, SKILL, COMMERCE, SOCIAL) come from the user's verified
 * activity; badges follow from them; only minters get earnings boosts.
 */

/** SPEC §3 score categories. */
export const POG_SCORE_CATEGORIES = ['HUMAN', 'PLAY', 'SKILL', 'COMMERCE', 'SOCIAL'] as const;
export type PogScoreCategory = (typeof POG_SCORE_CATEGORIES)[number];
/** Each score is 0..POG_SCORE_MAX; so is the weighted total. */
export const POG_SCORE_MAX = 1000;
/** Weights of the total, in percent (they add up to 100). */
export const POG_SCORE_WEIGHTS: Record<PogScoreCategory, number> = {
  HUMAN: 15,
  PLAY: 30,
  SKILL: 25,
  COMMERCE: 10,
  SOCIAL: 20,
};

/** SPEC §3 variants (the card's rarity), from the total score. */
export const POG_VARIANTS = ['Common', 'Rare', 'Epic', 'Legendary'] as const;
export type PogVariant = (typeof POG_VARIANTS)[number];
/** The lowest total of each variant. */
export const POG_VARIANT_THRESHOLDS: Record<PogVariant, number> = {
  Common: 0,
  Rare: 300,
  Epic: 550,
  Legendary: 800,
};
/** SPEC §6: only POG minters get earnings boosts; the boost of each variant, in basis points (10 000 = ×1). */
export const POG_BOOST_BASIS_POINTS: Record<PogVariant, number> = {
  Common: 10_500,
  Rare: 11_000,
  Epic: 11_500,
  Legendary: 12_000,
};

/** SPEC §3 badge ids and types. */
export const POG_BADGE_IDS = [
  'ProofOfCommunity',
  'ProofOfHuman',
  'ProofOfPlay',
  'ProofOfSkill',
  'ProofOfSocial',
  'ProofOfCommerce',
  'TelegramerSocial',
  'XerSocial',
  'DiscorderSocial',
] as const;
export type PogBadgeId = (typeof POG_BADGE_IDS)[number];
export const POG_BADGE_TYPES = ['SocialActivity', 'OverallActivity'] as const;
export type PogBadgeType = (typeof POG_BADGE_TYPES)[number];
export const POG_BADGE_TYPE_OF: Record<PogBadgeId, PogBadgeType> = {
  ProofOfCommunity: 'OverallActivity',
  ProofOfHuman: 'OverallActivity',
  ProofOfPlay: 'OverallActivity',
  ProofOfSkill: 'OverallActivity',
  ProofOfSocial: 'OverallActivity',
  ProofOfCommerce: 'OverallActivity',
  TelegramerSocial: 'SocialActivity',
  XerSocial: 'SocialActivity',
  DiscorderSocial: 'SocialActivity',
};

/** SPEC §3 avatar themes. */
export const POG_THEMES = ['Adventure', 'Fantasy', 'Action', 'Toon', 'Sci-Fi', 'Horror'] as const;
export type PogTheme = (typeof POG_THEMES)[number];

/** Where a card is minted: the website's EVM chain or the Mini App's TON chain. */
export const POG_CHAINS = ['evm', 'ton'] as const;
export type PogChainKind = (typeof POG_CHAINS)[number];

/** SPEC §2 share channels. */
export const POG_SHARE_CHANNELS = ['x', 'telegram', 'facebook', 'whatsapp', 'more'] as const;
export type PogShareChannel = (typeof POG_SHARE_CHANNELS)[number];

/** SPEC §2 feed tabs (the API's feed paths: legendary, all (hottest first), clan). */
export const POG_FEEDS = ['legendary', 'all', 'clan'] as const;
export type PogFeed = (typeof POG_FEEDS)[number];

/** SPEC §2 leaderboard tabs. */
export const POG_LEADERBOARD_TABS = ['global-clans', 'my-clan'] as const;
export type PogLeaderboardTab = (typeof POG_LEADERBOARD_TABS)[number];

/** Card images: front and back (trading-card portrait) and the 1200×630 share preview. */
export const POG_CARD_FACES = ['front', 'back', 'share'] as const;
export type PogCardFace = (typeof POG_CARD_FACES)[number];

/** Avatar generations allowed per avatar (the first plus refreshes); then 'Refresh limit reached'. */
export const POG_AVATAR_GENERATIONS_MAX = 5;
/**
 * SPEC §6: an avatar edit after the mint needs a slot, bought with K-Cash or rKHEL, in minor units: 500 K-Cash
 * (3 decimals) or 5 rKHEL (6 decimals), the same price at 1 rKHEL = 100 K-Cash (RKHEL_TO_KCASH_RATE).
 */
export const POG_SLOT_PRICES = { KCASH: 500_000n, RKHEL: 5_000_000n } as const;
export const POG_SLOT_CURRENCIES = ['KCASH', 'RKHEL'] as const;
export type PogSlotCurrency = (typeof POG_SLOT_CURRENCIES)[number];
/** A selfie as uploaded: JPEG only (SPEC §5). */
export const POG_SELFIE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const POG_SELFIE_FIELD = 'file';
export const POG_FEED_DEFAULT_LIMIT = 20;
export const POG_FEED_MAX_LIMIT = 50;
/** K-Points a referrer earns when someone they invited mints a card. */
export const POG_REFERRAL_KPOINTS = 100n;

// SPEC §8 texts, and ours where the spec has none (translated by the screens).
export const POG_MINT_FAILED_MESSAGE = MESSAGES.mintFailed;
export const POG_MISSION_FAILED_MESSAGE = MESSAGES.missionFailed;
export const POG_REFRESH_LIMIT_MESSAGE = MESSAGES.refreshLimitReached;
export const POG_FACE_NOT_DETECTED_MESSAGE = MESSAGES.faceNotDetected;
export const POG_PAYMENT_FAILED_MESSAGE = MESSAGES.paymentFailed;
export const POG_NOT_FOUND_MESSAGE = 'This POG card does not exist.';
export const POG_NO_CARD_MESSAGE = 'Reserve your POG name first.';
export const POG_WRONG_STEP_MESSAGE = 'This step is not open now: your card is at another step.';
export const POG_NAME_LOCKED_MESSAGE = 'Your POG name is set once the card is minted.';
export const POG_INVALID_CHOICE_MESSAGE = 'This avatar choice does not exist.';
export const POG_NO_AVATAR_MESSAGE = 'Create your avatar first.';
export const POG_SELFIE_TYPE_MESSAGE = 'Please upload a JPEG image.';
export const POG_SELFIE_LIMIT_MESSAGE = 'Too many selfies for now. Please try again later.';
export const POG_TON_WALLET_NEEDED_MESSAGE = 'Connect a TON wallet to mint your card in Telegram.';
export const POG_EVM_WALLET_NEEDED_MESSAGE = 'Your Khel wallet is not ready yet. Please try again.';
export const POG_CHAIN_UNAVAILABLE_MESSAGE = 'Minting on this chain is not available right now.';
export const POG_NOT_MINTED_MESSAGE = 'Mint your POG card first.';
export const POG_ALREADY_LIKED_MESSAGE = 'You already like this card.';

/** A reserved name as typed (the contract checks SPEC §5's rules and messages). */
export const pogNameSchema = pogUsernameSchema;

export const pogScoresSchema = lazySchema(() =>
  z.object({
    HUMAN: z.number().int().min(0).max(POG_SCORE_MAX),
    PLAY: z.number().int().min(0).max(POG_SCORE_MAX),
    SKILL: z.number().int().min(0).max(POG_SCORE_MAX),
    COMMERCE: z.number().int().min(0).max(POG_SCORE_MAX),
    SOCIAL: z.number().int().min(0).max(POG_SCORE_MAX),
  }),
);
export type PogScores = z.infer<typeof pogScoresSchema>;

export const pogBadgeSchema = lazySchema(() =>
  z.object({
    id: z.enum(POG_BADGE_IDS),
    type: z.enum(POG_BADGE_TYPES),
    earnedAt: z.string(),
  }),
);
export type PogBadge = z.infer<typeof pogBadgeSchema>;

export const pogMintRecordSchema = lazySchema(() =>
  z.object({
    chain: z.enum(POG_CHAINS),
    network: z.string(),
    contract: z.string(),
    tokenId: z.string(),
    owner: z.string(),
    txHash: z.string(),
    block: z.string(),
    explorerUrl: z.string().nullable(),
    mintedAt: z.string(),
  }),
);
export type PogMintRecord = z.infer<typeof pogMintRecordSchema>;

/** A card as anyone may see it (feeds, showcase, leaderboards). */
export const pogCardSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    name: z.string(),
    theme: z.enum(POG_THEMES).nullable(),
    variant: z.enum(POG_VARIANTS),
    scores: pogScoresSchema,
    total: z.number().int().min(0).max(POG_SCORE_MAX),
    badges: z.array(pogBadgeSchema),
    /** Avatar PNG address (changes when the avatar does), null before the first generation. */
    avatarUrl: z.string().nullable(),
    /** Card images: `/api/pog/cards/<name>/front.png` etc. */
    images: z.object({ front: z.string(), back: z.string(), share: z.string() }),
    showcaseUrl: z.string(),
    likes: z.number().int().min(0),
    /** Whether the reader likes it (false for visitors). */
    likedByMe: z.boolean(),
    clan: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
    mint: pogMintRecordSchema.nullable(),
    /** Rank by total among minted cards (1 is first), null until minted. */
    rank: z.number().int().min(1).nullable(),
  }),
);
export type PogCard = z.infer<typeof pogCardSchema>;

const choiceSchema = lazySchema(() => z.object({ id: z.string(), label: z.string() }));
export const pogCatalogueSchema = lazySchema(() =>
  z.object({
    themes: z.array(
      z.object({
        id: z.enum(POG_THEMES),
        categories: z.array(choiceSchema.extend({ characters: z.array(choiceSchema) })),
        styles: z.array(choiceSchema),
      }),
    ),
  }),
);
export type PogCatalogue = z.infer<typeof pogCatalogueSchema>;

export const pogChoicesSchema = lazySchema(() =>
  z.object({
    theme: z.enum(POG_THEMES).nullable(),
    category: z.string().nullable(),
    character: z.string().nullable(),
    style: z.string().nullable(),
    /** A selfie's colours were taken (the photo itself is never kept). */
    selfie: z.boolean(),
  }),
);
export type PogChoices = z.infer<typeof pogChoicesSchema>;

/** The signed-in user's place in the mint flow (GET /pog/mint/status). */
export const pogMintStatusSchema = lazySchema(() =>
  z.object({
    /** null: no name reserved yet (the flow starts at ReserveUsername). */
    cardId: z.string().uuid().nullable(),
    state: z.enum(MINT_STATES),
    mode: z.enum(MINT_MODES),
    /** 0-based index into the three steps shown to the user. */
    step: z.number().int().min(0).max(2),
    name: z.string().nullable(),
    choices: pogChoicesSchema,
    avatarUrl: z.string().nullable(),
    generationsLeft: z.number().int().min(0),
    /** Avatar edits bought and not used yet (SPEC §6 slots). */
    slots: z.number().int().min(0),
    slotPrices: z.object({ KCASH: z.string(), RKHEL: z.string() }),
    /** The chain this front door mints on, and where the card goes. */
    chain: z.enum(POG_CHAINS).nullable(),
    /** While MintInProgress: when it started and the expected length (SPEC §4: about 100 s). */
    mintStartedAt: z.string().nullable(),
    mintExpectedMs: z.number().int().min(0),
    /** The last mint attempt failed and is being retried ('Something broke while minting your POG card.'). */
    mintError: z.string().nullable(),
    mint: pogMintRecordSchema.nullable(),
    card: pogCardSchema.nullable(),
  }),
);
export type PogMintStatus = z.infer<typeof pogMintStatusSchema>;

export const pogMintStatesSchema = lazySchema(() =>
  z.object({
    states: z.array(z.enum(MINT_STATES)),
    modes: z.array(z.enum(MINT_MODES)),
    steps: z.array(z.object({ key: z.string(), label: z.string() })),
    mintExpectedMs: z.number().int(),
    generationsMax: z.number().int(),
  }),
);
export const POG_MINT_STEPS = MINT_STEPS;

export const pogNameQuery = lazySchema(() => z.object({ name: pogNameSchema }));
export const pogNameAvailabilitySchema = lazySchema(() =>
  z.object({ name: z.string(), available: z.boolean() }),
);

export const pogReserveBody = lazySchema(() =>
  z.object({
    name: pogNameSchema,
    mode: z.enum(MINT_MODES).default('customize_pog'),
  }),
);
export const pogModeBody = lazySchema(() => z.object({ mode: z.enum(MINT_MODES) }));
export const pogThemeQuery = lazySchema(() => z.object({ theme: z.enum(POG_THEMES) }));
export const pogCharactersQuery = lazySchema(() =>
  z.object({
    theme: z.enum(POG_THEMES),
    category: z.string().min(1).max(40),
  }),
);
const choiceId = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(40)
    .regex(/^[a-z0-9-]+$/, { message: POG_INVALID_CHOICE_MESSAGE }),
);
export const pogCategoryBody = lazySchema(() => z.object({ theme: z.enum(POG_THEMES), category: choiceId }));
export const pogCharacterBody = lazySchema(() => z.object({ character: choiceId }));
export const pogStyleBody = lazySchema(() => z.object({ style: choiceId }));
export const pogBackBody = lazySchema(() => z.object({ to: z.enum(MINT_STATES) }));
export const pogSelfieBody = lazySchema(() =>
  z.object({
    [POG_SELFIE_FIELD]: z.any().describe('A JPEG photo with a face (image/jpeg); only its colours are kept'),
  }),
);
export const pogRandomVariantsQuery = lazySchema(() =>
  z.object({
    theme: z.enum(POG_THEMES).optional(),
    count: z.coerce.number().int().min(1).max(6).default(3),
  }),
);
export const pogRandomVariantsSchema = lazySchema(() =>
  z.object({
    variants: z.array(
      z.object({ theme: z.enum(POG_THEMES), category: z.string(), character: z.string(), style: z.string() }),
    ),
  }),
);
export const pogActivateBody = lazySchema(() => z.object({ chain: z.enum(POG_CHAINS) }));
export const pogQuickMintBody = lazySchema(() =>
  z.object({ name: pogNameSchema.optional(), chain: z.enum(POG_CHAINS) }),
);
export const pogSlotBody = lazySchema(() => z.object({ currency: z.enum(POG_SLOT_CURRENCIES) }));
export const pogSlotResultSchema = lazySchema(() =>
  z.object({
    status: pogMintStatusSchema,
    paid: z.object({ amount: z.string(), currency: z.enum(POG_SLOT_CURRENCIES) }),
  }),
);

export const pogFeedQuery = lazySchema(() =>
  z.object({
    highlighted: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    limit: z.coerce.number().int().min(1).max(POG_FEED_MAX_LIMIT).default(POG_FEED_DEFAULT_LIMIT),
  }),
);
export const pogFeedSchema = lazySchema(() =>
  pageStateSchema.extend({
    feed: z.enum(POG_FEEDS),
    cards: z.array(pogCardSchema),
  }),
);
export type PogFeedPage = z.infer<typeof pogFeedSchema>;
export const pogListQuery = lazySchema(() => pogFeedQuery.omit({ highlighted: true }));

export const pogCardParams = lazySchema(() => uuidParams('cardId', POG_NOT_FOUND_MESSAGE));
export const pogLikeSchema = lazySchema(() =>
  z.object({
    cardId: z.string().uuid(),
    likes: z.number().int().min(0),
    likedByMe: z.boolean(),
  }),
);

const nameParam = lazySchema(() =>
  z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9]+$/, { message: POG_NOT_FOUND_MESSAGE }),
);
export const pogNameParams = lazySchema(() => z.object({ username: nameParam }));
export const pogImageParams = lazySchema(() =>
  z.object({
    username: nameParam,
    face: z.enum(['front.png', 'back.png', 'share.png'], { message: POG_NOT_FOUND_MESSAGE }),
  }),
);
export const pogImageQuery = lazySchema(() =>
  z.object({ lang: z.enum(['en', 'hi', 'pt-BR']).default('en') }),
);

export const pogShareBody = lazySchema(() =>
  z.object({
    channel: z.enum(POG_SHARE_CHANNELS),
    lang: z.enum(['en', 'hi', 'pt-BR']).default('en'),
  }),
);
export const pogShareSchema = lazySchema(() =>
  z.object({
    channel: z.enum(POG_SHARE_CHANNELS),
    /** The showcase page (its Open Graph tags preview the card). */
    url: z.string(),
    text: z.string(),
    imageUrl: z.string(),
    /** Where to send the user for this channel (null for `more`: the device's share sheet). */
    intentUrl: z.string().nullable(),
  }),
);

export const pogLeaderboardQuery = lazySchema(() =>
  z.object({ tab: z.enum(POG_LEADERBOARD_TABS).default('global-clans') }),
);
export const pogClanBoardEntrySchema = lazySchema(() =>
  z.object({
    rank: z.number().int().min(1),
    clanId: z.string().uuid(),
    clanName: z.string(),
    clanLogo: z.string().nullable(),
    /** Sum of the members' minted cards' totals. */
    pogScore: z.number().int().min(0),
    minted: z.number().int().min(0),
    memberCount: z.number().int().min(0),
  }),
);
export const pogMemberBoardEntrySchema = lazySchema(() =>
  z.object({
    rank: z.number().int().min(1),
    card: pogCardSchema,
  }),
);
export const pogLeaderboardSchema = lazySchema(() =>
  z.object({
    tab: z.enum(POG_LEADERBOARD_TABS),
    clans: z.array(pogClanBoardEntrySchema),
    myClan: pogClanBoardEntrySchema.nullable(),
    members: z.array(pogMemberBoardEntrySchema),
  }),
);

export const pogReferralsSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    webUrl: z.string(),
    miniAppUrl: z.string().nullable(),
    invited: z.number().int().min(0),
    minted: z.number().int().min(0),
    kpointsEarned: z.string(),
    rewardPerMint: z.string(),
    friends: z.array(z.object({ displayName: z.string(), minted: z.boolean(), name: z.string().nullable() })),
  }),
);

export const pogDashboardSchema = lazySchema(() =>
  z.object({
    card: pogCardSchema.nullable(),
    scores: pogScoresSchema,
    total: z.number().int(),
    variant: z.enum(POG_VARIANTS),
    nextVariant: z
      .object({ variant: z.enum(POG_VARIANTS), pointsNeeded: z.number().int().min(1) })
      .nullable(),
    badges: z.array(pogBadgeSchema),
    /** The boost the user's earnings get now, in basis points (10 000 without a minted card). */
    boostBasisPoints: z.number().int(),
    /** What counts for each score (for the "how to grow" hints), as raw activity counts. */
    activity: z.record(z.string(), z.number().int().min(0)),
    scoredAt: z.string().nullable(),
  }),
);
export type PogDashboard = z.infer<typeof pogDashboardSchema>;

export const pogGraphqlBody = lazySchema(() =>
  z.object({
    query: z.string().min(1).max(10_000),
    operationName: z.string().max(100).nullish(),
    variables: z.record(z.string(), z.unknown()).nullish(),
  }),
);

// ── Sharing into Telegram (issue 13): schemas of the routes at the end of pogRoutes ──────────────────────────
/** Inline mode answers at most this many cards for a prefix. */
export const POG_BOT_CARDS_MAX = 10;
/** The share image's size (`/pog/cards/<name>/share.png`): Telegram clients lay photo results out by it. */
export const POG_SHARE_IMAGE_WIDTH = 1200;
export const POG_SHARE_IMAGE_HEIGHT = 630;
export const POG_TELEGRAM_NOT_LINKED_MESSAGE =
  'Open Khel from Telegram first: your account has no Telegram account to share from.';
export const POG_TELEGRAM_UNAVAILABLE_MESSAGE = 'Sharing into Telegram is not available right now.';
export const pogBotCardsQuery = lazySchema(() =>
  z.object({
    /** What the user typed after `@<bot> ` (trimmed); empty: only their own card. */
    prefix: z
      .string()
      .trim()
      .max(40)
      .regex(/^[A-Za-z0-9]*$/, { message: 'A POG name has only letters and digits.' })
      .default(''),
  }),
);
export const pogBotCardsSchema = lazySchema(() =>
  z.object({
    /** The Telegram user's own card once minted, else null (they have none, or it is not minted yet). */
    mine: pogCardSchema.nullable(),
    /** Minted cards whose name starts with the prefix (any case), best total first; empty for an empty prefix. */
    cards: z.array(pogCardSchema).max(POG_BOT_CARDS_MAX),
  }),
);
export type PogBotCards = z.infer<typeof pogBotCardsSchema>;
export const pogTelegramPreparedSchema = lazySchema(() =>
  z.object({
    /** The prepared message's id, for the Mini App's shareMessage. */
    id: z.string(),
    /** Unix seconds after which Telegram no longer accepts the id. */
    expirationDate: z.number().int(),
  }),
);
export type PogTelegramPrepared = z.infer<typeof pogTelegramPreparedSchema>;

/**
 * A card's token metadata (`/pog/metadata/<name>`, the token URI of both chains): the ERC-721 metadata JSON,
 * which TEP-64's off-chain content reads too (name, description, image; `attributes` as marketplaces show them).
 */
export const pogTokenMetadataSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    image: z.string(),
    external_url: z.string(),
    attributes: z.array(
      z.object({
        trait_type: z.string(),
        value: z.union([z.string(), z.number()]),
        display_type: z.literal('number').optional(),
      }),
    ),
  }),
);

/** The TON collection's TEP-64 off-chain metadata (`/pog/ton/collection.json`). */
export const pogTonCollectionMetadataSchema = lazySchema(() =>
  z.object({
    name: z.string(),
    description: z.string(),
    image: z.string(),
    external_link: z.string(),
  }),
);

/** A GraphQL answer (`POST /tps/graphql`): `data` and, when something was wrong with the query, `errors`. */
export const pogGraphqlResultSchema = lazySchema(() =>
  z.object({
    data: z.record(z.string(), z.unknown()).nullable(),
    errors: z
      .array(
        z.object({
          message: z.string(),
          locations: z.array(z.object({ line: z.number().int(), column: z.number().int() })).optional(),
          path: z.array(z.union([z.string(), z.number().int()])).optional(),
          extensions: z.record(z.string(), z.unknown()).optional(),
        }),
      )
      .optional(),
  }),
);

export const pogRoutes = {
  pogMintStates: defineRoute({
    method: 'GET',
    path: '/pog/mint/states',
    summary: 'SPEC §4 mint flow: states, modes, the three steps, the expected mint time',
    tag: 'POG',
    auth: 'none',
    response: pogMintStatesSchema,
  }),
  pogCatalogue: defineRoute({
    method: 'GET',
    path: '/pog/mint/catalogue',
    summary: 'Every avatar theme with its categories, characters and styles',
    tag: 'POG',
    auth: 'none',
    response: pogCatalogueSchema,
  }),
  pogAvatarCategories: defineRoute({
    method: 'GET',
    path: '/pog/mint/avatar-categories',
    summary: 'The avatar categories of a theme',
    tag: 'POG',
    auth: 'none',
    query: pogThemeQuery,
    response: lazySchema(() => z.object({ theme: z.enum(POG_THEMES), categories: z.array(choiceSchema) })),
  }),
  pogCharacters: defineRoute({
    method: 'GET',
    path: '/pog/mint/characters',
    summary: 'The characters of a theme’s category',
    tag: 'POG',
    auth: 'none',
    query: pogCharactersQuery,
    response: lazySchema(() => z.object({ characters: z.array(choiceSchema) })),
  }),
  pogStyles: defineRoute({
    method: 'GET',
    path: '/pog/mint/styles',
    summary: 'The styles of a theme',
    tag: 'POG',
    auth: 'none',
    query: pogThemeQuery,
    response: lazySchema(() => z.object({ styles: z.array(choiceSchema) })),
  }),
  pogRandomVariants: defineRoute({
    method: 'GET',
    path: '/pog/mint/random-variants',
    summary: 'Random avatar choices to start from',
    tag: 'POG',
    auth: 'none',
    query: pogRandomVariantsQuery,
    response: pogRandomVariantsSchema,
  }),
  pogNameAvailable: defineRoute({
    method: 'GET',
    path: '/pog/mint/name-available',
    summary: 'Whether a POG name is free (ignoring case)',
    tag: 'POG',
    auth: 'none',
    query: pogNameQuery,
    response: pogNameAvailabilitySchema,
  }),
  pogMintStatus: defineRoute({
    method: 'GET',
    path: '/pog/mint/status',
    summary: 'Where the signed-in user is in the mint flow (the server drives it)',
    tag: 'POG',
    auth: 'bearer',
    response: pogMintStatusSchema,
  }),
  pogReserveName: defineRoute({
    method: 'POST',
    path: '/pog/mint/reserve-name',
    summary: 'Reserve (or change, before the mint) the POG name; 409 Username already taken!',
    tag: 'POG',
    auth: 'bearer',
    body: pogReserveBody,
    response: pogMintStatusSchema,
  }),
  pogSetMode: defineRoute({
    method: 'PUT',
    path: '/pog/mint/mode',
    summary: 'Switch between quick_mint and customize_pog before the avatar is made',
    tag: 'POG',
    auth: 'bearer',
    body: pogModeBody,
    response: pogMintStatusSchema,
  }),
  pogSaveCategory: defineRoute({
    method: 'POST',
    path: '/pog/mint/category',
    summary: 'Choose the theme and category (AvatarCategorySelection → CharacterSelection)',
    tag: 'POG',
    auth: 'bearer',
    body: pogCategoryBody,
    response: pogMintStatusSchema,
  }),
  pogSaveCharacter: defineRoute({
    method: 'POST',
    path: '/pog/mint/character',
    summary: 'Choose the character (CharacterSelection → StyleSelection)',
    tag: 'POG',
    auth: 'bearer',
    body: pogCharacterBody,
    response: pogMintStatusSchema,
  }),
  pogSaveStyle: defineRoute({
    method: 'POST',
    path: '/pog/mint/save-style',
    summary: 'Choose the style (StyleSelection → SelfieUpload)',
    tag: 'POG',
    auth: 'bearer',
    body: pogStyleBody,
    response: pogMintStatusSchema,
  }),
  pogSelfie: defineRoute({
    method: 'POST',
    path: '/pog/mint/selfie',
    summary: 'A JPEG selfie: refused without a face (Error: Face not detected!); only its colours are kept',
    tag: 'POG',
    auth: 'bearer',
    multipart: true,
    maxBodyBytes: POG_SELFIE_UPLOAD_MAX_BYTES + 16 * 1024,
    body: pogSelfieBody,
    response: pogMintStatusSchema,
  }),
  pogSkipSelfie: defineRoute({
    method: 'POST',
    path: '/pog/mint/selfie/skip',
    summary: 'Go on without a selfie (SelfieUpload → AvatarGenerationPending)',
    tag: 'POG',
    auth: 'bearer',
    response: pogMintStatusSchema,
  }),
  pogBack: defineRoute({
    method: 'POST',
    path: '/pog/mint/back',
    summary: 'Go back one screen of the avatar flow',
    tag: 'POG',
    auth: 'bearer',
    body: pogBackBody,
    response: pogMintStatusSchema,
  }),
  pogGenerateAvatar: defineRoute({
    method: 'POST',
    path: '/pog/mint/avatar/generate',
    summary: 'Generate (or refresh) the avatar from the choices; Refresh limit reached after the allowance',
    tag: 'POG',
    auth: 'bearer',
    response: pogMintStatusSchema,
  }),
  pogActivate: defineRoute({
    method: 'POST',
    path: '/pog/mint/activate',
    summary: 'Mint the card with the generated avatar (or apply an edited avatar to a minted card)',
    tag: 'POG',
    auth: 'bearer',
    body: pogActivateBody,
    successStatus: 202,
    response: pogMintStatusSchema,
  }),
  pogQuickMint: defineRoute({
    method: 'POST',
    path: '/pog/mint/quick-mint',
    summary:
      'quick_mint: reserve the name if given, make an avatar from sensible defaults and mint, in one tap',
    tag: 'POG',
    auth: 'bearer',
    body: pogQuickMintBody,
    successStatus: 202,
    response: pogMintStatusSchema,
  }),
  pogUnlockSlot: defineRoute({
    method: 'POST',
    path: '/pog/slots/unlock',
    summary: 'Buy an avatar edit slot with K-Cash or rKHEL (SPEC §6); starts the edit',
    tag: 'POG',
    auth: 'bearer',
    idempotent: true,
    body: pogSlotBody,
    response: pogSlotResultSchema,
  }),
  pogMyCard: defineRoute({
    method: 'GET',
    path: '/pog/me',
    summary: 'The signed-in user’s card, scores, badges and boost (the POG dashboard)',
    tag: 'POG',
    auth: 'bearer',
    response: pogDashboardSchema,
  }),
  pogList: defineRoute({
    method: 'GET',
    path: '/pog/list',
    summary: 'Minted cards, best total first',
    tag: 'POG',
    auth: 'none',
    query: pogListQuery,
    response: pogFeedSchema,
  }),
  pogFeedLegendary: defineRoute({
    method: 'GET',
    path: '/pog/feeds/legendary',
    summary: 'Legendary cards, best total first (highlighted=true: the highlighted ones)',
    tag: 'POG',
    auth: 'none',
    query: pogFeedQuery,
    response: pogFeedSchema,
  }),
  pogFeedAll: defineRoute({
    method: 'GET',
    path: '/pog/feeds/all',
    summary: 'Every minted card, hottest (most liked this week) first',
    tag: 'POG',
    auth: 'none',
    query: pogFeedQuery,
    response: pogFeedSchema,
  }),
  pogFeedClan: defineRoute({
    method: 'GET',
    path: '/pog/feeds/clan',
    summary: 'The cards of the signed-in user’s clan',
    tag: 'POG',
    auth: 'bearer',
    query: pogFeedQuery,
    response: pogFeedSchema,
  }),
  pogLike: defineRoute({
    method: 'POST',
    path: '/pog/posts/:cardId/like',
    summary: 'Like a card (one like per user; liking again changes nothing)',
    tag: 'POG',
    auth: 'bearer',
    params: pogCardParams,
    response: pogLikeSchema,
  }),
  pogUnlike: defineRoute({
    method: 'DELETE',
    path: '/pog/posts/:cardId/like',
    summary: 'Take a like back',
    tag: 'POG',
    auth: 'bearer',
    params: pogCardParams,
    response: pogLikeSchema,
  }),
  pogShowcase: defineRoute({
    method: 'GET',
    path: '/pog/showcase/:username',
    summary: 'One card by its POG name (any case), for /pog-showcase',
    tag: 'POG',
    auth: 'none',
    params: pogNameParams,
    response: pogCardSchema,
  }),
  pogCardImage: defineRoute({
    method: 'GET',
    path: '/pog/cards/:username/:face',
    summary: 'The card’s front, back or share image: image/png bytes, not an envelope',
    tag: 'POG',
    document: true,
    auth: 'none',
    params: pogImageParams,
    query: pogImageQuery,
    mediaType: 'image/png',
    response: lazySchema(() => z.string().describe('image/png')),
  }),
  pogNftImage: defineRoute({
    method: 'GET',
    path: '/pog/nft-image/:username',
    summary: 'The card’s avatar as minted (image/png bytes), the image of its token metadata',
    tag: 'POG',
    document: true,
    auth: 'none',
    params: pogNameParams,
    mediaType: 'image/png',
    response: lazySchema(() => z.string().describe('image/png')),
  }),
  pogMetadata: defineRoute({
    method: 'GET',
    path: '/pog/metadata/:username',
    summary: 'The token metadata (ERC-721 / TEP-64 JSON, not an envelope) the chain’s token points to',
    tag: 'POG',
    document: true,
    auth: 'none',
    params: pogNameParams,
    response: pogTokenMetadataSchema,
  }),
  pogTonCollection: defineRoute({
    method: 'GET',
    path: '/pog/ton/collection.json',
    summary: 'The TON collection’s metadata (TEP-64 JSON, not an envelope) its on-chain content points to',
    tag: 'POG',
    document: true,
    auth: 'none',
    response: pogTonCollectionMetadataSchema,
  }),
  pogShare: defineRoute({
    method: 'POST',
    path: '/pog/share',
    summary: 'Share the signed-in user’s card on a channel: the link, text and image to send',
    tag: 'POG',
    auth: 'bearer',
    body: pogShareBody,
    response: pogShareSchema,
  }),
  pogLeaderboard: defineRoute({
    method: 'GET',
    path: '/pog/leaderboard',
    summary: 'POG leaderboard: Global Clans (clans by their members’ POG scores) or My Clan (members)',
    tag: 'POG',
    auth: 'none',
    query: pogLeaderboardQuery,
    response: pogLeaderboardSchema,
  }),
  pogReferrals: defineRoute({
    method: 'GET',
    path: '/pog/referrals',
    summary: 'The signed-in user’s POG referrals: invite links, friends who minted, K-Points earned',
    tag: 'POG',
    auth: 'bearer',
    response: pogReferralsSchema,
  }),
  pogGraphql: defineRoute({
    method: 'POST',
    path: '/tps/graphql',
    summary: 'SPEC §7 POG dashboard query (GraphQL: me, card(name), leaderboard, feed); answers GraphQL JSON',
    tag: 'POG',
    document: true,
    auth: 'none',
    body: pogGraphqlBody,
    response: pogGraphqlResultSchema,
  }),

  // ── Sharing into Telegram (issue 13) ──────────────────────────────────────────────────────────────────────────
  // The bot's inline mode reads cards as the Telegram user typing `@<bot> …` (auth 'bot', @khel/core/bot-actor);
  // the Mini App's shareMessage asks for a prepared inline message (savePreparedInlineMessage) of the user's card.
  pogBotCards: defineRoute({
    method: 'GET',
    path: '/pog/bot/cards',
    summary:
      'Inline mode: the Telegram user’s own minted card (or null) and minted cards whose POG name starts with prefix',
    tag: 'POG bot',
    auth: 'bot',
    query: pogBotCardsQuery,
    response: pogBotCardsSchema,
  }),
  pogTelegramPrepared: defineRoute({
    method: 'POST',
    path: '/pog/share/telegram-prepared',
    summary:
      'A prepared inline message of the signed-in user’s card (savePreparedInlineMessage), for the Mini App’s shareMessage',
    tag: 'POG bot',
    auth: 'bearer',
    response: pogTelegramPreparedSchema,
  }),
};

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const pogMessages = {
  POG_SELFIE_TYPE: POG_SELFIE_TYPE_MESSAGE,
  POG_NOT_FOUND: POG_NOT_FOUND_MESSAGE,
  POG_NO_CARD: POG_NO_CARD_MESSAGE,
  POG_WRONG_STEP: POG_WRONG_STEP_MESSAGE,
  POG_NAME_LOCKED: POG_NAME_LOCKED_MESSAGE,
  POG_INVALID_CHOICE: POG_INVALID_CHOICE_MESSAGE,
  POG_NO_AVATAR: POG_NO_AVATAR_MESSAGE,
  POG_SELFIE_LIMIT: POG_SELFIE_LIMIT_MESSAGE,
  POG_TON_WALLET_NEEDED: POG_TON_WALLET_NEEDED_MESSAGE,
  POG_EVM_WALLET_NEEDED: POG_EVM_WALLET_NEEDED_MESSAGE,
  POG_CHAIN_UNAVAILABLE: POG_CHAIN_UNAVAILABLE_MESSAGE,
  POG_NOT_MINTED: POG_NOT_MINTED_MESSAGE,
  POG_ALREADY_LIKED: POG_ALREADY_LIKED_MESSAGE,
} as const;
