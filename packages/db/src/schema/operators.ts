import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Operators (issue 10): people who create and publish games and quests through the operator API and
 * CLI. Credentials are created by a CLI command; only a hash of the token is kept. Every action is
 * logged with who did it.
 */
export const operators = pgTable('operators', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull().unique(),
  /** SHA-256 (hex) of the operator's token. */
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
});

export const operatorActions = pgTable(
  'operator_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: uuid('operator_id').references(() => operators.id),
    /** Who, as a name (kept if the operator is removed; `cli` for local CLI runs). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('operator_actions_created_idx').on(t.createdAt)],
);

/** Registered third-party clients of the community-gaming flow (GET /third-party-client/redirect-url). */
export const thirdPartyClients = pgTable('third_party_clients', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  /** https URL; `{questId}` and `{userId}` are filled in. */
  redirectUrlTemplate: text('redirect_url_template').notNull(),
  active: boolean('active').notNull().default(true),
});

/** Offerwall postbacks, one per provider transaction id: a second one credits nothing. */
export const offerwallPostbacks = pgTable('offerwall_postbacks', {
  transactionId: text('transaction_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id),
  kpoints: bigint('kpoints', { mode: 'bigint' }).notNull(),
  offerName: text('offer_name').notNull(),
  /** The ledger transfer that credited it. */
  transferId: bigint('transfer_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The social sandbox's own state: who did what on a platform (an X like, a Discord role), as the real
 * platform would know it. A developer acts as the platform at the sandbox page; validators ask it.
 */
export const sandboxSocialActions = pgTable(
  'sandbox_social_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    platform: text('platform', { enum: ['x', 'discord', 'telegram', 'game'] }).notNull(),
    /** The platform's id of the person (X user id, Discord user id). */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    /** What was acted on (a post URL, a handle, a guild id, a role id). */
    target: text('target').notNull().default(''),
    /** Free text the action carries (a comment, a tweet, a bio). */
    value: text('value').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('sandbox_social_actions_actor_idx').on(t.platform, t.actor, t.action)],
);
