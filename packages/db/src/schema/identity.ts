import { IDENTITY_PROVIDERS } from '@khel/core/contract';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

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

/** Single-use challenges (SIWE nonces, ton_proof payloads), consumed atomically. */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    value: text('value').primaryKey(),
    purpose: text('purpose', { enum: ['siwe', 'ton_proof'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_challenges_expires_idx').on(t.expiresAt)],
);

/** The custodial EVM wallet made at first sign-in; the key is envelope-encrypted (AES-256-GCM). */
export const custodialWallets = pgTable('custodial_wallets', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  evmAddress: text('evm_address').notNull().unique(),
  /** Data key encrypted with the master key (iv | tag | ciphertext). */
  encryptedDataKey: bytea('encrypted_data_key').notNull(),
  /** Private key encrypted with the data key (iv | tag | ciphertext). */
  encryptedPrivateKey: bytea('encrypted_private_key').notNull(),
  masterKeyId: text('master_key_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Email verification codes (HMAC only), like phone OTPs. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.createdAt)],
);

/** Profile pictures, re-encoded JPEG without metadata; in the database so every replica serves them. */
export const profilePictures = pgTable('profile_pictures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Timed work (DESIGN §6): taken with FOR UPDATE SKIP LOCKED by any number of workers. */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    /** At most one pending job per key (e.g. one purge per user). */
    dedupeKey: text('dedupe_key'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    runAt: timestamp('run_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    uniqueIndex('jobs_pending_dedupe_key')
      .on(t.dedupeKey)
      .where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
  ],
);

/** Sandbox providers' own state (WhatsApp codes and tokens, Google sign-ins): what the real service would hold. */
export const sandboxGrants = pgTable('sandbox_grants', {
  value: text('value').primaryKey(),
  provider: text('provider', { enum: ['whatsapp', 'google'] }).notNull(),
  kind: text('kind', { enum: ['code', 'token'] }).notNull(),
  subject: text('subject').notNull(),
  details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
