import { IDENTITY_PROVIDERS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlList } from './sql-list.ts';
import { users } from './users.ts';

/**
 * Every way a person signs in, all pointing at one account (DESIGN §4). `subject` is the provider's
 * stable id: E.164 phone, Telegram user id, Google `sub`, checksummed EVM address, raw TON address,
 * WhatsApp id. A (provider, subject) pair belongs to at most one account.
 */
export const identities = pgTable(
  'identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: IDENTITY_PROVIDERS }).notNull(),
    subject: text('subject').notNull(),
    /** Display details from the provider (username, email, …); never secrets. */
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('identities_provider_subject_key').on(t.provider, t.subject),
    index('identities_user_idx').on(t.userId),
  ],
);

export const TELEGRAM_LINK_OUTCOMES = ['linked', 'conflict'] as const;

/**
 * Linking Telegram from the website: a one-time `t.me/<bot>?start=link_<token>` the bot completes for the
 * Telegram user who opens it. Only the token's SHA-256 is kept; it is short-lived and spent once.
 * `outcome` tells the website what happened (linked, or that Telegram account belongs to another account).
 */
export const telegramLinkTokens = pgTable(
  'telegram_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    outcome: text('outcome', { enum: TELEGRAM_LINK_OUTCOMES }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('telegram_link_tokens_user_idx').on(t.userId, t.createdAt),
    check(
      'telegram_link_tokens_outcome_check',
      sql`${t.outcome} is null or ${t.outcome} in (${sqlList(TELEGRAM_LINK_OUTCOMES)})`,
    ),
  ],
);
