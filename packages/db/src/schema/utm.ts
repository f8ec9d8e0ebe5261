import { UTM_TARGET_TYPES } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { operators } from './operators.ts';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/** UTM short links to a quest or a campaign, made by a user or an operator (never both). */
export const utmLinks = pgTable(
  'utm_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    ownerOperatorId: uuid('owner_operator_id').references(() => operators.id),
    targetType: text('target_type', { enum: UTM_TARGET_TYPES }).notNull(),
    targetSlug: text('target_slug').notNull(),
    source: text('source').notNull(),
    medium: text('medium').notNull(),
    campaign: text('campaign').notNull(),
    content: text('content'),
    term: text('term'),
    /** Every visit of the short link (distinct visitors are rows of utm_visits). */
    clicks: integer('clicks').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('utm_links_code_key').on(t.code),
    index('utm_links_owner_user_idx').on(t.ownerUserId, t.createdAt),
    check('utm_links_target_type_check', sql`${t.targetType} in (${sqlList(UTM_TARGET_TYPES)})`),
    check('utm_links_one_owner', sql`(${t.ownerUserId} is null) <> (${t.ownerOperatorId} is null)`),
  ],
);

/** One row per browser that opened a short link (a random cookie id, no PII). */
export const utmVisits = pgTable(
  'utm_visits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => utmLinks.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id').notNull(),
    visitedAt: timestamp('visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('utm_visits_link_visitor_key').on(t.linkId, t.visitorId)],
);

/** The link a new account signed up through: at most one per account (the primary key). */
export const utmAttributions = pgTable(
  'utm_attributions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    linkId: uuid('link_id')
      .notNull()
      .references(() => utmLinks.id, { onDelete: 'cascade' }),
    attributedAt: timestamp('attributed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('utm_attributions_link_idx').on(t.linkId, t.attributedAt)],
);
