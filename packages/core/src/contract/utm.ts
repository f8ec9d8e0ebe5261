import { z } from 'zod';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { UTM_ATTRIBUTION_WINDOW_HOURS, UTM_CODE_PATTERN } from './utm-codes.ts';

export * from './utm-codes.ts';

/**
 * UTM links (SPEC §7 UTM: generate-link, values, generated-links, verify, quest and campaign lists).
 * A link points at a quest or a campaign, carries utm_source / utm_medium / utm_campaign (required) and
 * utm_content / utm_term (optional), and has a short code served at `/l/<code>` that counts the visit
 * and redirects (302) to the target page. A new account attributes its sign-up to at most one link.
 */

export const UTM_TARGET_TYPES = ['quest', 'campaign'] as const;
export type UtmTargetType = (typeof UTM_TARGET_TYPES)[number];

/** Suggested values (any value of the allowed charset is accepted; these are what the page offers). */
export const UTM_SOURCES = [
  'telegram',
  'whatsapp',
  'instagram',
  'youtube',
  'x',
  'facebook',
  'discord',
  'google',
  'email',
  'sms',
  'partner',
  'khel',
] as const;
export const UTM_MEDIUMS = [
  'social',
  'chat',
  'influencer',
  'cpc',
  'display',
  'email',
  'sms',
  'referral',
  'qr',
  'organic',
] as const;

/** SPEC §7 defaults: quest list limit 100, page 1; campaigns by-state page limit 100. */
export const UTM_QUEST_LIST_LIMIT = 100;
export const UTM_QUEST_LIST_PAGE = 1;
export const UTM_CAMPAIGN_LIST_LIMIT = 100;
export const UTM_GENERATED_LINKS_LIMIT = 20;

/** A UTM value: lowercase letters, digits, `_`, `-`, `.`; starts with a letter or digit. */
export const UTM_VALUE_PATTERN = /^[a-z0-9][a-z0-9_.-]*$/;
export const UTM_VALUE_MAX = 50;
export const UTM_OPTIONAL_VALUE_MAX = 100;
export const UTM_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,99}$/;

export const UTM_VALUE_MESSAGE =
  'Use lowercase letters, digits, "_", "-" or "." (starting with a letter or digit).';
export const UTM_TARGET_NOT_FOUND_MESSAGE = 'That quest or campaign does not exist or is not published.';
export const UTM_LINK_NOT_FOUND_MESSAGE = 'That link does not exist.';
export const UTM_ALREADY_ATTRIBUTED_MESSAGE = 'This account’s sign-up is already attributed to another link.';
export const UTM_TOO_LATE_MESSAGE = `A link can only be attributed within ${UTM_ATTRIBUTION_WINDOW_HOURS} hours of sign-up.`;
export const UTM_RATE_LIMIT_MESSAGE = 'Too many links made. Please wait a minute.';

const utmValue = (max: number) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .min(1, { message: UTM_VALUE_MESSAGE })
    .max(max, { message: `At most ${max} characters.` })
    .regex(UTM_VALUE_PATTERN, { message: UTM_VALUE_MESSAGE });

const optionalUtmValue = (max: number) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .max(max, { message: `At most ${max} characters.` })
    .refine((v) => v === '' || UTM_VALUE_PATTERN.test(v), { message: UTM_VALUE_MESSAGE })
    .transform((v) => (v === '' ? undefined : v))
    .optional();

export const generateUtmLinkBodySchema = lazySchema(() =>
  z
    .object({
      targetType: z.enum(UTM_TARGET_TYPES),
      slug: z.string().regex(UTM_SLUG_PATTERN, { message: UTM_TARGET_NOT_FOUND_MESSAGE }),
      source: utmValue(UTM_VALUE_MAX),
      medium: utmValue(UTM_VALUE_MAX),
      campaign: utmValue(UTM_VALUE_MAX),
      content: optionalUtmValue(UTM_OPTIONAL_VALUE_MAX),
      term: optionalUtmValue(UTM_OPTIONAL_VALUE_MAX),
    })
    .strict(),
);
export type GenerateUtmLinkBody = z.input<typeof generateUtmLinkBodySchema>;

export const utmTargetSchema = lazySchema(() =>
  z.object({
    type: z.enum(UTM_TARGET_TYPES),
    slug: z.string(),
    title: z.string(),
    /** The target is published and not over: the link still leads somewhere useful. */
    live: z.boolean(),
  }),
);

export const utmLinkSchema = lazySchema(() =>
  z.object({
    code: z.string(),
    /** `<origin>/l/<code>`: counts the visit, then redirects to `targetUrl`. */
    shortUrl: z.string(),
    /** The target page with the utm_* query (and the code) kept. */
    targetUrl: z.string(),
    target: utmTargetSchema,
    source: z.string(),
    medium: z.string(),
    campaign: z.string(),
    content: z.string().nullable(),
    term: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type UtmLink = z.infer<typeof utmLinkSchema>;

export const utmLinkStatsSchema = lazySchema(() =>
  z.object({
    /** Every visit of the short link. */
    clicks: z.number().int().min(0),
    /** Distinct visitors (one browser counts once). */
    visits: z.number().int().min(0),
    signUps: z.number().int().min(0),
    /** Signed-up users of this link who completed at least one quest. */
    questCompletions: z.number().int().min(0),
  }),
);

export const utmLinkWithStatsSchema = lazySchema(() => utmLinkSchema.extend({ stats: utmLinkStatsSchema }));
export type UtmLinkWithStats = z.infer<typeof utmLinkWithStatsSchema>;

const pageParam = lazySchema(() => z.coerce.number().int().min(1).max(10_000));

export const utmValuesQuerySchema = lazySchema(() =>
  z
    .object({
      questPage: pageParam.default(UTM_QUEST_LIST_PAGE),
      questLimit: z.coerce.number().int().min(1).max(UTM_QUEST_LIST_LIMIT).default(UTM_QUEST_LIST_LIMIT),
      campaignLimit: z.coerce
        .number()
        .int()
        .min(1)
        .max(UTM_CAMPAIGN_LIST_LIMIT)
        .default(UTM_CAMPAIGN_LIST_LIMIT),
    })
    .strict(),
);

export const utmValuesSchema = lazySchema(() =>
  z.object({
    sources: z.array(z.string()),
    mediums: z.array(z.string()),
    quests: z.array(z.object({ slug: z.string(), title: z.string() })),
    campaigns: z.array(z.object({ slug: z.string(), title: z.string(), status: z.string() })),
    questPage: z.number().int(),
    questLimit: z.number().int(),
    campaignLimit: z.number().int(),
  }),
);
export type UtmValues = z.infer<typeof utmValuesSchema>;

export const generatedLinksQuerySchema = lazySchema(() =>
  z
    .object({
      page: pageParam.default(1),
      limit: z.coerce.number().int().min(1).max(100).default(UTM_GENERATED_LINKS_LIMIT),
    })
    .strict(),
);

export const generatedLinksSchema = lazySchema(() =>
  z.object({
    items: z.array(utmLinkWithStatsSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
  }),
);
export type GeneratedLinks = z.infer<typeof generatedLinksSchema>;

export const verifyUtmQuerySchema = lazySchema(() =>
  z
    .object({
      url: z.string().max(2_000).optional(),
      code: z.string().max(20).optional(),
    })
    .strict()
    .refine((q) => q.url !== undefined || q.code !== undefined, { message: 'Give a url or a code.' }),
);

export const verifyUtmSchema = lazySchema(() =>
  z.object({
    /** The link is one of ours (a short link or a target URL carrying a known code). */
    ours: z.boolean(),
    code: z.string().nullable(),
    link: utmLinkSchema.nullable(),
  }),
);

export const utmCodeParams = lazySchema(() =>
  z.object({
    code: z.string().regex(UTM_CODE_PATTERN, { message: UTM_LINK_NOT_FOUND_MESSAGE }),
  }),
);

export const utmAttributionBodySchema = lazySchema(() =>
  z.object({ code: z.string().regex(UTM_CODE_PATTERN, { message: UTM_LINK_NOT_FOUND_MESSAGE }) }).strict(),
);

export const utmAttributionSchema = lazySchema(() =>
  z.object({ attributed: z.literal(true), code: z.string() }),
);

export const utmRoutes = {
  utmGenerateLink: defineRoute({
    method: 'POST',
    path: '/utm/generate-link',
    summary: 'Make a UTM short link to a quest or campaign (rate limited)',
    tag: 'UTM',
    auth: 'bearer',
    body: generateUtmLinkBodySchema,
    response: utmLinkSchema,
    successStatus: 201,
  }),
  utmOperatorGenerateLink: defineRoute({
    method: 'POST',
    path: '/operator/utm/generate-link',
    summary: 'Make a UTM short link as an operator',
    tag: 'UTM',
    auth: 'operator',
    body: generateUtmLinkBodySchema,
    response: utmLinkSchema,
    successStatus: 201,
  }),
  utmValues: defineRoute({
    method: 'GET',
    path: '/utm/values',
    summary: 'Suggested sources and mediums, and the quests and campaigns a link may point at',
    tag: 'UTM',
    auth: 'none',
    query: utmValuesQuerySchema,
    response: utmValuesSchema,
  }),
  utmGeneratedLinks: defineRoute({
    method: 'GET',
    path: '/utm/generated-links',
    summary: 'The signed-in user’s links with their visits, sign-ups and quest completions',
    tag: 'UTM',
    auth: 'bearer',
    query: generatedLinksQuerySchema,
    response: generatedLinksSchema,
  }),
  utmVerify: defineRoute({
    method: 'GET',
    path: '/utm/verify',
    summary: 'Is a link (or code) ours, what it targets, and is it still live',
    tag: 'UTM',
    auth: 'none',
    query: verifyUtmQuerySchema,
    response: verifyUtmSchema,
  }),
  utmAttribute: defineRoute({
    method: 'POST',
    path: '/utm/attribution',
    summary: 'Attribute a new account’s sign-up to the link it came through (once, within 24 h)',
    tag: 'UTM',
    auth: 'bearer',
    body: utmAttributionBodySchema,
    response: utmAttributionSchema,
  }),
  utmShortLink: defineRoute({
    method: 'GET',
    path: '/l/:code',
    summary: 'Short link: counts the visit and redirects (302) to the target with the utm_* query',
    tag: 'UTM',
    auth: 'none',
    params: utmCodeParams,
    response: lazySchema(() => z.string().describe('302 redirect')),
    successStatus: 302,
    document: true,
  }),
} as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const utmMessages = {
  UTM_VALUE: UTM_VALUE_MESSAGE,
  UTM_TARGET_NOT_FOUND: UTM_TARGET_NOT_FOUND_MESSAGE,
  UTM_LINK_NOT_FOUND: UTM_LINK_NOT_FOUND_MESSAGE,
  UTM_RATE_LIMIT: UTM_RATE_LIMIT_MESSAGE,
} as const;
