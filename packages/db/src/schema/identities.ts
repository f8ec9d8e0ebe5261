import { IDENTITY_PROVIDERS } from '@khel/core/contract';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
