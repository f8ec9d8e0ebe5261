import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute, UUID_PATTERN } from './route.ts';

/**
 * Third-party clients of the community-gaming flow (SPEC §2, §7, §8): after a phone login on a quests
 * page, a user who came from a partner's community client goes back there with the quest. The answer
 * keeps SPEC §7's `statusCode` and `data.redirectUrl`; a failure shows 'API failure! Please try again'.
 */
export const THIRD_PARTY_CLIENT_NOT_FOUND_MESSAGE = 'This community client is not registered.';

export const thirdPartyRedirectQuerySchema = lazySchema(() =>
  z.object({
    clientId: z
      .string()
      .trim()
      .min(1)
      .max(60)
      .regex(/^[A-Za-z0-9_-]+$/, { message: THIRD_PARTY_CLIENT_NOT_FOUND_MESSAGE }),
    questId: z.string().regex(UUID_PATTERN, { message: 'This quest is not available.' }),
  }),
);

export const thirdPartyRedirectSchema = lazySchema(() =>
  z.object({
    statusCode: z.number().int(),
    redirectUrl: z.string(),
  }),
);

export const thirdPartyClientsRoutes = {
  thirdPartyRedirectUrl: defineRoute({
    method: 'GET',
    path: '/third-party-client/redirect-url',
    summary:
      'Where a registered community client takes the user back to, with the quest and a signed player token',
    tag: 'Quests',
    auth: 'bearer',
    query: thirdPartyRedirectQuerySchema,
    response: thirdPartyRedirectSchema,
  }),
} as const;
