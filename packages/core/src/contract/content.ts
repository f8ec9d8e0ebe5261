import { z } from 'zod';
import { slugSchema } from './games.ts';
import { defineRoute } from './route.ts';
import { translationsSchema } from './translations.ts';

/**
 * Site content operators manage (SPEC §7 web-banners and web-footers): banners shown at the top of a
 * screen and the footer's link groups. Articles and videos join this capability later (issue 14).
 */
export const BANNER_PLACEMENTS = ['home', 'k-quest', 'games', 'store'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];

const siteUrl = z
  .string()
  .max(500)
  .refine((u) => (u.startsWith('/') && !u.startsWith('//')) || /^https:\/\//.test(u), {
    message: 'Use a path on our site or an https address',
  });

export const bannerTranslationsSchema = translationsSchema(['title', 'subtitle', 'cta'] as const, 160);

export const webBannerSchema = z.object({
  slug: z.string(),
  placement: z.enum(BANNER_PLACEMENTS),
  title: z.string(),
  subtitle: z.string(),
  /** The button's text. */
  cta: z.string(),
  imageUrl: z.string(),
  linkUrl: z.string(),
  translations: bannerTranslationsSchema,
});
export type WebBanner = z.infer<typeof webBannerSchema>;

export const footerLinkTranslationsSchema = translationsSchema(['label'] as const, 80);
export const webFooterSchema = z.object({
  groups: z.array(
    z.object({
      group: z.string(),
      links: z.array(
        z.object({ label: z.string(), url: z.string(), translations: footerLinkTranslationsSchema }),
      ),
    }),
  ),
});

export const bannerInputSchema = z
  .object({
    slug: slugSchema,
    placement: z.enum(BANNER_PLACEMENTS),
    title: z.string().trim().min(1).max(80),
    subtitle: z.string().trim().max(160).default(''),
    cta: z.string().trim().min(1).max(30),
    imageUrl: siteUrl,
    linkUrl: siteUrl,
    /** Shown from / until (ISO); null: always. */
    startsAt: z.string().datetime({ offset: true }).nullable().default(null),
    endsAt: z.string().datetime({ offset: true }).nullable().default(null),
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    active: z.boolean().default(true),
    translations: bannerTranslationsSchema.default({}),
  })
  .strict();

export const footerLinkInputSchema = z
  .object({
    slug: slugSchema,
    group: z.enum(['khel', 'community', 'legal']),
    label: z.string().trim().min(1).max(40),
    url: siteUrl,
    sortOrder: z.number().int().min(0).max(100_000).default(0),
    active: z.boolean().default(true),
    translations: footerLinkTranslationsSchema.default({}),
  })
  .strict();

export const contentRoutes = {
  webBanners: defineRoute({
    method: 'GET',
    path: '/web-banners',
    summary: 'Banners shown now on a screen (home, K-Quest, games, store)',
    tag: 'Content',
    auth: 'none',
    query: z.object({ placement: z.enum(BANNER_PLACEMENTS) }),
    response: z.object({ banners: z.array(webBannerSchema) }),
  }),
  webFooters: defineRoute({
    method: 'GET',
    path: '/web-footers',
    summary: "The site footer's link groups",
    tag: 'Content',
    auth: 'none',
    response: webFooterSchema,
  }),
  operatorUpsertBanner: defineRoute({
    method: 'POST',
    path: '/operator/banners',
    summary: 'Create or update a banner by slug',
    tag: 'Operators',
    auth: 'operator',
    body: bannerInputSchema,
    response: webBannerSchema,
  }),
  operatorUpsertFooterLink: defineRoute({
    method: 'POST',
    path: '/operator/footer-links',
    summary: 'Create or update a footer link by slug',
    tag: 'Operators',
    auth: 'operator',
    body: footerLinkInputSchema,
    response: z.object({ slug: z.string(), group: z.string(), label: z.string(), url: z.string() }),
  }),
} as const;
