import { z } from 'zod';
import { slugSchema } from './games.ts';
import { lazySchema } from './lazy.ts';
import { defineRoute } from './route.ts';
import { translationsSchema } from './translations.ts';

/**
 * Site content operators manage (SPEC §7 web-banners and web-footers): banners shown at the top of a
 * screen and the footer's link groups. Articles and videos join this capability later (issue 14).
 */
export const BANNER_PLACEMENTS = ['home', 'k-quest', 'games', 'store'] as const;
export type BannerPlacement = (typeof BANNER_PLACEMENTS)[number];

const siteUrl = lazySchema(() =>
  z
    .string()
    .max(500)
    .refine((u) => (u.startsWith('/') && !u.startsWith('//')) || /^https:\/\//.test(u), {
      message: 'Use a path on our site or an https address',
    }),
);

export const bannerTranslationsSchema = lazySchema(() =>
  translationsSchema(['title', 'subtitle', 'cta'] as const, 160),
);

export const webBannerSchema = lazySchema(() =>
  z.object({
    slug: z.string(),
    placement: z.enum(BANNER_PLACEMENTS),
    title: z.string(),
    subtitle: z.string(),
    /** The button's text. */
    cta: z.string(),
    imageUrl: z.string(),
    linkUrl: z.string(),
    translations: bannerTranslationsSchema,
  }),
);
export type WebBanner = z.infer<typeof webBannerSchema>;

export const footerLinkTranslationsSchema = lazySchema(() => translationsSchema(['label'] as const, 80));
export const webFooterSchema = lazySchema(() =>
  z.object({
    groups: z.array(
      z.object({
        group: z.string(),
        links: z.array(
          z.object({ label: z.string(), url: z.string(), translations: footerLinkTranslationsSchema }),
        ),
      }),
    ),
  }),
);

export type WebFooter = z.infer<typeof webFooterSchema>;

export const bannerInputSchema = lazySchema(() =>
  z
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
    .strict(),
);

export const footerLinkInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      group: z.enum(['khel', 'community', 'legal']),
      label: z.string().trim().min(1).max(40),
      url: siteUrl,
      sortOrder: z.number().int().min(0).max(100_000).default(0),
      active: z.boolean().default(true),
      translations: footerLinkTranslationsSchema.default({}),
    })
    .strict(),
);

const siteRoutes = {
  webBanners: defineRoute({
    method: 'GET',
    path: '/web-banners',
    summary: 'Banners shown now on a screen (home, K-Quest, games, store)',
    tag: 'Content',
    auth: 'none',
    query: lazySchema(() => z.object({ placement: z.enum(BANNER_PLACEMENTS) })),
    response: lazySchema(() => z.object({ banners: z.array(webBannerSchema) })),
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
    response: lazySchema(() =>
      z.object({ slug: z.string(), group: z.string(), label: z.string(), url: z.string() }),
    ),
  }),
} as const;

// Articles and videos (SPEC §2 /article-details/{slug}, /video-details/{slug}; issue 14).

export const CONTENT_KINDS = ['article', 'video'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
export const CONTENT_STATUSES = ['draft', 'published'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];
export const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;
export type VideoProvider = (typeof VIDEO_PROVIDERS)[number];
/** The languages a reader may ask for; English is the item's own fields, the others its `translations`. */
export const CONTENT_READER_LANGUAGES = ['en', 'hi', 'pt-BR'] as const;
export type ContentReaderLanguage = (typeof CONTENT_READER_LANGUAGES)[number];

export const CONTENT_NOT_FOUND_MESSAGE = 'This article or video does not exist or is not published.';
export const VIDEO_URL_MESSAGE =
  'Use a YouTube or Vimeo video address (youtube.com/watch?v=…, youtu.be/…, vimeo.com/…); other hosts are not embedded.';
export const VIDEO_URL_KIND_MESSAGE = 'A video needs its videoUrl, and an article has none.';
export const CONTENT_DEFAULT_LIMIT = 12;
export const CONTENT_MAX_LIMIT = 50;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{6,12}$/;

/**
 * The provider and id of a video address, or null for anything else (another host, no id, not https).
 * YouTube: watch?v=, youtu.be/, /embed/, /shorts/, /live/, youtube-nocookie.com; Vimeo: vimeo.com/<id>,
 * player.vimeo.com/video/<id>.
 */
export function parseVideoUrl(address: string): { provider: VideoProvider; id: string } | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const segments = url.pathname.split('/').filter(Boolean);
  const youtube = (id: string | null | undefined) =>
    id && YOUTUBE_ID.test(id) ? { provider: 'youtube' as const, id } : null;
  if (host === 'youtu.be') return segments.length === 1 ? youtube(segments[0]) : null;
  if (host === 'youtube.com' || host === 'music.youtube.com' || host === 'youtube-nocookie.com') {
    if (segments.length === 1 && segments[0] === 'watch') return youtube(url.searchParams.get('v'));
    if (segments.length === 2 && ['embed', 'shorts', 'live', 'v'].includes(segments[0]!))
      return youtube(segments[1]);
    return null;
  }
  if (host === 'vimeo.com' && segments.length === 1 && VIMEO_ID.test(segments[0]!))
    return { provider: 'vimeo', id: segments[0]! };
  if (
    host === 'player.vimeo.com' &&
    segments.length === 2 &&
    segments[0] === 'video' &&
    VIMEO_ID.test(segments[1]!)
  )
    return { provider: 'vimeo', id: segments[1]! };
  return null;
}

/** The privacy-respecting player address: youtube-nocookie.com, or Vimeo with Do Not Track. */
export function videoEmbedUrl(video: { provider: VideoProvider; id: string }): string {
  return video.provider === 'youtube'
    ? `https://www.youtube-nocookie.com/embed/${video.id}?autoplay=1&rel=0`
    : `https://player.vimeo.com/video/${video.id}?autoplay=1&dnt=1`;
}

/** One language version: its title, summary and Markdown body. */
const contentVersionSchema = lazySchema(() =>
  z
    .object({
      title: z.string().trim().min(1).max(120),
      summary: z.string().trim().max(300).default(''),
      body: z.string().max(40_000).default(''),
    })
    .strict(),
);

/** Cover images are files of this site (no hotlinking of other hosts). */
const sitePath = lazySchema(() =>
  z
    .string()
    .max(500)
    .refine((u) => /^\/[A-Za-z0-9._~/-]+$/.test(u) && !u.startsWith('//') && !u.includes('..'), {
      message: 'Use a path of an image on our site (e.g. /art/content/cover.svg)',
    }),
);

export const contentInputSchema = lazySchema(() =>
  z
    .object({
      slug: slugSchema,
      kind: z.enum(CONTENT_KINDS),
      title: z.string().trim().min(1).max(120),
      summary: z.string().trim().max(300).default(''),
      /** Markdown; raw HTML in it is shown as text, never run. */
      body: z.string().max(40_000).default(''),
      coverUrl: sitePath,
      videoUrl: z
        .string()
        .trim()
        .max(500)
        .refine((u) => parseVideoUrl(u) !== null, { message: VIDEO_URL_MESSAGE })
        .nullable()
        .default(null),
      /** When it reads as published (ISO); the first publish sets it when left out. */
      publishedAt: z.string().datetime({ offset: true }).nullable().default(null),
      translations: z
        .object({ hi: contentVersionSchema.optional(), 'pt-BR': contentVersionSchema.optional() })
        .strict()
        .default({}),
    })
    .strict()
    .refine((c) => (c.kind === 'video') === (c.videoUrl !== null), {
      message: VIDEO_URL_KIND_MESSAGE,
      path: ['videoUrl'],
    }),
);
export type ContentInput = z.input<typeof contentInputSchema>;

export const contentVideoSchema = lazySchema(() =>
  z.object({
    provider: z.enum(VIDEO_PROVIDERS),
    id: z.string(),
    /** Loaded only after the reader taps play. */
    embedUrl: z.string(),
  }),
);

export const contentSummarySchema = lazySchema(() =>
  z.object({
    kind: z.enum(CONTENT_KINDS),
    slug: z.string(),
    /** Names the item in deep links when its slug is too long (`/content/:kind/:slug` takes either). */
    id: z.string(),
    title: z.string(),
    summary: z.string(),
    coverUrl: z.string(),
    publishedAt: z.string().nullable(),
    readingMinutes: z.number().int().min(1),
    /** The language of the texts: the one asked for, or English when the item has no such version. */
    language: z.enum(CONTENT_READER_LANGUAGES),
  }),
);
export type ContentSummary = z.infer<typeof contentSummarySchema>;

export const contentDetailSchema = lazySchema(() =>
  contentSummarySchema.extend({
    /** The Markdown body as HTML, rendered on the server with raw HTML refused. */
    bodyHtml: z.string(),
    video: contentVideoSchema.nullable(),
    /** Every language the item has. */
    languages: z.array(z.enum(CONTENT_READER_LANGUAGES)),
  }),
);
export type ContentDetail = z.infer<typeof contentDetailSchema>;

export const contentPageSchema = lazySchema(() =>
  z.object({
    items: z.array(contentSummarySchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int().min(0),
    isLastPage: z.boolean(),
  }),
);

export const operatorContentSchema = lazySchema(() =>
  z.object({
    slug: z.string(),
    kind: z.enum(CONTENT_KINDS),
    status: z.enum(CONTENT_STATUSES),
    publishedAt: z.string().nullable(),
  }),
);

const langQuery = lazySchema(() => z.enum(CONTENT_READER_LANGUAGES).catch('en').default('en'));
const contentSlugParams = lazySchema(() =>
  z.object({
    slug: z.string().regex(/^[a-z0-9-]{1,80}$/, CONTENT_NOT_FOUND_MESSAGE),
  }),
);

const articleRoutes = {
  contentList: defineRoute({
    method: 'GET',
    path: '/content',
    summary:
      'Published articles and videos, newest first (kind filter, reader language with English fallback)',
    tag: 'Content',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    query: lazySchema(() =>
      z
        .object({
          kind: z.enum(CONTENT_KINDS).optional(),
          lang: langQuery,
          page: z.coerce.number().int().min(1).max(100_000).default(1),
          limit: z.coerce.number().int().min(1).max(CONTENT_MAX_LIMIT).default(CONTENT_DEFAULT_LIMIT),
        })
        .strict(),
    ),
    response: contentPageSchema,
  }),
  contentDetail: defineRoute({
    method: 'GET',
    path: '/content/:kind/:slug',
    summary: 'A published article or video in the reader’s language (English when it has no such version)',
    tag: 'Content',
    auth: 'none',
    publicCache: { seconds: 5 },
    readReplica: true,
    params: lazySchema(() =>
      z.object({
        kind: z.enum(CONTENT_KINDS, { error: CONTENT_NOT_FOUND_MESSAGE }),
        slug: contentSlugParams.shape.slug,
      }),
    ),
    query: lazySchema(() => z.object({ lang: langQuery }).strict()),
    response: contentDetailSchema,
  }),
  operatorUpsertContent: defineRoute({
    method: 'POST',
    path: '/operator/content',
    summary: 'Create or update an article or video by slug (a new one is a draft)',
    tag: 'Operators',
    auth: 'operator',
    body: contentInputSchema,
    maxBodyBytes: 256 * 1024,
    response: operatorContentSchema,
  }),
  operatorImportContent: defineRoute({
    method: 'POST',
    path: '/operator/content/import',
    summary: 'Create or update many articles and videos in one transaction, optionally publishing them',
    tag: 'Operators',
    auth: 'operator',
    body: lazySchema(() =>
      z
        .object({ items: z.array(contentInputSchema).min(1).max(100), publish: z.boolean().default(false) })
        .strict(),
    ),
    maxBodyBytes: 2 * 1024 * 1024,
    response: lazySchema(() => z.object({ items: z.array(operatorContentSchema) })),
  }),
  operatorPublishContent: defineRoute({
    method: 'POST',
    path: '/operator/content/:slug/publish',
    summary: 'Publish an article or video',
    tag: 'Operators',
    auth: 'operator',
    params: contentSlugParams,
    response: operatorContentSchema,
  }),
  operatorUnpublishContent: defineRoute({
    method: 'POST',
    path: '/operator/content/:slug/unpublish',
    summary: 'Take an article or video back to draft',
    tag: 'Operators',
    auth: 'operator',
    params: contentSlugParams,
    response: operatorContentSchema,
  }),
} as const;

/** Banners, footer links, articles and videos. */
export const contentRoutes = { ...siteRoutes, ...articleRoutes } as const;

/** The messages users may see, by their stable codes (contract/index.ts `apiMessages` gathers every table). */
export const contentMessages = {
  CONTENT_NOT_FOUND: CONTENT_NOT_FOUND_MESSAGE,
} as const;
