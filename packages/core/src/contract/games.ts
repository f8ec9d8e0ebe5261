import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { translationsSchema } from './translations.ts';

/**
 * The games catalogue (SPEC §1, §2 /games/ and /rkade, §3 Quests and games, §7 game, game-genre,
 * game-network, game-platform, game filter, game metadata, login method). Games are created by
 * operators; the lists below are the closed vocabularies the database takes its checks from.
 */

/** SPEC §3: "About 35 genres (Social, RPG, BattleRoyale, Shooter, MOBA, MMORPG, Strategy, Racing, Sports, Fantasy, Card game and others)". */
export const GAME_GENRES = [
  'Social',
  'RPG',
  'BattleRoyale',
  'Shooter',
  'MOBA',
  'MMORPG',
  'Strategy',
  'Racing',
  'Sports',
  'Fantasy',
  'CardGame',
  'Action',
  'Adventure',
  'Arcade',
  'Casual',
  'Puzzle',
  'Simulation',
  'Horror',
  'Survival',
  'Sandbox',
  'Fighting',
  'Platformer',
  'TowerDefense',
  'Trivia',
  'Board',
  'Music',
  'Idle',
  'Metaverse',
  'Tactics',
  'OpenWorld',
  'Party',
  'Educational',
  'Word',
  'Anime',
  'Esports',
] as const;
export type GameGenre = (typeof GAME_GENRES)[number];

/** SPEC §3 platforms, spelled as the spec spells them. */
export const GAME_PLATFORMS = ['Browser', 'Android', 'Windows', 'IOS', 'PC', 'Mac'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];

/** Chains a game's assets live on; `OffChain` for games with none. */
export const GAME_NETWORKS = [
  'OffChain',
  'Ethereum',
  'Polygon',
  'BNBChain',
  'Arbitrum',
  'Base',
  'Solana',
  'TON',
  'Immutable',
] as const;
export type GameNetwork = (typeof GAME_NETWORKS)[number];

/**
 * How a player is known inside a game (SPEC §5 game login values): the value a "capture login and
 * game details" task asks for, each with its own rule in @khel/core/validation `GAME_LOGIN_RULES`.
 */
export const GAME_LOGIN_METHODS = [
  'email',
  'solana_wallet',
  'username',
  'user_id',
  'steam_id',
  'steam_link',
] as const;
export type GameLoginMethod = (typeof GAME_LOGIN_METHODS)[number];

export const GAME_NOT_FOUND_MESSAGE = 'This game is not available.';
export const GAMES_DEFAULT_LIMIT = 100;
export const GAMES_MAX_LIMIT = 100;

/** Slugs of games, quests and partner hubs: lower-case words joined by hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slugSchema = lazySchema(() =>
  z.string().min(2).max(80).regex(SLUG_PATTERN, { message: 'Use lower-case letters, digits and hyphens' }),
);

export const gameSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    name: z.string(),
    description: z.string(),
    genres: z.array(z.enum(GAME_GENRES)),
    platforms: z.array(z.enum(GAME_PLATFORMS)),
    networks: z.array(z.enum(GAME_NETWORKS)),
    loginMethods: z.array(z.enum(GAME_LOGIN_METHODS)),
    /** Cover art (a path on our server, or an https URL). */
    coverUrl: z.string(),
    /** A browser game's address, opened in a frame on /rkade; null for the others. */
    playUrl: z.string().nullable(),
    /** The partner hub it belongs to, if any (bullieverse, colexion, dark-throne). */
    hubSlug: z.string().nullable(),
    /** Quests of this game that can still be started or finished. */
    liveQuestCount: z.number().int().min(0),
    translations: translationsSchema(['description'] as const),
  }),
);
export type Game = z.infer<typeof gameSchema>;

const csvOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(500)
    .transform((s) =>
      s
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).max(values.length));

export const gamesQuerySchema = lazySchema(() =>
  z.object({
    /** Comma-separated genres: a game matches when it has any of them. */
    genre: csvOf(GAME_GENRES).optional(),
    platform: csvOf(GAME_PLATFORMS).optional(),
    network: csvOf(GAME_NETWORKS).optional(),
    hub: slugSchema.optional(),
    /** Words of the name or description (case-insensitive). */
    search: z.string().trim().max(60).optional(),
    /** Only browser games that can be played in a frame (/rkade). */
    playable: z.enum(['true', 'false']).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(GAMES_MAX_LIMIT).default(GAMES_DEFAULT_LIMIT),
  }),
);

/** SPEC §3 list state: the page asked for, and whether it is the last one. */
export const pageStateSchema = lazySchema(() =>
  z.object({
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    offset: z.number().int().min(0),
    isLastCard: z.boolean(),
  }),
);

export const gamesPageSchema = lazySchema(() => pageStateSchema.extend({ games: z.array(gameSchema) }));

const countedSchema = <T extends readonly [string, ...string[]]>(values: T) =>
  z.array(z.object({ value: z.enum(values), count: z.number().int().min(0) }));

/** The filter bar of /games/: every value of each list with how many active games have it. */
export const gameFiltersSchema = lazySchema(() =>
  z.object({
    genres: countedSchema(GAME_GENRES),
    platforms: countedSchema(GAME_PLATFORMS),
    networks: countedSchema(GAME_NETWORKS),
  }),
);

export const gameMetadataSchema = lazySchema(() =>
  z.object({
    totalGames: z.number().int().min(0),
    playableInBrowser: z.number().int().min(0),
    loginMethods: z.array(z.enum(GAME_LOGIN_METHODS)),
  }),
);

export const gameSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().regex(SLUG_PATTERN, { message: GAME_NOT_FOUND_MESSAGE }).max(80),
  }),
);

export const gamesRoutes = {
  games: defineRoute({
    method: 'GET',
    path: '/game',
    summary:
      'Games, filtered by genre, platform, network, hub and words, a page at a time (limit 100, page 1)',
    tag: 'Games',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    query: gamesQuerySchema,
    response: gamesPageSchema,
  }),
  gameFilters: defineRoute({
    method: 'GET',
    path: '/game/filter',
    summary: 'The genres, platforms and networks of the catalogue with their game counts',
    tag: 'Games',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    response: gameFiltersSchema,
  }),
  gameMetadata: defineRoute({
    method: 'GET',
    path: '/game/metadata',
    summary: 'Catalogue totals and the game login methods a quest may ask for',
    tag: 'Games',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    response: gameMetadataSchema,
  }),
  gameGenres: defineRoute({
    method: 'GET',
    path: '/game-genre',
    summary: 'Every game genre (SPEC §3)',
    tag: 'Games',
    auth: 'none',
    response: lazySchema(() => z.object({ genres: z.array(z.enum(GAME_GENRES)) })),
  }),
  gamePlatforms: defineRoute({
    method: 'GET',
    path: '/game-platform',
    summary: 'Every game platform (SPEC §3)',
    tag: 'Games',
    auth: 'none',
    response: lazySchema(() => z.object({ platforms: z.array(z.enum(GAME_PLATFORMS)) })),
  }),
  gameNetworks: defineRoute({
    method: 'GET',
    path: '/game-network',
    summary: 'Every network a game may use',
    tag: 'Games',
    auth: 'none',
    response: lazySchema(() => z.object({ networks: z.array(z.enum(GAME_NETWORKS)) })),
  }),
  gameLoginMethods: defineRoute({
    method: 'GET',
    path: '/game/login-method',
    summary: 'The ways a player is known inside a game (SPEC §5 game login values)',
    tag: 'Games',
    auth: 'none',
    response: lazySchema(() => z.object({ loginMethods: z.array(z.enum(GAME_LOGIN_METHODS)) })),
  }),
  game: defineRoute({
    method: 'GET',
    path: '/game/by-slug/:slug',
    summary: 'One game by its slug',
    tag: 'Games',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    params: gameSlugParams,
    response: gameSchema,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const gamesMessages = {
  GAME_NOT_FOUND: GAME_NOT_FOUND_MESSAGE,
} as const;

/** A game as quests, campaigns and tournaments name it: enough for a link and a cover. */
export const gameRefSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    name: z.string(),
    coverUrl: z.string(),
  }),
);
