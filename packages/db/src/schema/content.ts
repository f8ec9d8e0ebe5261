import { BANNER_PLACEMENTS, CONTENT_KINDS, CONTENT_STATUSES, VIDEO_PROVIDERS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';

/** Site content operators manage: banners (SPEC §7 web-banners) and footer links (web-footers). */
export const webBanners = pgTable(
  'web_banners',
  {
    slug: text('slug').primaryKey(),
    placement: text('placement', { enum: BANNER_PLACEMENTS }).notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    cta: text('cta').notNull(),
    imageUrl: text('image_url').notNull(),
    linkUrl: text('link_url').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    sortOrder: integer('sort_order').notNull().default(0),
    active: boolean('active').notNull().default(true),
    translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
  },
  (t) => [check('web_banners_placement_check', sql`${t.placement} in (${sqlList(BANNER_PLACEMENTS)})`)],
);

export const webFooterLinks = pgTable('web_footer_links', {
  slug: text('slug').primaryKey(),
  group: text('group').notNull(),
  label: text('label').notNull(),
  url: text('url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  active: boolean('active').notNull().default(true),
  translations: jsonb('translations').$type<Record<string, Record<string, string>>>().notNull().default({}),
});

export type WebBannerRow = typeof webBanners.$inferSelect;
export type WebFooterLinkRow = typeof webFooterLinks.$inferSelect;

/** One language version of an article or video (English is the row's own columns). */
export interface ContentVersion {
  title: string;
  summary: string;
  body: string;
}

/**
 * Articles and videos (SPEC §2 /article-details/{slug}, /video-details/{slug}). `body` is Markdown, rendered
 * to HTML with raw HTML refused when read; a video keeps its provider and id (parsed from the operator's
 * address by the contract), never an address to embed as given.
 */
export const contentItems = pgTable(
  'content_items',
  {
    slug: text('slug').primaryKey(),
    /** Names the item in deep links when its slug is too long for a Telegram start parameter. */
    id: uuid('id').notNull().defaultRandom().unique(),
    kind: text('kind', { enum: CONTENT_KINDS }).notNull(),
    status: text('status', { enum: CONTENT_STATUSES }).notNull().default('draft'),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    coverUrl: text('cover_url').notNull(),
    videoProvider: text('video_provider', { enum: VIDEO_PROVIDERS }),
    videoId: text('video_id'),
    translations: jsonb('translations')
      .$type<Partial<Record<'hi' | 'pt-BR', ContentVersion>>>()
      .notNull()
      .default({}),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('content_items_published_idx')
      .on(t.kind, t.publishedAt.desc(), t.slug)
      .where(sql`${t.status} = 'published'`),
    check('content_items_kind_check', sql`${t.kind} in (${sqlList(CONTENT_KINDS)})`),
    check('content_items_status_check', sql`${t.status} in (${sqlList(CONTENT_STATUSES)})`),
    check(
      'content_items_video_check',
      sql`(${t.kind} = 'video') = (${t.videoProvider} is not null and ${t.videoId} is not null)`,
    ),
    check(
      'content_items_video_provider_check',
      sql`${t.videoProvider} is null or ${t.videoProvider} in (${sqlList(VIDEO_PROVIDERS)})`,
    ),
    check('content_items_published_check', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);
export type ContentItemRow = typeof contentItems.$inferSelect;
