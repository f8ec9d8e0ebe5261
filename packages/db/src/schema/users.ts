import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    phoneNumber: text('phone_number'),
    email: text('email'),
    username: text('username'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    telegramId: text('telegram_id'),
    telegramUsername: text('telegram_username'),
    photoUrl: text('photo_url'),
    languageCode: text('language_code'),
    isVerified: boolean('is_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    country: text('country'),
    /**
     * Where the account was made (ISO alpha-2): the sign-up request's IP country, else its Telegram language's
     * (`hi` → IN, `pt-BR` → BR); null when neither said. Analytics place sign-ups without a phone number by it.
     */
    signupCountry: text('signup_country'),
    city: text('city'),
    college: text('college'),
    /** SPEC §3 product role (Newbie … Crafter) and preferred platform. */
    productRole: text('product_role'),
    preferredPlatform: text('preferred_platform'),
    /** Account deletion (SPEC §2 /delete-user-account): requested, due after the grace period, done. */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The user's own referral code (quests' create_referral task), made once on request; invite links carry it. */
    referralCode: text('referral_code'),
    /** Who invited this user: the owner of the code applied within a day of sign-up (never oneself, never a cycle). */
    referredBy: uuid('referred_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    referredAt: timestamp('referred_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_phone_number_key').on(t.phoneNumber),
    uniqueIndex('users_telegram_id_key').on(t.telegramId),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    index('users_created_at_idx').on(t.createdAt),
    uniqueIndex('users_referral_code_key').on(t.referralCode),
    // Who joined with a code: counted, and listed newest first a page at a time (GET /referral/friends).
    index('users_referred_by_at_idx').on(t.referredBy, t.referredAt, t.id),
    // The gamer search (GET /users/search) is a prefix match on these: text_pattern_ops lets `like 'abc%'`
    // use the index whatever the database's collation.
    index('users_username_prefix_idx').on(sql`lower(${t.username}) text_pattern_ops`),
    index('users_first_name_prefix_idx').on(sql`lower(${t.firstName}) text_pattern_ops`),
  ],
);

/** The gamers a user picked from a search, newest first; the service keeps the last ten. */
export const userRecentSearches = pgTable(
  'user_recent_searches',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchedUserId: uuid('searched_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    searchedAt: timestamp('searched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.searchedUserId] }),
    index('user_recent_searches_user_idx').on(t.userId, t.searchedAt.desc()),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
