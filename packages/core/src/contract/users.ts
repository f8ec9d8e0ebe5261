import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { POG_CHAINS, POG_VARIANTS } from './pog.ts';
import { defineRoute, UUID_PATTERN } from './route.ts';

/**
 * Finding gamers (SPEC §7: user searches and recent, users batch-details, userId from username, NFT list,
 * activity manager). Only public fields ever leave: id, username, display name, picture, clan and POG card (variant, name).
 */
export const USER_SEARCH_MESSAGE = 'Type 1 to 30 letters, digits, dots or underscores to search for a gamer.';
export const USER_NOT_FOUND_MESSAGE = 'No gamer has this username.';
export const USER_BATCH_MESSAGE = 'Send 1 to 100 user ids.';
export const USER_RECENT_NOT_FOUND_MESSAGE = 'This gamer does not exist.';
export const USER_SEARCH_RATE_LIMITED_MESSAGE = 'Too many searches. Please wait a minute and try again.';
/** Searches a user may make a minute (typing as you go is about one a second). */
export const USER_SEARCHES_PER_MINUTE = 60;
export const USER_SEARCH_DEFAULT_LIMIT = 10;
export const USER_SEARCH_MAX_LIMIT = 30;
export const USER_RECENT_SEARCHES_MAX = 10;
export const USER_BATCH_MAX = 100;
export const USER_ACTIVITY_DEFAULT_LIMIT = 20;
export const USER_ACTIVITY_MAX_LIMIT = 50;

export const USER_ACTIVITY_KINDS = [
  'quest_completed',
  'campaign_entered',
  'clan_joined',
  'pog_minted',
  'earning_collected',
] as const;
export type UserActivityKind = (typeof USER_ACTIVITY_KINDS)[number];

export const publicUserSchema = lazySchema(() =>
  z
    .object({
      id: z.string().uuid(),
      username: z.string().nullable(),
      displayName: z.string(),
      avatarUrl: z.string().nullable(),
      clan: z.object({ id: z.string().uuid(), name: z.string() }).nullable(),
      /** The POG card's variant when the user minted one. */
      pogVariant: z.enum(POG_VARIANTS).nullable(),
      /** The minted POG card's name (its showcase is /pog-showcase?username=<name>), null before the mint. */
      pogName: z.string().nullable(),
    })
    .strict(),
);
export type PublicUser = z.infer<typeof publicUserSchema>;

export const userSearchPageSchema = lazySchema(() =>
  z.object({
    users: z.array(publicUserSchema),
    page: z.number().int(),
    limit: z.number().int(),
    isLastPage: z.boolean(),
  }),
);

export const userNftSchema = lazySchema(() =>
  z.object({
    kind: z.literal('pog'),
    name: z.string(),
    chain: z.enum(POG_CHAINS),
    network: z.string(),
    contract: z.string(),
    tokenId: z.string(),
    imageUrl: z.string(),
    showcaseUrl: z.string(),
    /** A block explorer's page for the token or its transaction, when the chain has one. */
    explorerUrl: z.string().nullable(),
    txHash: z.string(),
    mintedAt: z.string(),
  }),
);
export type UserNft = z.infer<typeof userNftSchema>;

export const userActivitySchema = lazySchema(() =>
  z.object({
    kind: z.enum(USER_ACTIVITY_KINDS),
    at: z.string(),
    /** What it was about: the quest's or campaign's title, the clan's name, the POG name, the amount's currency. */
    title: z.string(),
    /** Where it can be seen (a path of the site), when it has a page. */
    path: z.string().nullable(),
    /** An amount in the currency's display units, for earnings. */
    amount: z.string().nullable(),
    currency: z.string().nullable(),
  }),
);
export type UserActivity = z.infer<typeof userActivitySchema>;

const searchText = lazySchema(() =>
  z
    .string({ error: USER_SEARCH_MESSAGE })
    .trim()
    .regex(/^[\p{L}\p{N}._ -]{1,30}$/u, USER_SEARCH_MESSAGE),
);

export const usersRoutes = {
  userSearch: defineRoute({
    method: 'GET',
    path: '/users/search',
    summary: 'Gamers whose username or first name starts with the text (any case), paginated',
    tag: 'Users',
    auth: 'bearer',
    query: lazySchema(() =>
      z
        .object({
          q: searchText,
          page: z.coerce.number().int().min(1).max(1000).default(1),
          limit: z.coerce.number().int().min(1).max(USER_SEARCH_MAX_LIMIT).default(USER_SEARCH_DEFAULT_LIMIT),
        })
        .strict(),
    ),
    response: userSearchPageSchema,
  }),
  userRecentSearches: defineRoute({
    method: 'GET',
    path: '/users/me/recent-searches',
    summary: `The last ${USER_RECENT_SEARCHES_MAX} gamers the user picked from a search, newest first`,
    tag: 'Users',
    auth: 'bearer',
    response: lazySchema(() => z.object({ users: z.array(publicUserSchema) })),
  }),
  userRecordRecentSearch: defineRoute({
    method: 'POST',
    path: '/users/me/recent-searches',
    summary: 'Remember a gamer picked from a search (once; the oldest beyond the last ten go)',
    tag: 'Users',
    auth: 'bearer',
    body: lazySchema(() =>
      z.object({ userId: z.string().regex(UUID_PATTERN, USER_RECENT_NOT_FOUND_MESSAGE) }).strict(),
    ),
    response: lazySchema(() => z.object({ users: z.array(publicUserSchema) })),
  }),
  userClearRecentSearches: defineRoute({
    method: 'DELETE',
    path: '/users/me/recent-searches',
    summary: 'Forget the recent searches',
    tag: 'Users',
    auth: 'bearer',
    response: lazySchema(() => z.object({ users: z.array(publicUserSchema) })),
  }),
  userBatchDetails: defineRoute({
    method: 'POST',
    path: '/users/batch-details',
    summary: `Public details of up to ${USER_BATCH_MAX} users by id (unknown ids are left out)`,
    tag: 'Users',
    auth: 'bearer',
    body: lazySchema(() =>
      z
        .object({
          ids: z
            .array(z.string().regex(UUID_PATTERN, USER_BATCH_MESSAGE), { error: USER_BATCH_MESSAGE })
            .min(1, USER_BATCH_MESSAGE)
            .max(USER_BATCH_MAX, USER_BATCH_MESSAGE),
        })
        .strict(),
    ),
    response: lazySchema(() => z.object({ users: z.array(publicUserSchema) })),
  }),
  userByUsername: defineRoute({
    method: 'GET',
    path: '/users/by-username/:username',
    summary: 'A gamer’s id and public details from their username (any case)',
    tag: 'Users',
    auth: 'none',
    params: lazySchema(() =>
      z.object({ username: z.string().regex(/^[A-Za-z0-9._]{1,30}$/, USER_NOT_FOUND_MESSAGE) }),
    ),
    response: publicUserSchema,
  }),
  userNfts: defineRoute({
    method: 'GET',
    path: '/users/me/nfts',
    summary: 'The NFTs the user holds: their POG card on EVM or TON once minted',
    tag: 'Users',
    auth: 'bearer',
    response: lazySchema(() => z.object({ nfts: z.array(userNftSchema) })),
  }),
  userActivity: defineRoute({
    method: 'GET',
    path: '/users/me/activity',
    summary:
      'The user’s own verified activity, newest first: quests, campaign entries, clan joins, POG mint, earnings',
    tag: 'Users',
    auth: 'bearer',
    query: lazySchema(() =>
      z
        .object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce
            .number()
            .int()
            .min(1)
            .max(USER_ACTIVITY_MAX_LIMIT)
            .default(USER_ACTIVITY_DEFAULT_LIMIT),
        })
        .strict(),
    ),
    response: lazySchema(() =>
      z.object({
        items: z.array(userActivitySchema),
        page: z.number().int(),
        limit: z.number().int(),
        isLastPage: z.boolean(),
      }),
    ),
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const usersMessages = {
  USER_SEARCH: USER_SEARCH_MESSAGE,
  USER_NOT_FOUND: USER_NOT_FOUND_MESSAGE,
  USER_BATCH: USER_BATCH_MESSAGE,
  USER_RECENT_NOT_FOUND: USER_RECENT_NOT_FOUND_MESSAGE,
  USER_SEARCH_RATE_LIMITED: USER_SEARCH_RATE_LIMITED_MESSAGE,
} as const;
