import { z } from 'zod';
import {
  GAME_GENRES,
  GAME_LOGIN_METHODS,
  GAME_NETWORKS,
  GAME_PLATFORMS,
  gameSchema,
  slugSchema,
} from './games.ts';
import { lazySchema } from './lazy.ts';
import { hubTranslationsSchema, questHubSchema } from './quests.ts';
import { defineRoute } from './route.ts';
import { translationsSchema } from './translations.ts';

/**
 * The operator API (issue 10): operators create and publish games, partner hubs and quests. Every
 * route needs an operator token (`Authorization: Operator <token>`), made by the CLI
 * (`pnpm --filter @khel/api operator create <name>`); every action is logged with who did it.
 */

/** An image or page of ours (a path) or anywhere on https: covers, logos, banners, play addresses. */
export const assetUrlSchema = lazySchema(() =>
  z
    .string()
    .max(500)
    .refine((u) => u.startsWith('/') || /^https:\/\//.test(u), {
      message: 'Use a path on our server or an https address',
    }),
);

export const gameInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      name: z.string().trim().min(1).max(80),
      description: z.string().trim().max(2000).default(''),
      genres: z.array(z.enum(GAME_GENRES)).min(1).max(GAME_GENRES.length),
      platforms: z.array(z.enum(GAME_PLATFORMS)).min(1).max(GAME_PLATFORMS.length),
      networks: z.array(z.enum(GAME_NETWORKS)).max(GAME_NETWORKS.length).default(['OffChain']),
      loginMethods: z.array(z.enum(GAME_LOGIN_METHODS)).max(GAME_LOGIN_METHODS.length).default([]),
      coverUrl: assetUrlSchema,
      playUrl: assetUrlSchema.nullable().default(null),
      hubSlug: slugSchema.nullable().default(null),
      translations: translationsSchema(['description'] as const).default({}),
    })
    .strict(),
);
export type GameInput = z.infer<typeof gameInputSchema>;

export const hubInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      name: z.string().trim().min(1).max(60),
      tagline: z.string().trim().max(160).default(''),
      logoUrl: assetUrlSchema,
      bannerUrl: assetUrlSchema,
      sortOrder: z.number().int().min(0).max(100_000).default(0),
      translations: hubTranslationsSchema.default({}),
    })
    .strict(),
);

/** A quest as the operator sends it: checked with `questInputSchema` on the server (the message names the field). */
export const operatorQuestBodySchema = lazySchema(() =>
  z.object({ quest: z.record(z.string(), z.unknown()), publish: z.boolean().default(false) }).strict(),
);

export const operatorQuestSchema = lazySchema(() =>
  z.object({
    id: z.string().uuid(),
    slug: z.string(),
    created: z.boolean(),
    published: z.boolean(),
  }),
);

export const operatorActionSchema = lazySchema(() =>
  z.object({
    id: z.number().int(),
    actor: z.string(),
    action: z.string(),
    target: z.string(),
    details: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  }),
);

export const operatorSlugParams = lazySchema(() => z.object({ slug: slugSchema }));

export const operatorsRoutes = {
  operatorUpsertQuest: defineRoute({
    method: 'POST',
    path: '/operator/quests',
    summary: 'Create or replace a quest by slug (checked against the contract); publish it now or later',
    tag: 'Operators',
    auth: 'operator',
    body: operatorQuestBodySchema,
    response: operatorQuestSchema,
  }),
  operatorPublishQuest: defineRoute({
    method: 'POST',
    path: '/operator/quests/:slug/publish',
    summary: 'Publish a draft quest: it appears in lists from then on',
    tag: 'Operators',
    auth: 'operator',
    params: operatorSlugParams,
    response: operatorQuestSchema,
  }),
  operatorUpsertGame: defineRoute({
    method: 'POST',
    path: '/operator/games',
    summary: 'Create or update a game by slug',
    tag: 'Operators',
    auth: 'operator',
    body: gameInputSchema,
    response: gameSchema,
  }),
  operatorUpsertHub: defineRoute({
    method: 'POST',
    path: '/operator/hubs',
    summary: 'Create or update a partner hub by slug',
    tag: 'Operators',
    auth: 'operator',
    body: hubInputSchema,
    response: questHubSchema,
  }),
  operatorActions: defineRoute({
    method: 'GET',
    path: '/operator/actions',
    summary: 'The latest operator actions, newest first: who did what to which quest, game or hub',
    tag: 'Operators',
    auth: 'operator',
    query: lazySchema(() => z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) })),
    response: lazySchema(() => z.object({ actions: z.array(operatorActionSchema) })),
  }),
  operatorLocalCreate: defineRoute({
    method: 'POST',
    path: '/operator/local/operators',
    summary:
      'The operator CLI on the machine of a server that holds the embedded database (PGlite): make an operator and answer its token once. Needs the secret the server wrote under DATA_DIR/keys; refused to anyone else',
    tag: 'Operators',
    auth: 'none',
    body: lazySchema(() => z.object({ name: z.string().max(40) }).strict()),
    response: lazySchema(() => z.object({ id: z.string().uuid(), name: z.string(), token: z.string() })),
    successStatus: 201,
  }),
} as const;

export const OPERATOR_UNAUTHORIZED_MESSAGE = 'Operator credentials are required.';
export const OPERATOR_LOCAL_ONLY_MESSAGE = 'Only the operator CLI on the server’s own machine can do this.';

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const operatorsMessages = {
  OPERATOR_UNAUTHORIZED: OPERATOR_UNAUTHORIZED_MESSAGE,
  OPERATOR_LOCAL_ONLY: OPERATOR_LOCAL_ONLY_MESSAGE,
} as const;
