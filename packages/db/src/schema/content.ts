import { BANNER_PLACEMENTS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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
